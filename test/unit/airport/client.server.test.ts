// @vitest-environment node
// Node's own fetch: happy-dom's would apply CORS, and the gateway (like the real one) sends no CORS headers.
// XML answers are read with DOMParser, which the pages have and Node has not: happy-dom's stands in.
import { Window } from 'happy-dom';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { groupByTerminal } from '@/lib/airport/board';
import { checkpointOfQueue } from '@/lib/airport/sources/swedavia-board';
import { airports, flightWaitTimes, waitTimes } from '@/lib/airport/client';
import type { AirportConfig } from '@/lib/airport/types';
import { startAirportServer, type AirportServer, type WaitTimeEntryInput } from '../../servers/airport/server.mjs';

const PRIMARY = 'primary-key-0001';
const SECONDARY = 'secondary-key-0002';
/** AirportInfo is another product with other keys (docs/airport-api.md#products-and-keys). */
const INFO = 'info-key-0003';
const CLOCK = Date.UTC(2026, 8, 29, 13, 27, 4, 987);

let server: AirportServer;
const window = new Window();
beforeAll(async () => {
  Object.assign(globalThis, { DOMParser: window.DOMParser });
  server = await startAirportServer({ now: () => CLOCK });
});
afterAll(async () => {
  Reflect.deleteProperty(globalThis, 'DOMParser');
  await window.happyDOM.close();
  await server.close();
});
beforeEach(() => {
  server.reset();
});

const config = (extra: Partial<AirportConfig> = {}): AirportConfig => ({
  baseUrl: server.url,
  key: PRIMARY,
  secondaryKey: SECONDARY,
  ...extra,
});
const infoConfig = (extra: Partial<AirportConfig> = {}): AirportConfig => ({ baseUrl: server.url, key: INFO, ...extra });
const sentPaths = () => server.requests.map((request) => request.path);

