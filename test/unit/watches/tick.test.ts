import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { getDb } from '@/lib/db';
import {
  airportApiUrl,
  airportCalls,
  airportFeedUrls,
  airportKeys,
  airportWatches,
  airportWatchesEnded,
  airportWatchesState,
  leaveByBuffers,
  myFlight,
} from '@/lib/settings';
import { saveBoard } from '@/lib/wait-times/cache';
import { monthOf } from '@/lib/wait-times/connection';
import { CHECK_EVERY_MS, endsAtFor, WATCH_LIFETIME_MS, WATCH_QUOTA_CEILING } from '@/lib/watches/plan';
import { runTick, type TickDeps } from '@/lib/watches/tick';
import type { Watch } from '@/lib/watches/types';

const MIN = 60_000;
/** Tuesday 29 September 2026, 06:00 in Dublin (UTC+1). */
const T0 = Date.parse('2026-09-29T05:00:00Z');
const DUB = 'https://dub.example/times';
const API = 'https://api.swedavia.se';

let clock = T0;
let idle: 'active' | 'idle' | 'locked' = 'active';
let online = true;
const deps: TickDeps = { now: () => clock, idleState: async () => idle, online: () => online };

/** Dublin's feed, its figures by the test's clock: each entry from `at` on (a schedule the test sets). */
let schedule: Array<{ from: number; body: unknown }> = [];
const requests: string[] = [];

function stubFeeds() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      requests.push(url);
      if (url.startsWith(API)) return Response.json({ activeMeasurementStations: 1, waitTimes: [] });
      const body = [...schedule].reverse().find((entry) => entry.from <= clock)?.body ?? { T1: '= 12', T2: '= 5' };
      return Response.json(body);
    }),
  );
}

function grant(origins: string[]) {
  (fakeBrowser as unknown as { permissions: object }).permissions = {
    contains: async ({ origins: asked }: { origins: string[] }) => asked.every((origin) => origins.includes(origin)),
  };
}

const notifications = () => Object.values(fakeBrowser.notifications.getAllCreateOptions()) as Array<{ title: string; message: string }>;

function watch(over: Partial<Watch> = {}): Watch {
  return {
    id: 'w1',
    iata: 'DUB',
    target: { kind: 'checkpoint', id: 'T1', name: 'Terminal 1' },
    rule: { kind: 'under', minutes: 10 },
    setAt: T0,
    endsAt: endsAtFor(T0),
    ...over,
  };
}

beforeEach(async () => {
  clock = T0;
  idle = 'active';
  online = true;
  schedule = [];
  requests.length = 0;
  stubFeeds();
  grant(['https://dub.example/*']);
  await airportFeedUrls.setValue({ dub: DUB });
});
afterEach(() => {
  delete (fakeBrowser as unknown as { permissions?: object }).permissions;
  vi.unstubAllGlobals();
});

