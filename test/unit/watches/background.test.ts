import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { getDb } from '@/lib/db';
import { forgetReadingsWithHistory } from '@/lib/readings/history-switch';
import { keepReadings } from '@/lib/readings/store';
import { airportFeedUrls, airportWatches, airportWatchesEnded, historySettings, myFlight } from '@/lib/settings';
import { checkWatches, registerWatches, WATCHES_ALARM } from '@/lib/watches/background';
import { watchMessages, type WatchRequest } from '@/lib/watches/messages';
import { CHECK_EVERY_MS, WATCH_LIFETIME_MS } from '@/lib/watches/plan';
import { deliverMessagesFrom } from '@/test/support/extension-messages';

const MIN = 60_000;
const T0 = Date.parse('2026-09-29T05:00:00Z');
const DUB = 'https://dub.example/times';
const requests: string[] = [];
let stateChanged: ((state: string) => void) | null = null;
let idleState: 'active' | 'idle' | 'locked' = 'active';

const under10: WatchRequest = {
  iata: 'DUB',
  target: { kind: 'checkpoint', id: 'T1', name: 'Terminal 1' },
  rule: { kind: 'under', minutes: 10 },
};

beforeEach(async () => {
  requests.length = 0;
  idleState = 'active';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      requests.push(String(input));
      return Response.json({ T1: '= 12', T2: '= 5' });
    }),
  );
  Object.assign(fakeBrowser as object, {
    permissions: { contains: async ({ origins }: { origins: string[] }) => origins.every((origin) => origin === 'https://dub.example/*') },
    idle: {
      queryState: async () => idleState,
      setDetectionInterval: vi.fn(),
      onStateChanged: { addListener: (listener: (state: string) => void) => (stateChanged = listener) },
    },
  });
  await airportFeedUrls.setValue({ dub: DUB });
  registerWatches();
  deliverMessagesFrom('/sidepanel.html');
});
afterEach(() => {
  delete (fakeBrowser as unknown as { permissions?: object }).permissions;
  delete (fakeBrowser as unknown as { idle?: object }).idle;
  vi.unstubAllGlobals();
});

const alarm = () => fakeBrowser.alarms.get(WATCHES_ALARM);

