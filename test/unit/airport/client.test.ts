import { describe, expect, it } from 'vitest';
import { airports, flightWaitTimes, waitTimes } from '@/lib/airport/client';
import type { AirportConfig } from '@/lib/airport/types';
import { AIRPORTS, AIRPORTS_XML, ARN_V1_PEAK, ARN_V2, ERRORS, WAIT_XML_V1 } from './fixtures';

interface Sent {
  url: string;
  path: string;
  key: string | null;
  accept: string | null;
  method: string | undefined;
  credentials: RequestCredentials | undefined;
}
type Reply = { status: number; body?: string; headers?: Record<string, string> } | 'network' | 'hang';

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) => ({
  status,
  body: typeof body === 'string' ? body : JSON.stringify(body),
  headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
});

/** A fetch that records what was sent and answers from `route`. */
function recordingFetch(route: (sent: Sent, index: number) => Reply) {
  const sent: Sent[] = [];
  const fakeFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const headers = new Headers(init?.headers);
    const request: Sent = {
      url,
      path: new URL(url).pathname,
      key: headers.get('Ocp-Apim-Subscription-Key'),
      accept: headers.get('Accept'),
      method: init?.method,
      credentials: init?.credentials,
    };
    sent.push(request);
    const reply = route(request, sent.length - 1);
    if (reply === 'network') throw new TypeError('Failed to fetch');
    if (reply === 'hang') {
      return new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    }
    return new Response(reply.status === 204 ? null : (reply.body ?? ''), { status: reply.status, headers: reply.headers });
  }) as typeof globalThis.fetch;
  return { fetch: fakeFetch, sent };
}

const BASE = 'https://gw.example';
const config = (fetch: typeof globalThis.fetch, extra: Partial<AirportConfig> = {}): AirportConfig => ({
  baseUrl: BASE,
  key: 'primary-key-0001',
  fetch,
  ...extra,
});

/** The real gateway: only v2 paths exist (docs/airport-api.md#paths). */
const v2Only =
  (body: unknown) =>
  (sent: Sent): Reply =>
    sent.path.includes('/v2/') ? json(body) : json(ERRORS.notFound, 404);
/** A server of the spec's shape only (the reference server's opt-in v1 mode). */
const v1Only =
  (body: unknown) =>
  (sent: Sent): Reply =>
    sent.path.includes('/v1/') ? json(body) : json(ERRORS.notFound, 404);

describe('requests', () => {
  it("sends the real gateway's v2 path first, the key, Accept JSON and no credentials; the code upper-cased", async () => {
    const { fetch, sent } = recordingFetch(() => json(ARN_V1_PEAK));
    const result = await waitTimes(config(fetch, { baseUrl: `${BASE}/` }), ' arn ');
    expect(sent).toEqual([
      {
        url: `${BASE}/waittimepublic/v2/airports/ARN`,
        path: '/waittimepublic/v2/airports/ARN',
        key: 'primary-key-0001',
        accept: 'application/json',
        method: 'GET',
        credentials: 'omit',
      },
    ]);
    expect(result).toEqual({
      ok: true,
      value: expect.objectContaining({ apiVersion: 'v2', usedSecondaryKey: false, calls: 1, measuredAt: '2026-06-19T04:55:04Z' }),
    });
    expect(result.ok && result.value.queues.map((queue) => queue.minutes)).toEqual([12, 3, 6, 18, 4, 9, 47]);
  });

  it("lists airports on the gateway's v2 path", async () => {
    const { fetch, sent } = recordingFetch(() => json(AIRPORTS));
    const result = await airports(config(fetch));
    expect(sent.map((request) => request.path)).toEqual(['/airportinfo/v2/airports']);
    expect(result.ok && result.value).toEqual({ airports: AIRPORTS, apiVersion: 'v2', usedSecondaryKey: false, calls: 1 });
  });

  it.each([
    ['empty', ''],
    ['two letters', 'AR'],
    ['digits', 'A1N'],
  ])('refuses an invalid code (%s) without a request', async (_, code) => {
    const { fetch, sent } = recordingFetch(() => json(ARN_V2));
    const result = await waitTimes(config(fetch), code);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatchObject({ kind: 'invalid-iata', calls: 0 });
    expect(sent).toHaveLength(0);
  });

  it('refuses to call without any key', async () => {
    const { fetch, sent } = recordingFetch(() => json(ARN_V2));
    const result = await waitTimes(config(fetch, { key: '  ' }), 'ARN');
    expect(!result.ok && result.error).toEqual({ kind: 'missing-key', calls: 0 });
    expect(sent).toHaveLength(0);
  });
});