describe('a check of the watches, on the test’s clock', () => {
  it('without watches writes nothing (every start of the browser checks), but drops ended ones past their day and a pause', async () => {
    const write = vi.spyOn(fakeBrowser.storage.local, 'set');
    expect(await runTick(deps)).toEqual({ nextAt: null, requests: 0 });
    expect(write).not.toHaveBeenCalled();

    await airportWatchesEnded.setValue([
      { ...watch({ id: 'old' }), endedAt: T0 - 25 * 60 * MIN, reason: 'met' },
      { ...watch({ id: 'new' }), endedAt: T0 - MIN, reason: 'stopped' },
    ]);
    await airportWatchesState.setValue({ lastCheckAt: T0 - 10 * MIN, paused: 'offline' });
    write.mockClear();
    expect(await runTick(deps)).toEqual({ nextAt: null, requests: 0 });
    expect((await airportWatchesEnded.getValue()).map((ended) => ended.id)).toEqual(['new']);
    expect(await airportWatchesState.getValue()).toEqual({ lastCheckAt: T0 - 10 * MIN, paused: null });
    write.mockClear();
    await runTick(deps);
    expect(write).not.toHaveBeenCalled();
    expect(requests).toEqual([]);
  });

  it('asks at most once per five minutes per airport, whatever the number of watches there', async () => {
    await airportWatches.setValue([
      watch(),
      watch({ id: 'w2', target: { kind: 'checkpoint', id: 'T2', name: 'Terminal 2' }, rule: { kind: 'over', minutes: 30 } }),
    ]);
    expect(await runTick(deps)).toEqual({ nextAt: T0 + CHECK_EVERY_MS, requests: 1 });
    clock = T0 + 2 * MIN;
    expect(await runTick(deps)).toEqual({ nextAt: T0 + CHECK_EVERY_MS, requests: 0 });
    clock = T0 + CHECK_EVERY_MS;
    expect(await runTick(deps)).toEqual({ nextAt: T0 + 2 * CHECK_EVERY_MS, requests: 1 });
    expect(requests).toEqual([DUB, DUB]);
    expect((await airportWatches.getValue()).map(({ id, last }) => [id, last?.wait])).toEqual([
      ['w1', { kind: 'minutes', minutes: 12 }],
      ['w2', { kind: 'minutes', minutes: 5 }],
    ]);
  });

  it('a board the side panel fetched less than five minutes ago answers the check: no request', async () => {
    await saveBoard(
      DUB,
      {
        source: 'dub',
        iata: 'DUB',
        timeZone: 'Europe/Dublin',
        checkpoints: [
          { id: 'T1', name: 'Terminal 1', terminal: 'T1', fastTrack: false, wait: { kind: 'minutes', minutes: 4 }, measuredAt: null },
        ],
        measuredAt: null,
        activeStations: null,
      },
      T0 - 3 * MIN,
    );
    await airportWatches.setValue([watch()]);
    expect(await runTick(deps)).toEqual({ nextAt: null, requests: 0 });
    expect(requests).toEqual([]);
    expect((await airportWatchesEnded.getValue()).map(({ reason }) => reason)).toEqual(['met']);
  });

  it('notifies once when the queue drops under the threshold, naming the airport, checkpoint, value and age, then ends', async () => {
    schedule = [
      { from: 0, body: { T1: '= 12', T2: '= 5' } },
      { from: T0 + 9 * MIN, body: { T1: '= 6', T2: '= 5' } },
    ];
    await airportWatches.setValue([watch()]);
    await runTick(deps);
    expect(notifications()).toEqual([]);
    clock = T0 + 10 * MIN;
    await runTick(deps);
    expect(notifications()).toEqual([
      { type: 'basic', iconUrl: expect.any(String), title: 'Under 10 min at DUB', message: expect.any(String) },
    ]);
    // 06:10 on Dublin's clock, said as its time when the browser's differs.
    expect(notifications()[0]!.message).toMatch(
      /^\u2068Terminal 1\u2069, Dublin Airport \(DUB\): 6 min, measured at 06:10( AM)?( \(Irish time\))?, just now\.$/,
    );
    expect(await airportWatches.getValue()).toEqual([]);
    expect(await airportWatchesEnded.getValue()).toEqual([expect.objectContaining({ id: 'w1', reason: 'met', endedAt: clock })]);
    // Nothing left to watch: no next check.
    clock = T0 + 20 * MIN;
    expect(await runTick(deps)).toEqual({ nextAt: null, requests: 0 });
    expect(notifications()).toHaveLength(1);
  });

  it('never notifies about a reading older than 15 minutes, and goes on watching', async () => {
    await airportFeedUrls.setValue({ cph: 'https://cph.example/w.json' });
    grant(['https://cph.example/*']);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        // Copenhagen's own time, 20 minutes before the clock: a figure the site has not renewed.
        Response.json({ t2WaitingTimeInterval: '0-5', t3WaitingTimeInterval: '0-5', deliveryId: '2026-09-29T06:40:00' }),
      ),
    );
    await airportWatches.setValue([watch({ iata: 'CPH', target: { kind: 'checkpoint', id: 'T2', name: 'Terminal 2' } })]);
    expect(await runTick(deps)).toEqual({ nextAt: T0 + CHECK_EVERY_MS, requests: 1 });
    expect(notifications()).toEqual([]);
    expect(await airportWatches.getValue()).toHaveLength(1);
  });

  it('ends a watch after six hours without a request, saying so', async () => {
    await airportWatches.setValue([watch()]);
    clock = T0 + WATCH_LIFETIME_MS;
    expect(await runTick(deps)).toEqual({ nextAt: null, requests: 0 });
    expect(requests).toEqual([]);
    expect(await airportWatchesEnded.getValue()).toEqual([expect.objectContaining({ reason: 'expired' })]);
    expect(notifications().map(({ title, message }) => [title, message])).toEqual([
      ['Queue watch ended', '\u2068Terminal 1\u2069, Dublin Airport (DUB): under 10 min. Ended after 6 hours.'],
    ]);
  });

  describe('My flight', () => {
    const flight = { iata: 'DUB', flight: 'EI110', date: '2026-09-29', departs: '10:00', terminal: 'T1' };
    // 10:00 in Dublin.
    const departure = Date.parse('2026-09-29T09:00:00Z');
    const leaving = watch({
      id: 'f1',
      target: { kind: 'flight', flight, baselineMinutes: 12 },
      rule: { kind: 'leave-earlier' },
      endsAt: endsAtFor(T0, departure),
    });

    beforeEach(async () => {
      await myFlight.setValue(flight);
      await leaveByBuffers.setValue({ toAirportMinutes: 45, toGateMinutes: 20 });
    });

    it('tells the person to leave earlier once the queue counted grew by 10 minutes, with the new time', async () => {
      schedule = [
        { from: 0, body: { T1: '= 12', T2: '= 5' } },
        { from: T0 + 9 * MIN, body: { T1: '= 25', T2: '= 5' } },
      ];
      await airportWatches.setValue([leaving]);
      await runTick(deps);
      expect(notifications()).toEqual([]);
      clock = T0 + 10 * MIN;
      await runTick(deps);
      const [shown] = notifications();
      expect(shown!.title).toBe('Leave earlier for EI110');
      // 10:00 less 20 min to the gate, 25 min of queue and 45 min to the airport.
      expect(shown!.message).toMatch(
        /^Leave by 08:30( AM)?( \(Irish time\))?: the queue at Dublin Airport \(DUB\) is 25 min now, measured at .+\. It was 12 min when you set this watch\.$/,
      );
    });

    it('ends, quietly and without a request, once the flight has left', async () => {
      await airportWatches.setValue([leaving]);
      clock = departure;
      expect(await runTick(deps)).toEqual({ nextAt: null, requests: 0 });
      expect(await airportWatchesEnded.getValue()).toEqual([expect.objectContaining({ id: 'f1', reason: 'flight-left' })]);
      expect(notifications()).toEqual([]);
    });

    it('ends when My flight is changed', async () => {
      await airportWatches.setValue([leaving]);
      await myFlight.setValue({ ...flight, departs: '11:00' });
      await runTick(deps);
      expect(await airportWatchesEnded.getValue()).toEqual([expect.objectContaining({ reason: 'flight-changed' })]);
      expect(requests).toEqual([]);
    });
  });

  it('stops the watches on Swedavia’s API before its quota would run out, saying so once; others go on', async () => {
    await airportApiUrl.setValue(API);
    await airportKeys.setValue({ primary: 'primary-key-0001', secondary: '', origin: API });
    grant(['https://api.swedavia.se/*', 'https://dub.example/*']);
    await airportCalls.setValue({ month: monthOf(new Date(T0)), count: WATCH_QUOTA_CEILING });
    await airportWatches.setValue([
      watch({ id: 'arn', iata: 'ARN', target: { kind: 'checkpoint', id: '5', name: 'Security Terminal 2' } }),
      watch({ id: 'got', iata: 'GOT', target: { kind: 'checkpoint', id: '3', name: 'Security' } }),
      watch({ id: 'dub' }),
    ]);
    expect(await runTick(deps)).toEqual({ nextAt: T0 + CHECK_EVERY_MS, requests: 1 });
    expect(requests).toEqual([DUB]);
    expect((await airportWatches.getValue()).map(({ id }) => id)).toEqual(['dub']);
    expect((await airportWatchesEnded.getValue()).map(({ id, reason }) => [id, reason]).sort()).toEqual([
      ['arn', 'quota'],
      ['got', 'quota'],
    ]);
    expect(notifications().map(({ title, message }) => [title, message])).toEqual([
      [
        'Queue watches stopped',
        'Swedavia’s monthly quota would run out (9,500 of 10,000 requests used this month): the watches on Swedish airports stopped.',
      ],
    ]);
  });

  it('while the person is away: no request, paused, no next alarm; back, the check is made', async () => {
    await airportWatches.setValue([watch()]);
    idle = 'locked';
    expect(await runTick(deps)).toEqual({ nextAt: null, requests: 0 });
    expect(await airportWatchesState.getValue()).toEqual({ lastCheckAt: null, paused: 'idle' });
    idle = 'active';
    expect(await runTick(deps)).toEqual({ nextAt: T0 + CHECK_EVERY_MS, requests: 1 });
    expect(await airportWatchesState.getValue()).toEqual({ lastCheckAt: T0, paused: null });
  });

  it('offline: no request, tried again a step later', async () => {
    await airportWatches.setValue([watch()]);
    online = false;
    expect(await runTick(deps)).toEqual({ nextAt: T0 + CHECK_EVERY_MS, requests: 0 });
    expect(await airportWatchesState.getValue()).toEqual({ lastCheckAt: null, paused: 'offline' });
    expect(requests).toEqual([]);
  });

  it('ends a watch whose host access was taken back, saying so, without a request', async () => {
    grant([]);
    await airportWatches.setValue([watch()]);
    await runTick(deps);
    expect(requests).toEqual([]);
    expect(await airportWatchesEnded.getValue()).toEqual([expect.objectContaining({ reason: 'no-access' })]);
    expect(notifications()[0]!.message).toMatch(/Pushgate may no longer read this airport’s source\.$/);
  });

  it('goes on after a failure in passing, and keeps the readings of what it fetched', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<h1>Server Error</h1>', { status: 503, headers: { 'content-type': 'text/html' } })),
    );
    await airportWatches.setValue([watch()]);
    expect(await runTick(deps)).toEqual({ nextAt: T0 + CHECK_EVERY_MS, requests: 0 });
    expect(await airportWatches.getValue()).toHaveLength(1);
    stubFeeds();
    clock = T0 + CHECK_EVERY_MS;
    await runTick(deps);
    const kept = await (await getDb()).getAll('readings');
    expect(kept.map(({ iata, checkpoint, low }) => [iata, checkpoint, low])).toEqual([
      ['DUB', 'T1', 12],
      ['DUB', 'T2', 5],
    ]);
  });

  it('a Stop written meanwhile wins over the check’s own write', async () => {
    await airportWatches.setValue([watch()]);
    const fetch = vi.mocked(globalThis.fetch);
    fetch.mockImplementationOnce(async () => {
      await airportWatches.setValue([]);
      return Response.json({ T1: '= 12', T2: '= 5' });
    });
    await runTick(deps);
    expect(await airportWatches.getValue()).toEqual([]);
  });
});
