import { requestJson, type HttpError, type HttpResponse } from '../http';
import { fail, ok, type Result } from '../result';
import { withoutTrailingSlash } from '../url';
import { AIRPORTS_MAX_BYTES, FLIGHT_WAIT_TIMES_MAX_BYTES, WAIT_TIMES_MAX_BYTES } from './answer-limits';
import { toAirportError } from './errors';
import { isFlightDate, normalizeFlight } from './flight';
import { normalizeIata } from './iata';
import { parseAirports, parseAirportsXml, parseWaitTimes, parseWaitTimesXml } from './parse';
import type { AirportConfig, AirportError, AirportList, AirportResult, ApiVersion, WaitTimes } from './types';

/**
 * Swedavia's WaitTime Public and AirportInfo APIs as the real gateway answers them, which is not
 * always as their published spec says (docs/airport-api.md). Pure: base URL, keys, the API version
 * to try first and fetch come in `AirportConfig`, and nothing is stored: every answer says which
 * version answered, for the caller to remember (lib/wait-times/connection.ts). Every HTTP request
 * is counted in `calls`, because each one costs from a quota of ~10,000 a month
 * (docs/airport-api.md#quota).
 */

type PathOf = (version: ApiVersion) => string;

interface Answer {
  response: HttpResponse;
  apiVersion: ApiVersion;
  usedSecondaryKey: boolean;
  calls: number;
}

const otherVersion = (version: ApiVersion): ApiVersion => (version === 'v1' ? 'v2' : 'v1');

function keysOf(cfg: AirportConfig): Array<{ key: string; secondary: boolean }> {
  const primary = cfg.key.trim();
  const secondary = cfg.secondaryKey?.trim() ?? '';
  const keys = primary ? [{ key: primary, secondary: false }] : [];
  if (secondary && secondary !== primary) keys.push({ key: secondary, secondary: true });
  return keys;
}

/**
 * One GET with the fallbacks the real gateway needs: on 401 the secondary key once (keys rotate
 * every 6 months, docs/airport-api.md#key-rotation), on 404 the other API version once (v1
 * paths 404 today, docs/airport-api.md#paths).
 */
async function get(cfg: AirportConfig, pathOf: PathOf, maxBytes: number): Promise<Result<Answer, AirportError>> {
  const keys = keysOf(cfg);
  if (keys.length === 0) return fail({ kind: 'missing-key', calls: 0 });
  const base = withoutTrailingSlash(cfg.baseUrl);
  // v2 first: it is what the real gateway serves (its v1 wait-time path answers 404,
  // docs/airport-api.md#paths).
  const first = cfg.apiVersion ?? 'v2';
  let calls = 0;
  let notFound: HttpError | undefined;
  for (const version of [first, otherVersion(first)]) {
    for (const [index, { key, secondary }] of keys.entries()) {
      calls += 1;
      const answer = await requestJson(
        `${base}${pathOf(version)}`,
        {
          method: 'GET',
          // Swedavia answers 400 without Accept (reported for FlightInfo,
          // docs/airport-api.md#requests); XML is still read if it comes.
          headers: { 'Ocp-Apim-Subscription-Key': key, Accept: 'application/json' },
          // No cookies to or from the gateway; a refresh must really ask the server.
          credentials: 'omit',
          cache: 'no-store',
        },
        { maxBytes, fetch: cfg.fetch, timeoutMs: cfg.timeoutMs, acceptText: true },
      );
      if (answer.ok) {
        return ok({ response: answer.value, apiVersion: version, usedSecondaryKey: secondary, calls });
      }
      const { error } = answer;
      if (error.kind === 'unauthorized' && index < keys.length - 1) continue;
      if (error.kind === 'not-found') {
        notFound = error;
        break;
      }
      // Any HTTP answer but 404 shows the path exists (a 401 or 400 comes from behind the route): its version is told.
      return fail(toAirportError(error, calls, version));
    }
  }
  return fail(toAirportError(notFound ?? { kind: 'not-found', status: 404 }, calls));
}