describe('API version fallback', () => {
  it("asks the real gateway's v2 first: one call, and says v2 answered", async () => {
    const { fetch, sent } = recordingFetch(v2Only(ARN_V2));
    const first = await waitTimes(config(fetch), 'ARN');
    expect(sent.map((request) => request.path)).toEqual(['/waittimepublic/v2/airports/ARN']);
    expect(first.ok && first.value).toMatchObject({ apiVersion: 'v2', calls: 1 });
    expect(first.ok && first.value.queues).toHaveLength(7);
  });

  it("falls back to the spec's v1 on 404, counts both calls and says v1 answered", async () => {
    const { fetch, sent } = recordingFetch(v1Only(ARN_V1_PEAK));
    const first = await waitTimes(config(fetch), 'ARN');
    expect(sent.map((request) => request.path)).toEqual(['/waittimepublic/v2/airports/ARN', '/waittimepublic/v1/airports/ARN']);
    expect(first.ok && first.value).toMatchObject({ apiVersion: 'v1', calls: 2 });
  });

  it('asks first the version the config names: one call when it is right', async () => {
    const { fetch, sent } = recordingFetch(v1Only(ARN_V1_PEAK));
    const second = await waitTimes(config(fetch, { apiVersion: 'v1' }), 'BMA');
    expect(sent.map((request) => request.path)).toEqual(['/waittimepublic/v1/airports/BMA']);
    expect(second.ok && second.value).toMatchObject({ apiVersion: 'v1', calls: 1 });
    await airports(config(fetch, { apiVersion: 'v1' }));
    expect(sent[1]?.path).toBe('/airportinfo/v1/airport');
  });

  it('starts with the version given in the config, and falls back from v2 to v1 too', async () => {
    const { fetch, sent } = recordingFetch((request) => (request.path.includes('/v1/') ? json(AIRPORTS) : json(ERRORS.notFound, 404)));
    const result = await airports(config(fetch, { apiVersion: 'v2' }));
    expect(sent.map((request) => request.path)).toEqual(['/airportinfo/v2/airports', '/airportinfo/v1/airport']);
    expect(result.ok && result.value).toMatchObject({ apiVersion: 'v1', calls: 2 });
  });

  it('reports not-found when neither version exists, naming no version', async () => {
    const { fetch, sent } = recordingFetch(() => json(ERRORS.notFound, 404));
    const result = await waitTimes(config(fetch), 'ARN');
    expect(!result.ok && result.error).toMatchObject({ kind: 'not-found', status: 404, calls: 2 });
    expect(!result.ok && result.error.apiVersion).toBeUndefined();
    expect(sent).toHaveLength(2);
  });

  it('names the version of an error answer that is not 404', async () => {
    const { fetch } = recordingFetch((request) =>
      request.path.includes('/v1/') ? json(ERRORS.unsupported, 400) : json(ERRORS.notFound, 404),
    );
    const result = await waitTimes(config(fetch), 'MMX');
    expect(!result.ok && result.error.apiVersion).toBe('v1');
  });
});

