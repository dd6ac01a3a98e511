import { t } from '../i18n';
import { serverText } from '../short-text';
import { durationText, iataProblemText } from './format';
import type { AirportError } from '../airport/types';

/** What the person can do: fix the code, open the options for the key, wait, or nothing. */
export type AirportNextStep = 'open-options' | 'retry' | 'wait' | 'fix-input' | 'none';

export interface AirportExplanation {
  message: string;
  next: AirportNextStep;
  /**
   * `info`: a normal state, not an error screen (no data published for the airport).
   * `warn`: passing trouble; keep showing the last good data, marked stale.
   * `error`: the person has to act.
   */
  tone: 'info' | 'warn' | 'error';
}

/**
 * Puts an airport failure into words a traveller understands. The server's text only as a quoted
 * detail. `source`: who answered, in words ("Copenhagen Airport's website"), for the website feeds' own failures.
 */
export function explainAirportError(error: AirportError, source = ''): AirportExplanation {
  switch (error.kind) {
    case 'invalid-iata':
      return { message: iataProblemText(error.reason ?? 'format'), next: 'fix-input', tone: 'error' };
    case 'missing-key':
      return { message: t('airportErrorMissingKey'), next: 'open-options', tone: 'error' };
    case 'unsupported-airport':
      return { message: t('airportUnsupported'), next: 'none', tone: 'info' };
    case 'invalid-flight':
      return { message: t('airportFlightFormat'), next: 'fix-input', tone: 'error' };
    case 'flight-not-found':
      return { message: t('airportFlightUnknown'), next: 'fix-input', tone: 'info' };
    case 'bad-request':
      return { message: withDetail(t('airportErrorBadRequest'), error.serverMessage), next: 'none', tone: 'error' };
    case 'invalid-key':
      return { message: t('airportErrorInvalidKey'), next: 'open-options', tone: 'error' };
    case 'quota':
      return {
        message:
          error.retryAfterSeconds !== undefined ? t('airportErrorQuotaFor', durationText(error.retryAfterSeconds)) : t('airportErrorQuota'),
        next: 'wait',
        tone: 'warn',
      };
    case 'rate-limited':
      return {
        message:
          error.retryAfterSeconds !== undefined
            ? t('airportErrorRateLimitedFor', durationText(error.retryAfterSeconds))
            : t('airportErrorRateLimited'),
        next: 'wait',
        tone: 'warn',
      };
    case 'not-found':
      return { message: t('airportErrorNotFound'), next: 'open-options', tone: 'error' };
    case 'redirect':
      return {
        message: error.location ? t('airportErrorRedirectTo', serverText(error.location)) : t('airportErrorRedirect'),
        next: 'open-options',
        tone: 'error',
      };
    case 'server':
      return { message: t('airportErrorServer', error.status ?? 500), next: 'retry', tone: 'warn' };
    case 'timeout':
      return { message: t('airportErrorTimeout'), next: 'retry', tone: 'warn' };
    case 'network':
      return { message: t('airportErrorNetwork'), next: 'retry', tone: 'warn' };
    case 'malformed':
      return { message: t('airportErrorMalformed'), next: 'retry', tone: 'warn' };
    case 'too-large':
      // Unread past its limit (lib/http.ts), and no real gateway sends one: not a passing fault.
      return { message: t('airportErrorTooLarge'), next: 'open-options', tone: 'error' };
    // A website that refuses, answers a page or changed its data may serve again later
    // (docs/airport-sources.md#faults): the last good board stays, and the panel tries again.
    case 'blocked':
      return { message: t('airportFeedBlocked', source, error.status ?? 403), next: 'retry', tone: 'warn' };
    case 'not-a-feed':
      return { message: t('airportFeedNotAFeed', source), next: 'retry', tone: 'warn' };
    case 'feed-changed':
      return { message: t('airportFeedChanged', source), next: 'retry', tone: 'warn' };
  }
}

function withDetail(message: string, detail: string | undefined): string {
  return detail ? `${message} ${t('airportServerSaid', serverText(detail))}` : message;
}

/** Shown after a call where the primary key was refused and the secondary one worked. */
export function secondaryKeyNotice(): string {
  return t('airportSecondaryKeyUsed');
}
