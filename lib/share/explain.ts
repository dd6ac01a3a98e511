import type { HttpError } from '../http';
import { t } from '../i18n';
import { serverText } from '../short-text';

/** What the person should do next about a failure. */
export type NextStep = 'open-options' | 'retry' | 'wait' | 'fix-input' | 'none';

export interface Explanation {
  message: string;
  next: NextStep;
}

/**
 * Puts a Password Pusher failure into words a person can act on. The server's own text is
 * appended only as a quoted detail, and only where it helps (validation, bad request).
 */
export function explainPushError(error: HttpError): Explanation {
  switch (error.kind) {
    case 'network':
      return { message: t('errorNetwork'), next: 'retry' };
    case 'timeout':
      return { message: t('errorTimeout'), next: 'retry' };
    case 'unauthorized':
      // Only the token gate answers 401 with an empty body (docs/password-pusher.md#auth-gate);
      // a JSON 401 is about something else (a passphrase, a push not deletable by viewers) and
      // says what.
      if (!isTokenRefusal(error)) return { message: withDetail(t('errorRefused'), error.serverMessage), next: 'none' };
      return { message: t('errorUnauthorized'), next: 'open-options' };
    case 'forbidden':
      if (isMfaRequired(error)) return { message: t('errorMfaRequired'), next: 'none' };
      return { message: withDetail(t('errorForbidden'), error.serverMessage), next: 'none' };
    case 'not-found':
      return { message: t('errorNotFound'), next: 'none' };
    case 'validation':
      return { message: withDetail(t('errorValidation'), fieldText(error)), next: 'fix-input' };
    case 'bad-request':
      // A proxy's body size limit (nginx `client_max_body_size`) answers 413 with its own HTML page.
      if (error.status === 413) return { message: t('errorTooLarge'), next: 'fix-input' };
      return { message: withDetail(t('errorBadRequest'), error.serverMessage), next: 'fix-input' };
    case 'rate-limited':
      return {
        message:
          error.retryAfterSeconds !== undefined ? t('errorRateLimitedFor', waitText(error.retryAfterSeconds)) : t('errorRateLimited'),
        next: 'wait',
      };
    case 'server':
      return { message: t('errorServer', String(error.status ?? 500)), next: 'retry' };
    case 'redirect':
      // The target is the server's string: shown as text, cut short, isolated, and never requested.
      return {
        message: error.location ? t('errorRedirectTo', serverText(error.location)) : t('errorRedirect'),
        next: 'open-options',
      };
    case 'too-large':
      // Past its limit the answer was never read (lib/http.ts): whatever the instance is, it is
      // not answering as Password Pusher does, so its address is the thing to check.
      return { message: t('errorAnswerTooLarge'), next: 'open-options' };
    case 'unexpected':
      if (error.detail === 'first-run') return { message: t('errorFirstRun'), next: 'none' };
      if (error.detail === 'untrusted-link') {
        return { message: t('errorUntrustedLink', serverText(error.serverMessage ?? '')), next: 'open-options' };
      }
      return {
        message: error.detail === 'html' ? t('errorUnexpectedHtml') : t('errorUnexpected'),
        next: 'open-options',
      };
  }
}

/**
 * An empty-body 401: the token gate refused the request, not the action
 * (docs/password-pusher.md#auth-gate).
 */
export function isTokenRefusal(error: HttpError): boolean {
  return error.kind === 'unauthorized' && !error.serverMessage;
}

/**
 * A 403 from `require_mfa` for a token user without two-factor authentication
 * (docs/password-pusher.md#mfa). Password Pusher answers a JSON 403 for two causes only
 * (docs/password-pusher.md#errors): this one, to every request a token signs, and "not yours" on
 * the audit log of another account's push. The words are translated (the account's language, else
 * `Accept-Language`), so they cannot tell the two apart; where the request went can. On the audit
 * log (`route: 'audit'`) only English words can say it; the lists, which fail the same way first,
 * say it there. A 403 without a JSON `error` (a proxy's page) is neither.
 */
export function isMfaRequired(error: HttpError, route: 'any' | 'audit' = 'any'): boolean {
  if (error.kind !== 'forbidden' || !error.serverMessage) return false;
  return route === 'any' || /two-factor|2fa|multi-factor|\bmfa\b/i.test(error.serverMessage);
}

/**
 * A failed "Expire now" (DELETE): a JSON 401 is "not deletable by viewers"
 * (docs/password-pusher.md#delete), an empty one is the token gate refusing the token. Said
 * differently, since only one of them is fixed in the options.
 */
export function explainExpireError(error: HttpError): Explanation {
  if (error.kind === 'unauthorized' && !isTokenRefusal(error)) return { message: t('errorNotDeletable'), next: 'none' };
  return explainPushError(error);
}

/** The server's words, cut to about 200 characters (a hostile or broken server could send pages of text) and isolated (lib/short-text.ts). */
function withDetail(message: string, detail: string | undefined): string {
  return detail ? `${message} ${t('serverSaid', serverText(detail))}` : message;
}

function fieldText(error: HttpError): string | undefined {
  if (!error.fields) return error.serverMessage;
  return Object.values(error.fields).flat().join(' ');
}

/** "45 seconds" / "3 minutes": a wait a person can read. */
export function waitText(seconds: number): string {
  if (seconds < 90) return t('seconds', Math.max(1, Math.round(seconds)));
  return t('minutes', Math.ceil(seconds / 60));
}
