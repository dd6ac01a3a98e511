import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  airportAccessRefused,
  airportApiUrl,
  airportCalls,
  airportFeedCalls,
  airportFeedUrls,
  airportKeys,
  recentAirports,
} from '@/lib/settings';
import { fetchBoard, readRoute } from '@/lib/wait-times/board-call';
import { forgetRefusal, rememberRefusal } from '@/lib/wait-times/feed-access';
import { readBoard } from '@/lib/wait-times/cache';
import { monthOf } from '@/lib/wait-times/connection';
import { getDb } from '@/lib/db';

const CPH = 'https://cphwaitingtime.z6.web.core.windows.net/waitingtime.json';

function stubPermissions(granted: string[]) {
  const permissions = { contains: vi.fn(async ({ origins }: { origins: string[] }) => origins.every((o) => granted.includes(o))) };
  (fakeBrowser as unknown as { permissions: object }).permissions = permissions;
  return permissions;
}

function stubFetch(answer: (url: string) => Response) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => answer(String(input)));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

beforeEach(async () => {
  await airportApiUrl.setValue('https://api.swedavia.se');
});
afterEach(() => {
  delete (fakeBrowser as unknown as { permissions?: object }).permissions;
  vi.unstubAllGlobals();
});

describe('fetchBoard: route → host access → reader → count → save', () => {
  it('an airport without a source: nothing asked, nothing sent', async () => {
    const fetch = stubFetch(() => new Response('{}'));
    expect(await fetchBoard('LHR')).toEqual({ ok: false, error: { kind: 'no-source', reason: 'origin-locked' } });
    expect(await fetchBoard('XYZ')).toEqual({ ok: false, error: { kind: 'no-source', reason: 'unknown' } });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a feed whose host is not granted: says so, with a refusal remembered before, and sends nothing', async () => {
    const fetch = stubFetch(() => new Response('{}'));
    const permissions = stubPermissions([]);
    expect(await fetchBoard('cph')).toEqual({
      ok: false,
      error: { kind: 'needs-access', source: 'cph', origin: 'https://cphwaitingtime.z6.web.core.windows.net', refusedAt: null },
    });
    expect(permissions.contains).toHaveBeenCalledWith({ origins: ['https://cphwaitingtime.z6.web.core.windows.net/*'] });
    await rememberRefusal('https://cphwaitingtime.z6.web.core.windows.net', 1234);
    expect(await fetchBoard('CPH')).toMatchObject({ ok: false, error: { kind: 'needs-access', refusedAt: 1234 } });
    await forgetRefusal('https://cphwaitingtime.z6.web.core.windows.net');
    expect(await airportAccessRefused.getValue()).toEqual({});
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a granted feed: reads it, counts the request per source, saves the board under its address and remembers the airport', async () => {
    stubPermissions(['https://cphwaitingtime.z6.web.core.windows.net/*']);
    stubFetch(() => Response.json({ t2WaitingTimeInterval: '10-15', t3WaitingTimeInterval: '0-5' }));
    const result = await fetchBoard('CPH');
    expect(result.ok && [result.value.address, result.value.board.source, result.value.board.checkpoints.length]).toEqual([CPH, 'cph', 2]);
    expect(await airportFeedCalls.getValue()).toEqual({ month: monthOf(new Date()), counts: { cph: 1 } });
    expect((await airportCalls.getValue()).count).toBe(0);
    expect((await readBoard(CPH, 'CPH'))?.board.checkpoints.map((c) => c.id)).toEqual(['T2', 'T3']);
    expect(await recentAirports.getValue()).toEqual(['CPH']);
    // Its readings too, one per terminal, by Copenhagen's clock (lib/readings/).
    const kept = await (await getDb()).getAll('readings');
    expect(kept.map(({ source, iata, checkpoint, low, high }) => [source, iata, checkpoint, low, high])).toEqual([
      ['cph', 'CPH', 'T2', 10, 15],
      ['cph', 'CPH', 'T3', 0, 5],
    ]);
  });

  it('a feed that failed: counted too, the saved board kept, and the failure named with its source', async () => {
    stubPermissions(['https://www.dublinairport.com/*']);
    stubFetch(() => new Response('<html>Access Denied</html>', { status: 403, headers: { 'content-type': 'text/html' } }));
    expect(await fetchBoard('DUB')).toEqual({
      ok: false,
      error: { kind: 'airport', source: 'dub', error: { kind: 'blocked', status: 403, calls: 1 } },
    });
    expect((await airportFeedCalls.getValue()).counts).toEqual({ dub: 1 });
    expect(await recentAirports.getValue()).toEqual([]);
  });

  it('asks the address the person set, and Swedavia’s website for a Swedish airport without a key', async () => {
    stubPermissions(['https://mirror.example/*', 'https://www.swedavia.com/*']);
    const fetch = stubFetch((url) =>
      url.includes('mirror') ? Response.json({ timeMinutesRounded: 4 }) : Response.json({ queueTimesList: [] }),
    );
    await airportFeedUrls.setValue({ osl: 'https://mirror.example/osl' });
    await fetchBoard('OSL');
    await fetchBoard('BMA');
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual([
      'https://mirror.example/osl',
      'https://www.swedavia.com/services/queuetimes/v2/airport/en/BMA/true',
    ]);
  });

  it('a saved key switches Swedavia’s airports to the API', async () => {
    expect((await readRoute('ARN')).kind).toBe('feed');
    await airportKeys.setValue({ primary: 'key', secondary: '', origin: 'https://api.swedavia.se' });
    expect(await readRoute('ARN')).toMatchObject({ kind: 'api', source: 'swedavia-api' });
    expect(await readRoute('CPH')).toMatchObject({ kind: 'feed', source: 'cph' });
  });

  it('spends no request on an answer nobody wants any more', async () => {
    stubPermissions(['https://www.schiphol.nl/*']);
    const fetch = stubFetch(() => Response.json({}));
    expect(await fetchBoard('AMS', { stillWanted: () => false })).toEqual({ ok: false, error: { kind: 'dropped' } });
    expect(fetch).not.toHaveBeenCalled();
  });
});
