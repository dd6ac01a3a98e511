/**
 * What a Password Pusher link token looks like: url-safe base64 of 8–14 random bytes, lower-cased
 * (docs/password-pusher.md#ids-and-timestamps), here with upper case and up to 64 characters allowed
 * for other releases. A token is put into request paths (show, preview, audit, expire), so one from
 * an answer or a stored record that does not look like this is refused before it reaches a URL: a
 * hostile list's `../../users/token` or `a?b` would otherwise aim the owner's request elsewhere.
 */
const URL_TOKEN = /^[A-Za-z0-9_-]{1,64}$/;

export function isUrlToken(value: unknown): value is string {
  return typeof value === 'string' && URL_TOKEN.test(value);
}
