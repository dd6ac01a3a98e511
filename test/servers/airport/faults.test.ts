// @vitest-environment node
// The fault switches: 401, 403/429 with Retry-After, 500, slow, malformed, dropped.
import { describe, expect, it } from 'vitest';
import { INFO_KEY, INVALID, KEY, useAirportServer } from './harness';
import { startAirportServer } from './server.mjs';

const { server, get, getJson } = useAirportServer();

describe('faults', () => {
  it('answers 401 while the unauthorized fault is set', async () => {
    server().setFault({ type: 'unauthorized' });
    expect(await getJson('/waittimepublic/v2/airports/ARN')).toMatchObject({ status: 401, body: { statusCode: 401, message: INVALID } });
    server().setFault(null);
    expect((await getJson('/waittimepublic/v2/airports/ARN')).status).toBe(200);
  });

  it('answers 403 quota with Retry-After and the time to replenishment', async () => {
    server().setFault({ type: 'quota', retryAfter: 3661 });
    const { status, headers, body } = await getJson('/waittimepublic/v2/airports/ARN');
    expect(status).toBe(403);
    expect(headers.get('retry-after')).toBe('3661');
    expect(body).toEqual({ statusCode: 403, message: 'Out of call volume quota. Quota will be replenished in 01:01:01.' });

    server().setFault({ type: 'quota' });
    const fallback = await getJson('/waittimepublic/v2/airports/ARN');
    expect(fallback.headers.get('retry-after')).toBe('25280');
    expect(fallback.body).toMatchObject({ message: 'Out of call volume quota. Quota will be replenished in 07:01:20.' });

    server().setFault({ type: 'quota', retryAfter: 2 * 86_400 + 5 });
    expect((await getJson('/airportinfo/v2/airports', { 'Ocp-Apim-Subscription-Key': INFO_KEY })).body).toMatchObject({
      message: expect.stringContaining('in 2.00:00:05.'),
    });
  });

  it('answers 429 rate limit with Retry-After, or without the header when asked', async () => {
    server().setFault({ type: 'rate-limit', retryAfter: 5 });
    const limited = await getJson('/waittimepublic/v2/airports/ARN');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('5');
    expect(limited.body).toEqual({ statusCode: 429, message: 'Rate limit is exceeded. Try again in 5 seconds.' });

    server().setFault({ type: 'rate-limit', retryAfterHeader: false });
    const bare = await getJson('/waittimepublic/v2/airports/ARN');
    expect(bare.headers.get('retry-after')).toBeNull();
    expect(bare.body).toMatchObject({ message: 'Rate limit is exceeded. Try again in 56 seconds.' });
  });

  it('answers 500 with a JSON body', async () => {
    server().setFault({ type: 'server-error' });
    expect(await getJson('/waittimepublic/v2/airports/ARN')).toMatchObject({
      status: 500,
      body: { statusCode: 500, message: 'Internal server error' },
    });
  });

  it('answers late with the slow fault', async () => {
    server().setFault({ type: 'slow', ms: 150 });
    const started = performance.now();
    const { status } = await getJson('/waittimepublic/v2/airports/ARN');
    expect(status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('survives a client that gives up on a slow answer, and closes without waiting for it', async () => {
    server().setFault({ type: 'slow', ms: 200 });
    await expect(
      fetch(`${server().url}/waittimepublic/v2/airports/ARN`, {
        headers: { 'Ocp-Apim-Subscription-Key': KEY },
        signal: AbortSignal.timeout(30),
      }),
    ).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(server().requests[0]?.status).toBeNull();
    expect((await getJson('/waittimepublic/v2/airports/ARN')).status).toBe(200);

    const other = await startAirportServer();
    other.setFault({ type: 'slow', ms: 10_000 });
    const pending = fetch(`${other.url}/airportinfo/v2/airports`, { headers: { 'Ocp-Apim-Subscription-Key': INFO_KEY } }).catch(
      () => 'gone',
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = performance.now();
    await other.close();
    expect(performance.now() - started).toBeLessThan(1000);
    expect(await pending).toBe('gone');
  });

  it('sends a truncated 200 body with the malformed fault', async () => {
    server().setFault({ type: 'malformed' });
    const response = await get('/waittimepublic/v2/airports/ARN');
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text.startsWith('{"activeMeasurementStations":7')).toBe(true);
    expect(() => JSON.parse(text)).toThrow();
  });

  it('drops the connection with the drop fault', async () => {
    server().setFault({ type: 'drop' });
    await expect(get('/waittimepublic/v2/airports/ARN')).rejects.toThrow();
    expect(server().requests[0]?.status).toBeNull();
  });

  it('applies a fault only `times` times and only to matching paths', async () => {
    server().setFault({ type: 'server-error', times: 1, paths: '/airportinfo/' });
    expect((await getJson('/waittimepublic/v2/airports/ARN')).status).toBe(200);
    expect((await getJson('/airportinfo/v2/airports', { 'Ocp-Apim-Subscription-Key': INFO_KEY })).status).toBe(500);
    expect((await getJson('/airportinfo/v2/airports', { 'Ocp-Apim-Subscription-Key': INFO_KEY })).status).toBe(200);
  });

  it('refuses faults that cannot be meant', () => {
    expect(() => server().setFault({ type: 'nope' } as never)).toThrow(TypeError);
    expect(() => server().setFault({ type: 'server-error', times: 0 })).toThrow(RangeError);
    expect(() => server().setFault({ type: 'slow' } as never)).toThrow(RangeError);
  });
});
