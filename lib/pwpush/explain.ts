import type { HttpError } from '../http';
import { t } from '../i18n';

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
      return { message: t('errorUnauthorized'), next: 'open-options' };
    case 'forbidden':
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
          error.retryAfterSeconds !== undefined
            ? t('errorRateLimitedFor', waitText(error.retryAfterSeconds))
            : t('errorRateLimited'),
        next: 'wait',
      };
    case 'server':
      return { message: t('errorServer', String(error.status ?? 500)), next: 'retry' };
    case 'unexpected':
      return {
        message: error.detail === 'html' ? t('errorUnexpectedHtml') : t('errorUnexpected'),
        next: 'open-options',
      };
  }
}

function withDetail(message: string, detail: string | undefined): string {
  return detail ? `${message} ${t('serverSaid', detail)}` : message;
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
