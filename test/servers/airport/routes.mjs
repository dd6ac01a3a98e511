// The paths the gateway serves. v1 are the published spec's paths, v2 the real gateway's
// (docs/airport-api.md#paths), with v2's per-flight path (docs/airport-api.md#per-flight-path).

/** @typedef {'v1' | 'v2'} ApiVersion */
/**
 * @typedef {{ api: 'waittime', version: ApiVersion, airport: string }
 *   | { api: 'flight', version: 'v2', airport: string }
 *   | { api: 'airportinfo', version: ApiVersion }} Route
 */

const WAIT_TIME = /^\/waittimepublic\/(v1|v2)\/airports\/([^/]+)$/;
/**
 * Only v2 has it (docs/airport-api.md#per-flight-path); its query (`flightid`, `date`) is read by
 * the backend.
 */
const FLIGHT = /^\/waittimepublic\/v2\/airports\/([^/]+)\/flights$/;
/** @type {ReadonlyMap<string, ApiVersion>} */
const AIRPORT_LIST = new Map([
  ['/airportinfo/v1/airport', 'v1'],
  ['/airportinfo/v2/airports', 'v2'],
]);

/**
 * The route a path names, or null (→ 404). `airport` is the raw, percent-decoded path segment.
 * @param {string} pathname
 * @returns {Route | null}
 */
export function matchRoute(pathname) {
  const waitTime = WAIT_TIME.exec(pathname);
  if (waitTime) {
    const [, version, segment = ''] = waitTime;
    return { api: 'waittime', version: /** @type {ApiVersion} */ (version), airport: decodeSegment(segment) };
  }
  const flight = FLIGHT.exec(pathname);
  if (flight) return { api: 'flight', version: 'v2', airport: decodeSegment(flight[1] ?? '') };
  const listVersion = AIRPORT_LIST.get(pathname);
  return listVersion ? { api: 'airportinfo', version: listVersion } : null;
}

/** @param {string} segment */
function decodeSegment(segment) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
