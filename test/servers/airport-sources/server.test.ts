// @vitest-environment node
// The feed servers: each real path and shape, gzip when accepted, the required header, the faults.
import { gunzipSync } from 'node:zlib';
import { request } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FEED_PATHS, startFeedServer, startFeedServers, type FeedId, type FeedServer } from './server.mjs';

const CLOCK = Date.UTC(2026, 8, 29, 13, 27, 4, 987);
let servers: Record<FeedId, FeedServer>;
beforeAll(async () => {
  servers = await startFeedServers({ now: () => CLOCK });
});
afterAll(async () => {
  await Promise.all(Object.values(servers ?? {}).map((server) => server.close()));
});
beforeEach(() => {
  for (const server of Object.values(servers)) server.reset();
});

const ids = Object.keys(FEED_PATHS) as FeedId[];
const addressOf = (id: FeedId, iata = 'ARN') => servers[id].feedUrl.replace('{IATA}', iata);
const headersFor = (id: FeedId): Record<string, string> => (id === 'dus' ? { 'X-Requested-With': 'XMLHttpRequest' } : {});

/** A raw GET, so the test sees the bytes and headers as sent (Node's fetch would unpack gzip itself). */
function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('every feed', () => {
  it.each(ids)('%s answers its demo at its real path, as JSON without CORS headers, and logs the request', async (id) => {
    const response = await fetch(addressOf(id), { headers: headersFor(id) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(await response.json()).toBeTruthy();
    expect(servers[id].requests).toEqual([expect.objectContaining({ method: 'GET', status: 200 })]);
  });

  it.each(ids)('%s gzips its answer when the client accepts it, as the sites do', async (id) => {
    const plain = await rawGet(addressOf(id), headersFor(id));
    expect(plain.headers['content-encoding']).toBeUndefined();
    const packed = await rawGet(addressOf(id), { ...headersFor(id), 'Accept-Encoding': 'gzip, deflate, br' });
    expect(packed.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(packed.body).toString('utf8'))).toEqual(JSON.parse(plain.body.toString('utf8')));
    expect(servers[id].requests.map((r) => r.gzip)).toEqual([false, true]);
  });

  it.each(ids)('%s answers another path with a 404 page, and another method with 405', async (id) => {
    expect((await fetch(`${servers[id].url}/nothing-here`)).status).toBe(404);
    expect((await fetch(addressOf(id), { method: 'POST', headers: headersFor(id) })).status).toBe(405);
  });

  it.each(ids)('%s renames a key on request (the feed’s next change), and serves a body set by the test', async (id) => {
    const demo = await (await fetch(addressOf(id), { headers: headersFor(id) })).json();
    servers[id].setShape('renamed');
    const renamed = await (await fetch(addressOf(id), { headers: headersFor(id) })).json();
    expect(renamed).not.toEqual(demo);
    servers[id].setShape('current');
    servers[id].setBody({ any: 'thing' });
    expect(await (await fetch(addressOf(id), { headers: headersFor(id) })).json()).toEqual({ any: 'thing' });
  });
});

describe('the faults a website shows', () => {
  const cph = () => servers.cph;

  it.each<[string, Parameters<FeedServer['setFault']>[0], number, string]>([
    ['a web page instead of data', { type: 'html' }, 200, 'text/html; charset=utf-8'],
    ['a refusal', { type: 'blocked' }, 403, 'text/html; charset=utf-8'],
    ['a refusal as 401', { type: 'blocked', status: 401 }, 401, 'text/html; charset=utf-8'],
    ['a moved feed', { type: 'not-found' }, 404, 'text/html; charset=utf-8'],
    ['a server error', { type: 'server-error', status: 503 }, 503, 'text/html; charset=utf-8'],
    ['an empty 200', { type: 'empty' }, 200, 'application/json; charset=utf-8'],
  ])('%s', async (_name, fault, status, type) => {
    cph().setFault(fault);
    const response = await fetch(cph().feedUrl);
    expect([response.status, response.headers.get('content-type')]).toEqual([status, type]);
  });

  it('a rate limit says when to come back', async () => {
    cph().setFault({ type: 'rate-limit', retryAfter: 120 });
    const response = await fetch(cph().feedUrl);
    expect([response.status, response.headers.get('retry-after')]).toEqual([429, '120']);
  });

  it('a fault for a number of requests, then the feed again', async () => {
    cph().setFault({ type: 'blocked', times: 1 });
    expect((await fetch(cph().feedUrl)).status).toBe(403);
    expect((await fetch(cph().feedUrl)).status).toBe(200);
  });

  it('a slow answer comes late, a dropped one never', async () => {
    cph().setFault({ type: 'slow', ms: 150, times: 1 });
    const started = Date.now();
    expect((await fetch(cph().feedUrl)).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    cph().setFault({ type: 'drop' });
    await expect(fetch(cph().feedUrl)).rejects.toThrow();
    expect(cph().requests.at(-1)!.status).toBeNull();
  });

  it('refuses a fault a test cannot have meant', () => {
    expect(() => cph().setFault({ type: 'teapot' } as never)).toThrow(TypeError);
    expect(() => cph().setFault({ type: 'slow', ms: -1 })).toThrow(RangeError);
    expect(() => cph().setFault({ type: 'html', times: 0 })).toThrow(RangeError);
  });
});

describe('what each feed is like', () => {
  it('Düsseldorf serves its feed to an XMLHttpRequest only: anything else gets the site’s page', async () => {
    const page = await fetch(addressOf('dus'));
    expect([page.status, page.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
    expect(await page.text()).toMatch(/^<!DOCTYPE html>/);
    const feed = await fetch(addressOf('dus'), { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
    expect((await feed.json()).data).toHaveLength(3);
    expect(servers.dus.requests.map((r) => r.requestedWith)).toEqual([null, 'XMLHttpRequest']);
  });

  it('Copenhagen: both terminals as intervals, delivered on Copenhagen’s clock', async () => {
    expect(await (await fetch(addressOf('cph'))).json()).toEqual({
      t2WaitingTime: 12,
      t2WaitingTimeInterval: '10-15',
      t3WaitingTime: 3,
      t3WaitingTimeInterval: '0-5',
      deliveryId: '2026-09-29T15:27:04',
    });
  });

  it('Schiphol: seconds, updated on Amsterdam’s clock with its offset', async () => {
    const body = await (await fetch(addressOf('ams'))).json();
    expect(body.VF1).toEqual({ waitTimeInSeconds: 420, updated: '2026-09-29T15:26:04+02:00' });
  });

  it('Dublin: strings with "="', async () => {
    expect(await (await fetch(addressOf('dub'))).json()).toEqual({ T1: '= 5', T2: '= 12' });
  });

  it('Swedavia’s website: the airport in the path, an empty list for an airport without data', async () => {
    expect((await (await fetch(addressOf('swedavia-web', 'ARN'))).json()).queueTimesList).toHaveLength(3);
    expect((await (await fetch(addressOf('swedavia-web', 'got'))).json()).queueTimesList).toEqual([
      { locationName: 'Landvetter', interval: '5-10 min' },
    ]);
    expect(await (await fetch(addressOf('swedavia-web', 'MMX'))).json()).toEqual({ queueTimesList: [] });
    expect((await fetch(addressOf('swedavia-web', 'AR1'))).status).toBe(404);
  });

  it('a body can follow the clock and the airport', async () => {
    servers['swedavia-web'].setBody((_now: number, iata?: string) => ({
      queueTimesList: [{ locationName: `Terminal of ${iata}`, interval: '1 min' }],
    }));
    expect((await (await fetch(addressOf('swedavia-web', 'BMA'))).json()).queueTimesList[0].locationName).toBe('Terminal of BMA');
  });
});

describe('a queue that changes on a schedule the test sets', () => {
  it('serves each entry’s body from its time on the server’s clock, setBody’s before the first, and forgets it on reset', async () => {
    let clock = CLOCK;
    const dub = await startFeedServer('dub', { now: () => clock });
    try {
      const ask = async () => (await fetch(dub.feedUrl)).json();
      dub.setBody({ T1: '= 30', T2: '= 30' });
      dub.setSchedule([
        { from: CLOCK + 60_000, body: { T1: '= 12', T2: '= 5' } },
        { from: CLOCK + 10 * 60_000, body: (now: number) => ({ T1: `= ${Math.round((now - CLOCK) / 60_000) - 8}`, T2: '= 5' }) },
      ]);
      expect(await ask()).toEqual({ T1: '= 30', T2: '= 30' });
      clock = CLOCK + 60_000;
      expect(await ask()).toEqual({ T1: '= 12', T2: '= 5' });
      clock = CLOCK + 12 * 60_000;
      expect(await ask()).toEqual({ T1: '= 4', T2: '= 5' });
      expect(() =>
        dub.setSchedule([
          { from: 2, body: null },
          { from: 1, body: null },
        ]),
      ).toThrow(TypeError);
      dub.reset();
      expect(await ask()).toEqual({ T1: '= 5', T2: '= 12' });
    } finally {
      await dub.close();
    }
  });
});