describe('keys', () => {
  const secondaryOnly =
    (body: unknown) =>
    (request: Sent): Reply =>
      request.key === 'secondary-key-0002' ? json(body) : json(ERRORS.invalidKey, 401);

  it('retries once with the secondary key on 401 and says so', async () => {
    const { fetch, sent } = recordingFetch(secondaryOnly(ARN_V2));
    const result = await waitTimes(config(fetch, { secondaryKey: 'secondary-key-0002' }), 'ARN');
    expect(sent.map((request) => request.key)).toEqual(['primary-key-0001', 'secondary-key-0002']);
    expect(result.ok && result.value).toMatchObject({ usedSecondaryKey: true, calls: 2 });
  });

  it('counts version fallback and key retry together', async () => {
    const { fetch, sent } = recordingFetch((request) =>
      request.path.includes('/v2/') ? json(ERRORS.notFound, 404) : secondaryOnly(AIRPORTS)(request),
    );
    const result = await airports(config(fetch, { secondaryKey: 'secondary-key-0002' }));
    expect(sent.map((request) => `${request.path} ${request.key}`)).toEqual([
      '/airportinfo/v2/airports primary-key-0001',
      '/airportinfo/v1/airport primary-key-0001',
      '/airportinfo/v1/airport secondary-key-0002',
    ]);
    expect(result.ok && result.value).toMatchObject({ apiVersion: 'v1', usedSecondaryKey: true, calls: 3 });
  });

  it('reports invalid-key when both keys are refused', async () => {
    const { fetch } = recordingFetch(() => json(ERRORS.invalidKey, 401));
    const result = await waitTimes(config(fetch, { secondaryKey: 'secondary-key-0002' }), 'ARN');
    expect(!result.ok && result.error).toMatchObject({ kind: 'invalid-key', status: 401, calls: 2, apiVersion: 'v2' });
    expect(!result.ok && result.error.serverMessage).toMatch(/invalid subscription key/);
  });

  it.each([
    ['no secondary key', undefined],
    ['the same key twice', 'primary-key-0001'],
    ['a blank secondary key', '  '],
  ])('does not retry with %s', async (_, secondaryKey) => {
    const { fetch, sent } = recordingFetch(() => json(ERRORS.invalidKey, 401));
    const result = await waitTimes(config(fetch, { secondaryKey }), 'ARN');
    expect(!result.ok && result.error).toMatchObject({ kind: 'invalid-key', calls: 1 });
    expect(sent).toHaveLength(1);
  });

  it('uses the secondary key alone when there is no primary', async () => {
    const { fetch, sent } = recordingFetch(() => json(ARN_V2));
    const result = await waitTimes(config(fetch, { key: '', secondaryKey: 'secondary-key-0002' }), 'ARN');
    expect(sent.map((request) => request.key)).toEqual(['secondary-key-0002']);
    expect(result.ok && result.value.usedSecondaryKey).toBe(true);
  });
});

