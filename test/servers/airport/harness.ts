// Shared set-up of the airport server tests: one server per test file, reset before each test,
// Node's own fetch (the files run in the node environment: happy-dom's fetch would apply CORS).
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startAirportServer, type AirportServer } from './server.mjs';

export const KEY = 'primary-key-0001';
export const SECONDARY = 'secondary-key-0002';
/** The AirportInfo product's key: the airport list refuses the wait-time keys. */
export const INFO_KEY = 'info-key-0003';
/** 2026-09-29T13:27:04.987Z: `currentTime` must drop the milliseconds. */
export const CLOCK = Date.UTC(2026, 8, 29, 13, 27, 4, 987);
export const MISSING =
  'Access denied due to missing subscription key. Make sure to include subscription key when making requests to an API.';
export const INVALID = 'Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.';

export type V2 = { activeMeasurementStations: number; waitTimes: Array<Record<string, unknown>> };

/**
 * Starts a server (clock pinned to CLOCK) for the calling test file and returns helpers bound to it.
 * `options` are the server's start options, e.g. `{ versions: ['v1', 'v2'] }` for the spec's v1 shape.
 */
export function useAirportServer(options: Parameters<typeof startAirportServer>[0] = {}) {
  let current: AirportServer | undefined;
  beforeAll(async () => {
    current = await startAirportServer({ now: () => CLOCK, ...options });
  });
  afterAll(() => current?.close());
  beforeEach(() => current?.reset());

  const server = () => {
    if (!current) throw new Error('the airport server is not started yet');
    return current;
  };
  const get = (path: string, headers: Record<string, string> = { 'Ocp-Apim-Subscription-Key': KEY }) =>
    fetch(server().url + path, { headers: { Accept: 'application/json', ...headers } });
  const getJson = async (path: string, headers?: Record<string, string>) => {
    const response = await get(path, headers);
    return { status: response.status, headers: response.headers, body: (await response.json()) as unknown };
  };
  return { server, get, getJson };
}
