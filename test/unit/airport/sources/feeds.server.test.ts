// @vitest-environment node
// Each source read from its reference server (test/servers/airport-sources), as the side panel
// reads it: Node's own fetch, which unpacks gzip as a browser does; the servers send no CORS headers.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FeedId } from '@/lib/airport/airport-board';
import { readFeed } from '@/lib/airport/sources/read';
import { feedUrl } from '@/lib/airport/sources/catalog';
import { startFeedServers, type FeedServer } from '../../../servers/airport-sources/server.mjs';

const CLOCK = Date.UTC(2026, 8, 29, 13, 27, 4);
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

const AIRPORT: Record<FeedId, string> = {
  'swedavia-web': 'ARN',
  cph: 'CPH',
  osl: 'OSL',
  ams: 'AMS',
  fra: 'FRA',
  muc: 'MUC',
  dus: 'DUS',
  dub: 'DUB',
  edi: 'EDI',
};
const ids = Object.keys(AIRPORT) as FeedId[];
const read = (id: FeedId, timeoutMs?: number) =>
  readFeed(id, { url: feedUrl(servers[id].feedUrl, AIRPORT[id]), timeoutMs }, AIRPORT[id], CLOCK + 60_000);

/** What the panel draws of a board: each checkpoint's name, terminal and wait in words Pushgate would choose. */
const rows = async (id: FeedId) => {
  const result = await read(id);
  if (!result.ok) throw new Error(`${id}: ${result.error.kind}`);
  return result.value.checkpoints.map((c) => [c.name, c.terminal, c.wait && Object.values(c.wait).join(' ')]);
};

describe('the demo of each feed, read as the real one', () => {
  it.each<[FeedId, unknown[]]>([
    [
      'swedavia-web',
      [
        ['Terminal 2', 'T2', 'range 0 5'],
        ['Terminal 4', 'T4', 'range 5 10'],
        ['Terminal 5', 'T5', 'range 10 15'],
      ],
    ],
    [
      'cph',
      [
        ['Terminal 2', 'T2', 'range 10 15'],
        ['Terminal 3', 'T3', 'range 0 5'],
      ],
    ],
    ['osl', [['Security', null, 'minutes 7']]],
    [
      'ams',
      [
        ['Security filter 1', null, 'minutes 7'],
        ['Security filter 2', null, 'minutes 3'],
        ['Security filter 3', null, 'minutes 16'],
        ['Security filter 4', null, 'minutes 0'],
      ],
    ],
    [
      'fra',
      [
        ['Security checkpoint, Concourse A', 'T1', 'minutes 5'],
        ['Security checkpoint, Concourse B', 'T1', 'range 10 15'],
        ['Security checkpoint, Concourse C', 'T1', 'under 5'],
        ['Security checkpoint, Concourse D', 'T2', 'minutes 20'],
        ['Security checkpoint, Concourse E', 'T2', 'minutes 8'],
      ],
    ],
    [
      'muc',
      [
        ['Security North', 'T2', 'minutes 4'],
        ['Security South', 'T2', 'minutes 7'],
      ],
    ],
    [
      'dus',
      [
        ['Sicherheitskontrolle A', null, 'minutes 6'],
        ['Sicherheitskontrolle B', null, 'minutes 11'],
        ['Sicherheitskontrolle C', null, 'minutes 3'],
      ],
    ],
    [
      'dub',
      [
        ['Terminal 1', 'T1', 'minutes 5'],
        ['Terminal 2', 'T2', 'minutes 12'],
      ],
    ],
    ['edi', [['Security', null, 'minutes 4']]],
  ])('%s', async (id, expected) => {
    expect(await rows(id)).toEqual(expected);
    const [request] = servers[id].requests;
    // Compressed, as the sites send it; asked for as JSON, with no cookie and no borrowed origin.
    expect(request).toMatchObject({ method: 'GET', status: 200, gzip: true, accept: 'application/json', cookie: null, origin: null });
  });

  it('says which source, airport and clock each board is', async () => {
    const board = await read('cph');
    expect(board.ok && [board.value.source, board.value.iata, board.value.timeZone, board.value.measuredAt]).toEqual([
      'cph',
      'CPH',
      'Europe/Copenhagen',
      '2026-09-29T13:27:04Z',
    ]);
    const ams = await read('ams');
    expect(ams.ok && ams.value.measuredAt).toBe('2026-09-29T13:26:04Z');
  });

  it('asks Düsseldorf with the header its feed needs', async () => {
    await read('dus');
    expect(servers.dus.requests.map((r) => r.requestedWith)).toEqual(['XMLHttpRequest']);
  });

  it('reads Swedavia’s website for the airport asked for', async () => {
    const result = await readFeed('swedavia-web', { url: feedUrl(servers['swedavia-web'].feedUrl, 'got') }, 'got', CLOCK);
    expect(result.ok && [result.value.iata, result.value.checkpoints.map((c) => c.name)]).toEqual(['GOT', ['Landvetter']]);
    expect(servers['swedavia-web'].requests[0]!.path).toBe('/services/queuetimes/v2/airport/en/GOT/true');
  });
});

