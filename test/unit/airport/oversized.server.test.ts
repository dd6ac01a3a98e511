// @vitest-environment node
// The airport client against a hostile gateway's oversized answers (test/servers/airport/hostile.mjs):
// it stops reading just past each call's limit, fails as too-large with the request counted, and
// reads answers of tens of queues or airports as it always did.
import { Window } from 'happy-dom';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { airports, flightWaitTimes, waitTimes } from '@/lib/airport/client';
import { AIRPORTS_MAX_BYTES, WAIT_TIMES_MAX_BYTES } from '@/lib/airport/answer-limits';
import type { AirportConfig } from '@/lib/airport/types';
import { startAirportServer, type AirportServer } from '../../servers/airport/server.mjs';

let server: AirportServer;
const window = new Window();
beforeAll(async () => {
  Object.assign(globalThis, { DOMParser: window.DOMParser });
  server = await startAirportServer();
});
afterAll(async () => {
  Reflect.deleteProperty(globalThis, 'DOMParser');
  await window.happyDOM.close();
  await server.close();
});
beforeEach(() => server.reset());

const board: AirportConfig = { baseUrl: '', key: 'primary-key-0001' };
const cfg = (extra: Partial<AirportConfig> = {}): AirportConfig => ({ ...board, baseUrl: server.url, ...extra });
/** Loopback sockets and stream queues hold a few MiB between the two ends. */
const IN_FLIGHT = 16 * 1024 * 1024;

async function sent(): Promise<number> {
  await expect.poll(() => server.oversizedSent.length, { timeout: 5000 }).toBe(1);
  return server.oversizedSent[0]!;
}

describe('a board of 100,000 queues', () => {
  it.each([false, true])('is refused just past the limit, the request counted (XML: %s)', async (xml) => {
    server.setOptions({ forceXml: xml });
    server.setFault({ type: 'huge', count: 100_000 });
    const started = Date.now();
    const result = await waitTimes(cfg(), 'ARN');
    expect(result).toEqual({
      ok: false,
      error: { kind: 'too-large', calls: 1, status: 200, apiVersion: 'v2', limitBytes: WAIT_TIMES_MAX_BYTES },
    });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await sent()).toBeLessThan(WAIT_TIMES_MAX_BYTES + IN_FLIGHT);
  });

  it('is refused on the per-flight path too', async () => {
    server.setFault({ type: 'huge', count: 100_000 });
    expect(await flightWaitTimes(cfg(), 'ARN', 'TG961', '2026-09-29')).toMatchObject({ ok: false, error: { kind: 'too-large', calls: 1 } });
  });

  it('of a hundred queues is read as ever', async () => {
    server.setFault({ type: 'huge', count: 100 });
    const result = await waitTimes(cfg(), 'ARN');
    expect(result.ok && result.value.queues).toHaveLength(100);
  });
});

describe('an airport list of 100,000 airports', () => {
  it('is refused; one of fifty is read', async () => {
    const info = cfg({ key: 'info-key-0003' });
    server.setFault({ type: 'huge', count: 100_000 });
    expect(await airports(info)).toMatchObject({ ok: false, error: { kind: 'too-large', calls: 1, limitBytes: AIRPORTS_MAX_BYTES } });
    expect(await sent()).toBeLessThan(AIRPORTS_MAX_BYTES + IN_FLIGHT);
    server.setFault({ type: 'huge', count: 50 });
    const list = await airports(info);
    expect(list.ok && list.value.airports).toHaveLength(50);
  });
});

describe('an answer without end', () => {
  it('is refused at the limit when it is fast, in JSON or XML', async () => {
    server.setFault({ type: 'endless' });
    expect(await waitTimes(cfg(), 'ARN')).toMatchObject({ ok: false, error: { kind: 'too-large', calls: 1 } });
    server.setOptions({ forceXml: true });
    expect(await waitTimes(cfg(), 'BMA')).toMatchObject({ ok: false, error: { kind: 'too-large', calls: 1 } });
  });

  it('ends at the time limit when it drips, counted', async () => {
    server.setFault({ type: 'endless', chunkDelayMs: 10 });
    const started = Date.now();
    expect(await waitTimes(cfg({ timeoutMs: 300 }), 'ARN')).toEqual({ ok: false, error: { kind: 'timeout', calls: 1 } });
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
