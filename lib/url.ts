/**
 * Whether a URL may be pushed as a URL push: the instance only accepts http and https
 * (pwpush-api-v2 reference §4.2). Its own module so the popup can check a URL without loading
 * the push code (`lib/share/share-push.ts` re-exports it).
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