describe('a feed whose key was renamed: the values it lost are missing, never wrong', () => {
  it.each<[FeedId, unknown]>([
    [
      'swedavia-web',
      [
        ['Terminal 2', 'T2', null],
        ['Terminal 4', 'T4', null],
        ['Terminal 5', 'T5', null],
      ],
    ],
    [
      'cph',
      [
        ['Terminal 2', 'T2', 'range 10 15'],
        ['Terminal 3', 'T3', null],
      ],
    ],
    [
      'ams',
      [
        ['Security filter 1', null, 'minutes 7'],
        ['Security filter 2', null, 'minutes 3'],
        ['Security filter 3', null, null],
        ['Security filter 4', null, 'minutes 0'],
      ],
    ],
    [
      'dub',
      [
        ['Terminal 1', 'T1', 'minutes 5'],
        ['Terminal 2', 'T2', null],
      ],
    ],
    [
      'dus',
      [
        ['Sicherheitskontrolle A', null, null],
        ['Sicherheitskontrolle B', null, null],
        ['Sicherheitskontrolle C', null, null],
      ],
    ],
  ])('%s', async (id, expected) => {
    servers[id].setShape('renamed');
    expect(await rows(id)).toEqual(expected);
  });

  it.each<FeedId>(['osl', 'muc', 'edi'])('%s, with nothing left to read: the feed changed', async (id) => {
    servers[id].setShape('renamed');
    expect(await read(id)).toEqual({ ok: false, error: { kind: 'feed-changed', calls: 1 } });
  });

  it('fra, its status renamed: every checkpoint without a value', async () => {
    servers.fra.setShape('renamed');
    expect((await rows('fra')).map(([, , wait]) => wait)).toEqual([null, null, null, null, null]);
  });
});

describe('what a website does when it will not serve', () => {
  it.each<[string, Parameters<FeedServer['setFault']>[0], Record<string, unknown>]>([
    ['a web page instead of data', { type: 'html' }, { kind: 'not-a-feed', status: 200 }],
    ['a 403', { type: 'blocked' }, { kind: 'blocked', status: 403 }],
    ['a 401', { type: 'blocked', status: 401 }, { kind: 'blocked', status: 401 }],
    ['a 404: the feed moved', { type: 'not-found' }, { kind: 'not-found', status: 404 }],
    ['a 503', { type: 'server-error', status: 503 }, { kind: 'server', status: 503 }],
    ['a 429', { type: 'rate-limit', retryAfter: 120 }, { kind: 'rate-limited', status: 429, retryAfterSeconds: 120 }],
    ['an empty 200', { type: 'empty' }, { kind: 'feed-changed', status: 200 }],
    ['a dropped connection', { type: 'drop' }, { kind: 'network' }],
  ])('%s', async (_name, fault, error) => {
    servers.cph.setFault(fault);
    const result = await read('cph');
    expect(result).toEqual({ ok: false, error: { ...error, calls: 1 } });
  });

  it('a slow answer ends at the time limit', async () => {
    servers.ams.setFault({ type: 'slow', ms: 2000 });
    expect(await read('ams', 150)).toEqual({ ok: false, error: { kind: 'timeout', calls: 1 } });
  });

  it('Düsseldorf’s page where its feed should be: not a feed', async () => {
    const result = await readFeed(
      'dus',
      { url: servers.dus.feedUrl, fetch: (input, init) => fetch(input, { ...init, headers: {} }) },
      'DUS',
    );
    expect(result.ok || result.error.kind).toBe('not-a-feed');
  });

  it.each(ids)('%s: a 403 is a refusal, never a board', async (id) => {
    servers[id].setFault({ type: 'blocked' });
    const result = await read(id);
    expect(result.ok || result.error.kind).toBe('blocked');
  });
});