/**
 * `GET /waittimepublic/{v1|v2}/airports/{IATA}`: the security queues of one airport.
 * An invalid code is refused without a request (`invalid-iata`, `calls: 0`).
 */
export async function waitTimes(cfg: AirportConfig, iata: string): Promise<AirportResult<WaitTimes>> {
  const code = normalizeIata(iata);
  if (!code.ok) return fail({ kind: 'invalid-iata', reason: code.reason, calls: 0 });
  const answer = await get(cfg, (version) => `/waittimepublic/${version}/airports/${code.iata}`, WAIT_TIMES_MAX_BYTES);
  if (!answer.ok) return answer;
  const { response, ...info } = answer.value;
  const parsed =
    response.text !== undefined
      ? parseWaitTimesXml(response.text)
      : // An empty answer (204) is an airport with no active checkpoint (docs/airport-api.md#errors).
        response.body === undefined
        ? { queues: [], measuredAt: null, activeStations: 0 }
        : parseWaitTimes(response.body);
  if (!parsed) return fail({ kind: 'malformed', calls: info.calls, status: response.status, apiVersion: info.apiVersion });
  return ok({ ...parsed, ...info });
}

/**
 * `GET /airportinfo/v2/airports` (or v1's `/airportinfo/v1/airport`): all airports with names.
 * AirportInfo is a product of its own: `cfg.key` must be its key, not the wait-time one
 * (docs/airport-api.md#products-and-keys).
 */
export async function airports(cfg: AirportConfig): Promise<AirportResult<AirportList>> {
  const answer = await get(
    cfg,
    (version) => (version === 'v1' ? '/airportinfo/v1/airport' : '/airportinfo/v2/airports'),
    AIRPORTS_MAX_BYTES,
  );
  if (!answer.ok) return answer;
  const { response, ...info } = answer.value;
  const list =
    response.text !== undefined ? parseAirportsXml(response.text) : response.body === undefined ? null : parseAirports(response.body);
  if (!list) return fail({ kind: 'malformed', calls: info.calls, status: response.status, apiVersion: info.apiVersion });
  return ok({ airports: list, ...info });
}

/**
 * `GET /waittimepublic/v2/airports/{IATA}/flights?flightid=SK1415&date=2026-09-29`: the queues
 * that serve one departure (docs/airport-api.md#per-flight-path), in the shape of `waitTimes`. A
 * v2 path only, so v2 is asked first whatever the base URL answered on before. The flight number
 * and date are checked first: nothing is sent for one that cannot be (`invalid-flight`, `calls: 0`).
 */
export async function flightWaitTimes(cfg: AirportConfig, iata: string, flight: string, date: string): Promise<AirportResult<WaitTimes>> {
  const code = normalizeIata(iata);
  if (!code.ok) return fail({ kind: 'invalid-iata', reason: code.reason, calls: 0 });
  const number = normalizeFlight(flight);
  if (!number.ok || !isFlightDate(date)) return fail({ kind: 'invalid-flight', reason: number.ok ? 'format' : number.reason, calls: 0 });
  const query = `flightid=${encodeURIComponent(number.flight)}&date=${encodeURIComponent(date)}`;
  const answer = await get(
    { ...cfg, apiVersion: 'v2' },
    (version) => `/waittimepublic/${version}/airports/${code.iata}/flights?${query}`,
    FLIGHT_WAIT_TIMES_MAX_BYTES,
  );
  if (!answer.ok) return answer;
  const { response, ...info } = answer.value;
  const parsed =
    response.text !== undefined
      ? parseWaitTimesXml(response.text)
      : response.body === undefined
        ? { queues: [], measuredAt: null, activeStations: 0 }
        : parseWaitTimes(response.body);
  if (!parsed) return fail({ kind: 'malformed', calls: info.calls, status: response.status, apiVersion: info.apiVersion });
  return ok({ ...parsed, ...info });
}
