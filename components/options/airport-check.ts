import { explainAirportError } from '@/lib/wait-times/explain';
import { durationText } from '@/lib/wait-times/format';
import type { AirportError, AirportList, AirportResult, WaitTimes } from '@/lib/airport/types';
import { callAirport, type AirportCallProblem } from '@/lib/wait-times/airport-call';
import { fail, ok, type Result } from '@/lib/result';
import { t } from '@/lib/i18n';
import { serverText } from '@/lib/short-text';
import type { Feedback } from './check-feedback';
import type { AirportSettingsInput } from './airport-form';

/**
 * Stockholm Arlanda: one of the three airports that publish wait times
 * (docs/airport-api.md#airports). Used when no default airport is set, so a working key is told
 * apart from an airport without data.
 */
export const CHECK_AIRPORT = 'ARN';

export interface AirportCheck {
  origin: string;
  iata: string;
  secondaryGiven: boolean;
  result: AirportResult<WaitTimes>;
  /** The airport-list request made with the AirportInfo key; absent when no such key was given. */
  list?: AirportResult<AirportList>;
}

/**
 * Tries the keys with exactly one wait-time request (each one costs from a monthly quota of about
 * 10,000, docs/airport-api.md#quota), for the default airport or ARN. Wait times, not the airport
 * list: Swedavia gives each product its own key (docs/airport-api.md#products-and-keys), and the
 * key here is the one for wait times.
 * Two requests only when the primary key is refused and a secondary one is given, or when the
 * URL's API version is not known yet and the first one 404s. With an airport info key, one more
 * request for the airport list, made with that key only: this is where a refused info key is
 * reported, once, instead of on every side-panel opening. Every request is counted.
 */
export async function checkAirport(input: Pick<AirportSettingsInput, 'origin' | 'keys' | 'defaultAirport'>): Promise<AirportCheck> {
  const { origin, keys } = input;
  const iata = input.defaultAirport || CHECK_AIRPORT;
  const typed = { origin, keys };
  const result = asAirportResult(await callAirport({ what: 'wait-times', iata }, { typed }));
  const check: AirportCheck = { origin, iata, secondaryGiven: keys.secondary !== '', result };
  if (keys.info) check.list = asAirportResult(await callAirport({ what: 'airports' }, { typed }));
  return check;
}

/** The check is asked only after access was granted, with keys typed: what fails is the API's answer, or the access itself. */
function asAirportResult<T>(result: Result<{ value: T }, AirportCallProblem>): AirportResult<T> {
  if (result.ok) return ok(result.value.value);
  const problem = result.error;
  return fail(problem.kind === 'airport' ? problem.error : { kind: 'network', calls: 0 });
}

/**
 * The check in words. After Save a failure starts with "saved, but", so it is never read as
 * "nothing was saved"; the same check from the Test button says only what it found.
 */
export function airportFeedback(check: AirportCheck, afterSave: boolean): Feedback {
  const waits = waitTimeFeedback(check, afterSave);
  if (!check.list) return waits;
  if (check.list.ok) return { ...waits, status: [...waits.status, t('optionsAirportInfoKeyWorks', check.list.value.airports.length)] };
  const refused = check.list.error.kind === 'invalid-key' || check.list.error.kind === 'missing-key';
  const said = refused ? t('optionsAirportInfoKeyRejected', check.origin) : t('optionsAirportInfoListFailed', check.origin);
  return { ...waits, alert: [...waits.alert, said] };
}

function waitTimeFeedback(check: AirportCheck, afterSave: boolean): Feedback {
  const { origin, iata, result } = check;
  if (result.ok) {
    if (result.value.usedSecondaryKey) return { status: [], alert: [t('optionsAirportSecondaryNeeded')] };
    return { status: [t('optionsAirportKeyWorks', origin)], alert: [] };
  }
  if (result.error.kind === 'unsupported-airport') {
    // The backend only answers this behind the gateway's key check: the key is fine.
    return { status: [t('optionsAirportKeyWorks', origin)], alert: [t('optionsAirportNoData', iata)] };
  }
  const lead = afterSave ? [t('optionsAirportSavedButCheckFailed')] : [];
  return { status: [], alert: [...lead, explainAirportCheck(check, result.error)] };
}

function explainAirportCheck({ origin, secondaryGiven }: AirportCheck, error: AirportError): string {
  const wait = error.retryAfterSeconds !== undefined ? durationText(error.retryAfterSeconds) : undefined;
  switch (error.kind) {
    case 'invalid-key':
    case 'missing-key':
      return t(secondaryGiven ? 'optionsAirportKeysRejected' : 'optionsAirportKeyRejected', origin);
    case 'quota':
      return wait ? t('optionsAirportQuotaFor', wait) : t('optionsAirportQuota');
    case 'rate-limited':
      return wait ? t('optionsAirportRateLimitedFor', wait) : t('optionsAirportRateLimited');
    case 'network':
      return t('optionsAirportUnreachable', origin);
    case 'timeout':
      return t('optionsAirportTimeout', origin);
    case 'not-found':
      return t('optionsAirportNotFound', origin);
    case 'server':
      return t('optionsAirportServer', origin, error.status ?? 500);
    case 'malformed':
    // Website feeds' failures: Swedavia's API never answers them, but a wrong address could.
    case 'blocked':
    case 'not-a-feed':
    case 'feed-changed':
      return t('optionsAirportMalformed', origin);
    case 'redirect':
    case 'too-large':
      return explainAirportError(error).message;
    case 'bad-request':
    case 'invalid-iata':
    case 'invalid-flight':
    case 'flight-not-found':
    case 'unsupported-airport': {
      const said = error.serverMessage ? ` ${t('airportServerSaid', serverText(error.serverMessage))}` : '';
      return `${t('optionsAirportBadRequest', origin)}${said}`;
    }
  }
}