describe('against the reference server', () => {
  it("reads ARN on the gateway's v2 path with the key in the header and Accept JSON", async () => {
    const result = await waitTimes(config(), 'arn');
    expect(result.ok && result.value).toMatchObject({
      apiVersion: 'v2',
      usedSecondaryKey: false,
      calls: 1,
      measuredAt: '2026-09-29T13:27:04Z',
    });
    expect(server.requests).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: '/waittimepublic/v2/airports/ARN',
        key: PRIMARY,
        keySource: 'header',
        accept: 'application/json',
        status: 200,
      }),
    ]);
    const groups = groupByTerminal(result.ok ? result.value.queues.map(checkpointOfQueue) : [], 'Stockholm Arlanda Airport');
    expect(groups.map((group) => group.label)).toEqual(['T2', 'T3', 'T4', 'T5']);
    expect(groups[3]!.checkpoints.map((checkpoint) => checkpoint.fastTrack)).toEqual([false, true]);
  });

  it("in the spec's opt-in v1 mode: falls back once, then goes straight to v1 when told it answered", async () => {
    server.setOptions({ versions: ['v1'] });
    const first = await waitTimes(config(), 'BMA');
    expect(first.ok && first.value).toMatchObject({ apiVersion: 'v1', calls: 2 });
    expect(first.ok && first.value.queues).toEqual([expect.objectContaining({ name: 'Security Bromma', terminal: null, overflow: false })]);
    const list = await airports({ ...infoConfig(), apiVersion: 'v1' });
    expect(list.ok && list.value).toMatchObject({ apiVersion: 'v1', calls: 1 });
    expect(list.ok && list.value.airports.map((airport) => airport.iata)).toContain('OSD');
    expect(sentPaths()).toEqual(['/waittimepublic/v2/airports/BMA', '/waittimepublic/v1/airports/BMA', '/airportinfo/v1/airport']);
  });

  it('one key per product: the wait-time keys are refused on the airport list, the info key lists it', async () => {
    const refused = await airports(config());
    expect(!refused.ok && refused.error).toMatchObject({ kind: 'invalid-key', status: 401, calls: 2 });
    const list = await airports(infoConfig());
    expect(list.ok && list.value.airports).toHaveLength(10);
    expect((await waitTimes(infoConfig(), 'ARN')).ok).toBe(false);
  });

  it.each([['v1'], ['v2']] as const)('reads XML answers (%s)', async (version) => {
    server.setOptions({ forceXml: true, versions: [version] });
    const result = await waitTimes(config({ apiVersion: version }), 'GOT');
    expect(result.ok && result.value.queues.map((queue) => [queue.name, queue.terminal])).toEqual([
      ['Security Landvetter FastTrack', null],
      ['Security Landvetter', null],
    ]);
    const list = await airports(infoConfig({ apiVersion: version }));
    expect(list.ok && list.value.airports).toHaveLength(10);
    expect(list.ok && list.value.airports[0]).toEqual({
      iata: 'ARN',
      name: 'Stockholm Arlanda',
      localDisplayName: 'Stockholm Arlanda Airport',
      displayName: 'Stockholm Arlanda Airport',
    });
  });

  it('says an airport without data is unsupported', async () => {
    const result = await waitTimes(config(), 'MMX');
    expect(!result.ok && result.error).toMatchObject({
      kind: 'unsupported-airport',
      status: 400,
      serverMessage: 'Airport MMX not supported',
      calls: 1,
    });
  });

  it('switches to the secondary key when the primary is rotated out, and counts both calls', async () => {
    server.revokeKey(PRIMARY);
    const result = await waitTimes(config(), 'ARN');
    expect(result.ok && result.value).toMatchObject({ usedSecondaryKey: true, calls: 2 });
    expect(server.requests.map((request) => [request.key, request.status])).toEqual([
      [PRIMARY, 401],
      [SECONDARY, 200],
    ]);
  });

  it('reports invalid-key when both keys are refused', async () => {
    server.revokeKey(PRIMARY);
    server.revokeKey(SECONDARY);
    const result = await airports(config());
    expect(!result.ok && result.error).toMatchObject({ kind: 'invalid-key', status: 401, calls: 2 });
  });

  it('recovers from a one-off 401 with the secondary key', async () => {
    server.setFault({ type: 'unauthorized', times: 1 });
    const result = await waitTimes(config(), 'ARN');
    expect(result.ok && result.value).toMatchObject({ usedSecondaryKey: true, calls: 2 });
  });

  it.each([
    [{ type: 'quota' }, { kind: 'quota', status: 403, retryAfterSeconds: 25_280 }],
    [
      { type: 'quota', retryAfter: 90_000, retryAfterHeader: false },
      { kind: 'quota', retryAfterSeconds: 90_000 },
    ],
    [
      { type: 'rate-limit', retryAfter: 5 },
      { kind: 'rate-limited', status: 429, retryAfterSeconds: 5 },
    ],
    [
      { type: 'rate-limit', retryAfterHeader: false },
      { kind: 'rate-limited', retryAfterSeconds: 56 },
    ],
    [{ type: 'server-error' }, { kind: 'server', status: 500 }],
    [{ type: 'malformed' }, { kind: 'malformed', status: 200 }],
    [{ type: 'drop' }, { kind: 'network' }],
  ] as const)('fault %j → %j, one call', async (fault, expected) => {
    server.setFault(fault);
    const result = await waitTimes(config(), 'ARN');
    expect(!result.ok && result.error).toMatchObject({ ...expected, calls: 1 });
  });

  it('reads a truncated XML answer as malformed', async () => {
    server.setOptions({ forceXml: true });
    server.setFault({ type: 'malformed' });
    const result = await airports(infoConfig());
    expect(!result.ok && result.error).toMatchObject({ kind: 'malformed', calls: 1 });
  });

  it('times out on a slow answer', async () => {
    server.setFault({ type: 'slow', ms: 500 });
    const result = await waitTimes(config({ timeoutMs: 50 }), 'ARN');
    expect(!result.ok && result.error).toEqual({ kind: 'timeout', calls: 1 });
  });

  it('skips entries of the wrong shape and keeps the rest', async () => {
    const broken: Record<string, unknown> = {
      id: 2,
      queueName: 'Security Broken',
      currentProjectedWaitTime: 'n/a',
      isFastTrack: false,
      terminal: 'T9',
      latitude: 59.6,
      longitude: 17.9,
    };
    server.setWaitTimes('ARN', [
      {
        id: 1,
        queueName: 'Security North',
        currentProjectedWaitTime: 50,
        isFastTrack: false,
        terminal: '',
        latitude: 59.6,
        longitude: 17.9,
      },
      broken as WaitTimeEntryInput,
    ]);
    const result = await waitTimes(config(), 'ARN');
    expect(result.ok && result.value.queues).toEqual([
      expect.objectContaining({ id: 1, minutes: 50, terminal: null, measuredAt: '2026-09-29T13:27:04Z' }),
    ]);
  });

  it('sends nothing for a bad code', async () => {
    const result = await waitTimes(config(), 'A1');
    expect(!result.ok && result.error).toMatchObject({ kind: 'invalid-iata', calls: 0 });
    expect(server.requests).toHaveLength(0);
  });
});

describe('per-flight wait times against the reference server', () => {
  it('asks the v2 flights path with the normalised flight id and reads the two Terminal 5F queues', async () => {
    const result = await flightWaitTimes(config(), 'arn', 'tg 961', '2026-09-29');
    expect(sentPaths()).toEqual(['/waittimepublic/v2/airports/ARN/flights?flightid=TG961&date=2026-09-29']);
    expect(result.ok && result.value.queues.map((queue) => [queue.id, queue.minutes, queue.terminal])).toEqual([
      [23, 0, 'T5'],
      [24, 4, 'T5'],
    ]);
    expect(result.ok && result.value).toMatchObject({ activeStations: 2, calls: 1 });
  });

  it('says flight-not-found for a departure the server does not know', async () => {
    const result = await flightWaitTimes(config(), 'ARN', 'SK1415', '2026-09-30');
    expect(!result.ok && result.error).toMatchObject({
      kind: 'flight-not-found',
      serverMessage: 'No departure flightdata found for SK1415 at ARN on the 2026-09-30',
      calls: 1,
    });
  });
});