describe('the watches in the background', () => {
  it('sets a watch the side panel asks for, with its end decided here, and one alarm five minutes on', async () => {
    const before = Date.now();
    const answer = await watchMessages.send('watches:add', under10);
    expect(answer).toMatchObject({ ok: true, watch: { iata: 'DUB', rule: { kind: 'under', minutes: 10 } } });
    const [watch] = await airportWatches.getValue();
    expect(watch!.endsAt - watch!.setAt).toBe(WATCH_LIFETIME_MS);
    expect(watch!.setAt).toBeGreaterThanOrEqual(before);
    // The first check runs at once.
    await vi.waitFor(() => expect(requests).toEqual([DUB]));
    await vi.waitFor(async () => expect(await fakeBrowser.alarms.getAll()).toEqual([expect.objectContaining({ name: WATCHES_ALARM })]));
    expect((await alarm())!.scheduledTime).toBeGreaterThanOrEqual(before + CHECK_EVERY_MS);
  });

  it('a new threshold on the same checkpoint replaces the old one; at most ten watches', async () => {
    await watchMessages.send('watches:add', under10);
    await watchMessages.send('watches:add', { ...under10, rule: { kind: 'under', minutes: 5 } });
    expect((await airportWatches.getValue()).map(({ rule }) => rule)).toEqual([{ kind: 'under', minutes: 5 }]);
    for (let i = 2; i <= 10; i += 1) {
      expect(
        await watchMessages.send('watches:add', { ...under10, target: { kind: 'checkpoint', id: `X${i}`, name: `Gate ${i}` } }),
      ).toMatchObject({ ok: true });
    }
    expect(await watchMessages.send('watches:add', { ...under10, target: { kind: 'checkpoint', id: 'X11', name: 'Gate 11' } })).toEqual({
      ok: false,
      reason: 'too-many',
    });
  });

  it.each<[name: string, request: unknown, reason: string]>([
    ['minutes out of range', { ...under10, rule: { kind: 'under', minutes: 0 } }, 'invalid'],
    ['minutes not whole', { ...under10, rule: { kind: 'over', minutes: 2.5 } }, 'invalid'],
    ['leaving earlier is about a flight', { ...under10, rule: { kind: 'leave-earlier' } }, 'invalid'],
    ['no airport code', { ...under10, iata: 'DUBLIN' }, 'invalid'],
    [
      'a flight that is not My flight',
      {
        iata: 'DUB',
        target: { kind: 'flight', flight: { iata: 'DUB', flight: 'EI110', date: '2099-01-01', departs: '10:00' }, baselineMinutes: 5 },
        rule: { kind: 'leave-earlier' },
      },
      'invalid',
    ],
    ['an airport without a source', { ...under10, iata: 'LHR' }, 'no-source'],
    ['an airport whose website was not allowed', { ...under10, iata: 'CPH' }, 'no-access'],
  ])('refuses %s', async (_name, request, reason) => {
    expect(await watchMessages.send('watches:add', request as WatchRequest)).toEqual({ ok: false, reason });
    expect(await airportWatches.getValue()).toEqual([]);
  });

  it('a flight that has left cannot be watched', async () => {
    const flight = { iata: 'DUB', flight: 'EI110', date: '2020-01-01', departs: '10:00' };
    await myFlight.setValue(flight);
    expect(
      await watchMessages.send('watches:add', {
        iata: 'DUB',
        target: { kind: 'flight', flight, baselineMinutes: 5 },
        rule: { kind: 'leave-earlier' },
      }),
    ).toEqual({
      ok: false,
      reason: 'flight-left',
    });
  });

  it('Stop ends it, listed as stopped; with none left the alarm goes', async () => {
    const answer = await watchMessages.send('watches:add', under10);
    await vi.waitFor(async () => expect(await alarm()).toBeDefined());
    expect(await watchMessages.send('watches:stop', { id: answer.ok ? answer.watch.id : '' })).toBe(true);
    expect(await airportWatches.getValue()).toEqual([]);
    expect(await airportWatchesEnded.getValue()).toEqual([expect.objectContaining({ reason: 'stopped' })]);
    await vi.waitFor(async () => expect(await alarm()).toBeUndefined());
    expect(await watchMessages.send('watches:dismiss', { id: answer.ok ? answer.watch.id : '' })).toBe(true);
    expect(await airportWatchesEnded.getValue()).toEqual([]);
  });

  it('a restarted worker, or a browser that lost the alarm, goes on from storage: the floor still holds', async () => {
    await airportWatches.setValue([{ id: 'w', ...under10, setAt: T0, endsAt: T0 + WATCH_LIFETIME_MS }]);
    expect(await checkWatches(T0)).toBe(1);
    expect((await alarm())?.scheduledTime).toBe(T0 + CHECK_EVERY_MS);
    // The browser restarts without its alarms; onStartup checks again two minutes later.
    await fakeBrowser.alarms.clearAll();
    expect(await checkWatches(T0 + 2 * MIN)).toBe(0);
    expect((await alarm())?.scheduledTime).toBe(T0 + CHECK_EVERY_MS);
    // Its alarm fires when due.
    expect(await checkWatches(T0 + CHECK_EVERY_MS)).toBe(1);
    expect(requests).toEqual([DUB, DUB]);
  });

  it('its alarm runs a check; other alarms do not', async () => {
    await airportWatches.setValue([{ id: 'w', ...under10, setAt: Date.now(), endsAt: Date.now() + WATCH_LIFETIME_MS }]);
    await fakeBrowser.alarms.onAlarm.trigger({ name: 'pushgate-receipts', scheduledTime: Date.now(), persistAcrossSessions: true });
    expect(requests).toEqual([]);
    await fakeBrowser.alarms.onAlarm.trigger({ name: WATCHES_ALARM, scheduledTime: Date.now(), persistAcrossSessions: true });
    await vi.waitFor(() => expect(requests).toEqual([DUB]));
  });

  it('away from the computer: the alarm goes; back, the check is made at once', async () => {
    await airportWatches.setValue([{ id: 'w', ...under10, setAt: Date.now(), endsAt: Date.now() + WATCH_LIFETIME_MS }]);
    idleState = 'idle';
    expect(await checkWatches()).toBe(0);
    expect(await alarm()).toBeUndefined();
    idleState = 'active';
    stateChanged!('active');
    await vi.waitFor(() => expect(requests).toEqual([DUB]));
    await vi.waitFor(async () => expect(await alarm()).toBeDefined());
  });
});

describe('the readings and the history’s switch', () => {
  it('switched off, the readings are forgotten', async () => {
    forgetReadingsWithHistory();
    await keepReadings([
      { source: 'dub', iata: 'DUB', checkpoint: 'T1', date: '2026-09-29', weekday: 2, step: 24, at: Date.now(), low: 5, high: 5 },
    ]);
    await historySettings.setValue({ keep: true, forgetExpiredAfterDays: 30 });
    expect(await (await getDb()).count('readings')).toBe(1);
    await historySettings.setValue({ keep: false, forgetExpiredAfterDays: 30 });
    await vi.waitFor(async () => expect(await (await getDb()).count('readings')).toBe(0));
  });
});
