// @vitest-environment node
// Reference server: Rack::Attack's throttle on by default, as on a real instance (docs/password-pusher.md#throttling).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPwpushServer, type PwpushServer } from './server.mjs';
import { ALICE, call, manualClock } from './helpers';

const clock = manualClock();
let server: PwpushServer;
beforeAll(async () => {
  server = await startPwpushServer({ now: clock.now });
});
afterAll(() => server.close());
beforeEach(() => server.reset());

async function statuses(count: number, path = '/api/v2/version'): Promise<number[]> {
  const answers = await Promise.all(Array.from({ length: count }, () => call(server, path)));
  return answers.map((answer) => answer.status);
}

describe('throttle', () => {
  it('answers the 61st request of one second 429 "Retry later" with Retry-After', async () => {
    expect(new Set(await statuses(60))).toEqual(new Set([200]));
    const refused = await call(server, '/api/v2/pushes/active', { token: ALICE });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(refused.text).toBe('Retry later\n');
    expect(refused.headers.get('retry-after')).toBe('1');
  });

  it('answers the 121st request of one minute 429, until the minute ends', async () => {
    // At the start of a minute, so that two seconds fit in it.
    clock.advance(60_000 - (clock.now() % 60_000));
    expect(new Set(await statuses(60))).toEqual(new Set([200]));
    clock.advance(1_000);
    expect(new Set(await statuses(60))).toEqual(new Set([200]));
    clock.advance(1_000);
    const refused = await call(server, '/api/v2/version');
    expect(refused.status).toBe(429);
    // The seconds to the next whole minute, the window Rack::Attack counts in.
    const left = 60 - (Math.floor(clock.now() / 1000) % 60);
    expect(refused.headers.get('retry-after')).toBe(String(left));
    clock.advance((left - 1) * 1000);
    expect((await call(server, '/api/v2/version')).status).toBe(429);
    clock.advance(1_000);
    expect((await call(server, '/api/v2/version')).status).toBe(200);
  });

  it('counts the refused requests too, and every path but /up', async () => {
    expect(new Set(await statuses(60, '/'))).toEqual(new Set([200]));
    expect((await call(server, '/p/unknown')).status).toBe(429);
    expect((await call(server, '/up')).status).toBe(200);
  });

  it('is off with `throttle: false` and forgotten by reset()', async () => {
    server.setOptions({ throttle: false });
    expect(new Set(await statuses(130))).toEqual(new Set([200]));
    server.reset();
    expect(new Set(await statuses(60))).toEqual(new Set([200]));
    expect((await call(server, '/api/v2/version')).status).toBe(429);
    server.reset();
    expect((await call(server, '/api/v2/version')).status).toBe(200);
  });

  it('takes other limits', async () => {
    server.setOptions({ throttle: { perSecond: 2, perMinute: 4 } });
    expect(await statuses(3)).toEqual([200, 200, 429]);
    clock.advance(1_000);
    expect(await statuses(1)).toEqual([200]);
    expect(await statuses(1)).toEqual([429]);
  });
});
