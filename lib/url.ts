/**
 * The URL helpers every part shares. A setting or a server may hand over text that is no URL at
 * all; each helper says what it gives back then, so a message never breaks on a typo.
 */

/**
 * Whether a URL may be pushed as a URL push: Password Pusher accepts only http and https
 * (docs/password-pusher.md#create).
 */
export function isWebUrl(text: string | undefined): text is string {
  if (!text) return false;
  try {
    const { protocol } = new URL(text);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** `pwpush.example:8443` for messages ("Pushes to …"); the text as given when it is no URL, '' for none. */
export function hostOf(url: string | undefined): string {
  if (!url) return '';
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** `https://Api.Example/x/` → `https://api.example`; text that is no URL, trimmed and without trailing slashes. */
export function originOf(url: string): string {
  try {
    return new URL(url.trim()).origin;
  } catch {
    return withoutTrailingSlash(url);
  }
}

/**
 * One spelling per base URL for stored keys (history entries, saved boards, API versions):
 * `https://host/` and `https://host` are the same server. Never changed: stored data is keyed by it.
 */
export function withoutTrailingSlash(baseUrl: string): string {
  return baseUrl.trim().replace(/\/+$/, '');
}
