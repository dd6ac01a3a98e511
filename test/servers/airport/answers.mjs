// What Swedavia's backend answers behind the gateway: 200 bodies in both versions and formats,
// and the 400 JSON strings for airports without wait-time data (docs/airport-api.md#wait-times-json,
// #airports, #errors).
import { AIRPORTS, FLIGHT_FIXTURES, WAIT_TIME_FIXTURES } from './fixtures.mjs';
import { airportsXml, waitTimesV1Xml, waitTimesV2Xml } from './xml.mjs';

/** @typedef {import('./server.d.mts').WaitTimeEntryInput} WaitTimeEntryInput */
/** @typedef {{ status: number, xml: boolean, body: string }} Answer */
/**
 * Wait-time data set by tests: entries to serve, or null for "not supported".
 * @typedef {Map<string, readonly WaitTimeEntryInput[] | null>} WaitTimeOverrides
 */
/**
 * Per-flight data set by tests, keyed `IATA FLIGHT` (e.g. `ARN SK1415`): entries, or null for "no departure".
 * @typedef {Map<string, readonly WaitTimeEntryInput[] | null>} FlightOverrides
 */

/**
 * `currentTime` as the API writes it: UTC, whole seconds, `Z` (docs/airport-api.md#timestamps).
 * @param {number} nowMs
 */
export function measurementTime(nowMs) {
  return new Date(Math.floor(nowMs / 1000) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * The entries an airport serves now, or null when it has no wait-time data. Fixture entries
 * get the clock's time; entries set by a test keep theirs and only get it when they have none.
 * @param {string} iata upper case
 * @param {WaitTimeOverrides} overrides
 * @param {number} nowMs
 * @returns {Array<Record<string, unknown>> | null}
 */
export function currentEntries(iata, overrides, nowMs) {
  const currentTime = measurementTime(nowMs);
  if (overrides.has(iata)) {
    const pinned = overrides.get(iata);
    return pinned ? pinned.map((entry) => ({ ...entry, currentTime: entry.currentTime ?? currentTime })) : null;
  }
  const fixture = Object.hasOwn(WAIT_TIME_FIXTURES, iata)
    ? WAIT_TIME_FIXTURES[/** @type {keyof typeof WAIT_TIME_FIXTURES} */ (iata)]
    : null;
  return fixture ? fixture.map((entry) => ({ ...entry, currentTime })) : null;
}

/** @param {string} text */
const jsonString = (text) => ({ status: 400, xml: false, body: JSON.stringify(text) });

/**
 * The backend's answer to a matched route. Errors are JSON whatever `Accept` says (the only
 * observed error bodies are JSON; the XML form of a backend error is unknown).
 * @param {import('./routes.mjs').Route} route
 * @param {{ overrides: WaitTimeOverrides, flights?: FlightOverrides, query?: URLSearchParams, nowMs: number, xml: boolean }} context
 * @returns {Answer}
 */
export function backendAnswer(route, { overrides, flights = new Map(), query = new URLSearchParams(), nowMs, xml }) {
  if (route.api === 'airportinfo') {
    return { status: 200, xml, body: xml ? airportsXml(AIRPORTS) : JSON.stringify(AIRPORTS) };
  }
  // Invented text: only 3-letter codes were ever probed (docs/airport-api.md#airports). It
  // deliberately lacks "not supported", so a client's "other 400" branch can be exercised.
  if (!/^[A-Za-z]{3}$/.test(route.airport)) return jsonString(`Invalid airport code: ${route.airport.slice(0, 20)}`);
  const iata = route.airport.toUpperCase();
  if (route.api === 'flight') return flightAnswer(iata, { overrides, flights, query, nowMs, xml });
  const entries = currentEntries(iata, overrides, nowMs);
  if (!entries) return jsonString(`Airport ${iata} not supported`);
  if (route.version === 'v1') {
    const body = { places: entries.map(({ overflow: _overflow, ...place }) => place) };
    return { status: 200, xml, body: xml ? waitTimesV1Xml(body) : JSON.stringify(body) };
  }
  const body = { activeMeasurementStations: entries.length, waitTimes: entries };
  return { status: 200, xml, body: xml ? waitTimesV2Xml(body) : JSON.stringify(body) };
}

/**
 * The per-flight path (docs/airport-api.md#per-flight-path): the queues of one departure in the v2
 * shape, or 400 with the observed JSON string "No departure flightdata found for XX0000 at ARN on
 * the 2026-09-29".
 * The flight id is matched as sent (the real API's own normalisation is unknown).
 * @param {string} iata
 * @param {{ overrides: WaitTimeOverrides, flights: FlightOverrides, query: URLSearchParams, nowMs: number, xml: boolean }} context
 * @returns {Answer}
 */
function flightAnswer(iata, { overrides, flights, query, nowMs, xml }) {
  if (!currentEntries(iata, overrides, nowMs)) return jsonString(`Airport ${iata} not supported`);
  const flight = query.get('flightid') ?? '';
  const date = query.get('date') ?? '';
  const key = `${iata} ${flight}`;
  const fixtures = /** @type {Record<string, Record<string, readonly Record<string, unknown>[]>>} */ (FLIGHT_FIXTURES);
  const given = flights.has(key) ? flights.get(key) : (fixtures[iata]?.[flight] ?? null);
  if (!given) return jsonString(`No departure flightdata found for ${flight} at ${iata} on the ${date}`);
  const currentTime = measurementTime(nowMs);
  const entries = given.map((entry) => ({ ...entry, currentTime: flights.has(key) ? (entry.currentTime ?? currentTime) : currentTime }));
  const body = { activeMeasurementStations: entries.length, waitTimes: entries };
  return { status: 200, xml, body: xml ? waitTimesV2Xml(body) : JSON.stringify(body) };
}
