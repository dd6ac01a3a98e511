import { vi } from 'vitest';

/**
 * A stubbed `fetch` answering like Swedavia's gateway (docs/airport-api.md#paths, #errors): 404 for
 * a path or version it does not serve, 401 for a missing or unknown key, then an optional fault,
 * then the backend (ARN/BMA/GOT with data, any other code "not supported"). The options page runs
 * the real airport client against it.
 */

type Version = 'v1' | 'v2';

export interface GatewayRequest {
  url: URL;
  key: string | null;
  accept: string | null;
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } });

const ENTRY = {
  id: 1,
  queueName: 'Security Bromma',
  currentTime: '2026-09-29T13:27:04Z',
  currentProjectedWaitTime: 3,
  isFastTrack: false,
  terminal: null,
  latitude: 59.35553,
  longitude: 17.94556,
};

/** The subscription keys the gateway accepts unless told otherwise. */
export const GOOD = 'primary-key-0001';
export const SECOND = 'secondary-key-0002';
/** AirportInfo is a product of its own with its own key (docs/airport-api.md#products-and-keys). */
export const INFO = 'info-key-0003';
const AIRPORT_LIST = ['ARN', 'BMA', 'GOT', 'MMX', 'LLA', 'UME', 'OSD', 'VBY', 'RNB', 'KRN'].map((iata) => ({
  iata,
  name: iata,
  displayName: `${iata} Airport`,
  localDisplayName: `${iata} Airport`,
}));

/** APIM's own answers (docs/airport-api.md#errors), for `fault`. */
export const FAULTS = {
  quota: () =>
    json({ statusCode: 403, message: 'Out of call volume quota. Quota will be replenished in 07:01:20.' }, 403, { 'retry-after': '25280' }),
  rateLimit: () => json({ statusCode: 429, message: 'Rate limit is exceeded. Try again in 56 seconds.' }, 429, { 'retry-after': '56' }),
  server: () => json({ statusCode: 500, message: 'Internal server error' }, 500),
  malformed: () => new Response('{"activeMeasurementStations":1,"waitTi', { status: 200, headers: { 'content-type': 'application/json' } }),
};

export function stubGateway({ keys = [GOOD, SECOND], infoKeys = [INFO], versions = ['v1', 'v2'] as Version[] } = {}) {
  const requests: GatewayRequest[] = [];
  const state = { fault: null as null | (() => Response) };
  const fetchMock = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input);
    const headers = new Headers(init.headers);
    const key = headers.get('ocp-apim-subscription-key');
    requests.push({ url, key, accept: headers.get('accept') });
    if (url.pathname === '/airportinfo/v2/airports' && versions.includes('v2')) {
      // Each product checks its own keys, like the real gateway.
      if (!key || !infoKeys.includes(key)) return json({ statusCode: 401, message: 'Access denied due to invalid subscription key.' }, 401);
      return json(AIRPORT_LIST);
    }
    const route = /^\/waittimepublic\/(v1|v2)\/airports\/([^/]+)$/.exec(url.pathname);
    const version = route?.[1] as Version | undefined;
    if (!route || !version || !versions.includes(version)) return json({ statusCode: 404, message: 'Resource not found' }, 404);
    if (!key) return json({ statusCode: 401, message: 'Access denied due to missing subscription key.' }, 401);
    if (!keys.includes(key)) {
      return json(
        {
          statusCode: 401,
          message: 'Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.',
        },
        401,
      );
    }
    if (state.fault) return state.fault();
    const iata = (route[2] ?? '').toUpperCase();
    if (!['ARN', 'BMA', 'GOT'].includes(iata)) return json(`Airport ${iata} not supported`, 400);
    return version === 'v2'
      ? json({ activeMeasurementStations: 1, waitTimes: [{ ...ENTRY, overflow: false }] })
      : json({ places: [ENTRY] });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    fetchMock,
    /** Answer every request that passes the key check with this, until set to null. */
    setFault(fault: null | (() => Response)) {
      state.fault = fault;
    },
  };
}
