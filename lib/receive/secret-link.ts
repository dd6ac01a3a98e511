/**
 * Reads a pasted secret link (or a bare token) into the push's url token, for the recipient's
 * side. Only links of the configured instance are accepted: a request must never go to a host
 * the person did not set up, since phishing clones of Password Pusher send look-alike links.
 */

export type SecretLinkRefusal =
  | { ok: false; reason: 'empty' }
  | { ok: false; reason: 'not-a-link' }
  /** `linkOrigin` is the link's own origin, so the refusal can name both. */
  | { ok: false; reason: 'other-instance'; linkOrigin: string }
  /** A commercial instance's "Request a secret" link: it asks for a secret, it holds none. `link` is the instance's own. */
  | { ok: false; reason: 'request-link'; link: string };

export type ParsedSecretLink = { ok: true; urlToken: string } | SecretLinkRefusal;

/**
 * Tokens are url-safe base64 of 8–14 random bytes, lower-cased: 11–19 characters of
 * `[a-z0-9_-]` (docs/password-pusher.md#ids-and-timestamps). So a bare word such as "password"
 * is not taken for one.
 */
const TOKEN = /^[a-z0-9_-]{11,19}$/;

/**
 * Push pages: `/p/<token>`, its retrieval step `/p/<token>/r`, its passphrase and preview pages
 * (`/passphrase`, `/preview`, which a person may copy from the address bar), the legacy `/f/` and
 * `/r/` paths (which redirect to `/p/`), each optionally with the v1 `.json` suffix, and the legacy locale
 * prefix `/<locale>/p/<token>` that real instances still redirect
 * (`config/routes/legacy_pushes.rb`, docs/password-pusher.md#secret-url).
 */
const PUSH_PATH = /^(?:\/[a-zA-Z]{2}(?:-[a-zA-Z]{2})?)?\/(?:p|f|r)\/([^/]+?)(?:\/(?:r|passphrase|preview))?(?:\.json)?\/?$/;

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * On the commercial edition `/r/<token>` is a request's page, where someone answers a request by
 * sending a secret (docs/password-pusher.md#requests-request-a-secret), not the legacy push path it
 * is on OSS.
 */
const REQUEST_PATH = /^(?:\/[a-zA-Z]{2}(?:-[a-zA-Z]{2})?)?\/r\/[^/]+\/?$/;

export interface SecretLinkReading {
  /** The instance takes requests (lib/pwpush/edition.ts `offersRequests`): its `/r/` links are requests. */
  requestLinks?: boolean;
}

/**
 * `parseSecretLink(' https://pwpush.example/p/k3xq9w0lz2mfa/r ', 'https://pwpush.example')`
 * → `{ ok: true, urlToken: 'k3xq9w0lz2mfa' }`. Query (`?locale=`) and fragment are ignored;
 * a link without a scheme is read with the instance's one.
 */
export function parseSecretLink(input: string, instanceOrigin: string, { requestLinks = false }: SecretLinkReading = {}): ParsedSecretLink {
  const text = input.trim();
  if (text === '') return { ok: false, reason: 'empty' };
  if (TOKEN.test(text)) return { ok: true, urlToken: text };

  const instance = toUrl(instanceOrigin);
  if (!instance) return { ok: false, reason: 'not-a-link' };
  // "pwpush.example/p/…" as some chat apps shorten it; a lone word is no link.
  const withScheme = SCHEME.test(text) ? text : text.includes('/') ? `${instance.protocol}//${text}` : null;
  const link = withScheme ? toUrl(withScheme) : null;
  if (!link || (link.protocol !== 'https:' && link.protocol !== 'http:')) return { ok: false, reason: 'not-a-link' };

  const path = pathBelow(link.pathname, instance.pathname) ?? link.pathname;
  const match = PUSH_PATH.exec(path);
  const urlToken = match?.[1];
  if (!urlToken || !TOKEN.test(urlToken)) return { ok: false, reason: 'not-a-link' };
  // The same host over http or https: an instance behind a proxy that drops X-Forwarded-Proto
  // hands out http:// links (docs/password-pusher.md#secret-url). Another host is refused,
  // `override_base_url` included: nothing tells a client which other host is the instance's and
  // which is a look-alike clone.
  if (link.host !== instance.host || link.username !== '' || link.password !== '') {
    return { ok: false, reason: 'other-instance', linkOrigin: link.origin };
  }
  if (requestLinks && REQUEST_PATH.test(path)) return { ok: false, reason: 'request-link', link: link.href };
  return { ok: true, urlToken };
}

function toUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/**
 * An instance served under a path prefix (`override_base_url`, docs/password-pusher.md#secret-url)
 * puts its links below it.
 */
function pathBelow(path: string, prefix: string): string | null {
  const base = prefix.replace(/\/+$/, '');
  return base !== '' && path.startsWith(`${base}/`) ? path.slice(base.length) : null;
}
