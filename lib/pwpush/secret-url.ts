import type { HttpError } from '../http';
import { fail, ok, type Result } from '../result';
import { pwpushLocale } from './locales';

/**
 * Checks a link the instance handed out (`html_url` on create, the preview `url`) before it is
 * shown, copied, opened, drawn as a QR code or recorded. A hostile or broken instance
 * could return `data:`/`javascript:` pages (opened from "Open" they run script), `file:` or
 * `chrome:` URLs, or a look-alike host.
 *
 * Accepted: `http(s)` on the instance's own host (host and port). An instance behind a proxy that
 * drops `X-Forwarded-Proto` hands out `http://` links (docs/password-pusher.md#secret-url): from an
 * https instance such a link is upgraded to https, since shared as given it would carry the
 * secret's page in the clear, weaker than the instance it came from; the instance's own host
 * serves https, as the request that got the link shows. Another host is refused even though `override_base_url`
 * can legitimately put links there: nothing in the API says which other host belongs to the
 * instance, so a client cannot tell that from a phishing clone, and the instance's own host
 * always serves the same `/p/<token>`.
 */
export function checkSecretUrl(link: string, instanceBaseUrl: string): Result<string, HttpError> {
  const url = toUrl(link.trim());
  const instance = toUrl(instanceBaseUrl);
  const trusted =
    url !== null &&
    instance !== null &&
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    url.host === instance.host &&
    url.username === '' &&
    url.password === '';
  if (!trusted || !url || !instance) return fail({ kind: 'unexpected', detail: 'untrusted-link', serverMessage: link });
  if (instance.protocol === 'https:') url.protocol = 'https:';
  // The normalized form is what was checked: the browser would parse the raw string the same way,
  // but nothing later has to rely on that.
  return ok(url.href);
}

function toUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/**
 * The checked link with the recipient's language: Password Pusher's pages take `?locale=xx`
 * before the visitor's browser language (docs/password-pusher.md#request-pipeline). Set here,
 * not asked of the instance with `push_locale`, because a push found again after a lost answer
 * comes from a list, whose links carry no locale (docs/password-pusher.md#secret-url). Any locale
 * the instance put there is replaced; a code that is none of its languages is left out.
 */
export function withRecipientLocale(link: string, locale: string): string {
  if (!pwpushLocale(locale)) return link;
  const url = new URL(link);
  url.searchParams.set('locale', locale);
  return url.href;
}