describe('error answers', () => {
  it.each([
    ['a JSON string', json(ERRORS.unsupported, 400)],
    [
      'XML',
      { status: 400, body: '<string xmlns="urn:x">Airport KRN not supported</string>', headers: { 'content-type': 'application/xml' } },
    ],
  ])('400 "not supported" as %s → unsupported-airport', async (_, reply) => {
    const { fetch } = recordingFetch(() => reply);
    const result = await waitTimes(config(fetch), 'MMX');
    expect(!result.ok && result.error).toMatchObject({ kind: 'unsupported-airport', status: 400, calls: 1 });
    expect(!result.ok && result.error.serverMessage).toMatch(/^Airport [A-Z]{3} not supported$/);
  });

  it("another 400 → bad-request with the server's text", async () => {
    const { fetch } = recordingFetch(() => json('Invalid airport code: AR1', 400));
    const result = await waitTimes(config(fetch), 'ARN');
    expect(!result.ok && result.error).toMatchObject({ kind: 'bad-request', serverMessage: 'Invalid airport code: AR1' });
  });

  it('the unknown-departure 400 → flight-not-found', async () => {
    const { fetch } = recordingFetch(() => json(ERRORS.unknownFlight, 400));
    const result = await flightWaitTimes(config(fetch), 'ARN', 'XX0000', '2026-09-29');
    expect(!result.ok && result.error).toMatchObject({
      kind: 'flight-not-found',
      serverMessage: 'No departure flightdata found for XX0000 at ARN on the 2026-09-29',
    });
  });

  it.each([
    ['403 with Retry-After', json(ERRORS.quota, 403, { 'retry-after': '25280' }), 'quota', 25_280],
    ['403 without Retry-After: read from the message', json(ERRORS.quota, 403), 'quota', 25_280],
    ['403 with a day count', json({ statusCode: 403, message: 'Quota will be replenished in 2.01:00:00.' }, 403), 'quota', 176_400],
    ['429 with Retry-After', json(ERRORS.rateLimit, 429, { 'retry-after': '56' }), 'rate-limited', 56],
    ['429 without Retry-After', json(ERRORS.rateLimit, 429), 'rate-limited', 56],
    ['429 with nothing to go on', { status: 429 }, 'rate-limited', undefined],
  ] as const)('%s', async (_, reply, kind, seconds) => {
    const { fetch } = recordingFetch(() => reply);
    const result = await waitTimes(config(fetch), 'ARN');
    expect(!result.ok && result.error).toMatchObject({ kind, calls: 1 });
    expect(!result.ok && result.error.retryAfterSeconds).toBe(seconds);
  });

  it.each([
    ['500', { status: 500, body: '' }, 'server'],
    ['502 HTML', { status: 502, body: '<html>Bad gateway</html>', headers: { 'content-type': 'text/html' } }, 'server'],
    ['network down', 'network', 'network'],
    ['bad JSON', { status: 200, body: '{"waitTimes": [', headers: { 'content-type': 'application/json' } }, 'malformed'],
    [
      'an HTML page',
      { status: 200, body: '<!DOCTYPE html><html>Wi-Fi login</html>', headers: { 'content-type': 'text/html' } },
      'malformed',
    ],
    ['JSON without a list', json({ activeMeasurementStations: 3 }), 'malformed'],
    ['unknown XML', { status: 200, body: '<Error><Code>1</Code></Error>', headers: { 'content-type': 'application/xml' } }, 'malformed'],
  ] as const)('%s → %s, one call, no retry', async (_, reply, kind) => {
    const { fetch, sent } = recordingFetch(() => reply);
    const result = await waitTimes(config(fetch), 'ARN');
    expect(!result.ok && result.error).toMatchObject({ kind, calls: 1 });
    expect(sent).toHaveLength(1);
  });

  it('times out', async () => {
    const { fetch } = recordingFetch(() => 'hang');
    const result = await waitTimes(config(fetch, { timeoutMs: 20 }), 'ARN');
    expect(!result.ok && result.error).toEqual({ kind: 'timeout', calls: 1 });
  });
});

describe('bodies', () => {
  it('reads a wait-time XML answer', async () => {
    const { fetch } = recordingFetch(() => ({
      status: 200,
      body: WAIT_XML_V1,
      headers: { 'content-type': 'application/xml; charset=utf-8' },
    }));
    const result = await waitTimes(config(fetch), 'ARN');
    expect(result.ok && result.value.queues.map((queue) => queue.id)).toEqual([24, 1]);
  });

  it('reads an airport XML answer', async () => {
    const { fetch } = recordingFetch(() => ({ status: 200, body: AIRPORTS_XML, headers: { 'content-type': 'text/xml' } }));
    const result = await airports(config(fetch));
    expect(result.ok && result.value.airports.map((airport) => airport.iata)).toEqual(['ARN', 'GOT']);
  });

  it('reads 204 as an airport without active checkpoints', async () => {
    const { fetch } = recordingFetch(() => ({ status: 204 }));
    const result = await waitTimes(config(fetch), 'BMA');
    expect(result.ok && result.value).toEqual({
      queues: [],
      measuredAt: null,
      activeStations: 0,
      apiVersion: 'v2',
      usedSecondaryKey: false,
      calls: 1,
    });
  });

  it('an empty airport list answer is malformed', async () => {
    const { fetch } = recordingFetch(() => ({ status: 200, body: '' }));
    const result = await airports(config(fetch));
    expect(!result.ok && result.error).toMatchObject({ kind: 'malformed', calls: 1 });
  });
});
