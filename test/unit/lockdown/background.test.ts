import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/lib/db';
import { keepReadings } from '@/lib/readings/store';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { listHistory, recordPush } from '@/lib/history/entries';
import { registerLockdown, resumeLockdown, startLockdown } from '@/lib/lockdown/background';
import { lockdownMessages } from '@/lib/lockdown/messages';
import { startState, type LockdownState } from '@/lib/lockdown/state';
import { lockdownState } from '@/lib/lockdown/store';
import { lockdownTiming } from '@/lib/lockdown/timing';
import { lockdownWork } from '@/lib/lockdown/work';
import { airportWatches, instanceUrl, myFlight, recentAirports, setToken } from '@/lib/settings';
import { BASE_URL, makePush, pushRecord } from '@/test/support/pwpush-fixtures';
import { deliverMessagesFrom } from '../../support/extension-messages';

/**
 * An instance with the account's `active` pushes (listed 50 a page, expired with the token) and
 * `anonymous` ones no list holds: expired without a token while deletable by viewers, as from 2.9.6.
 */
function instance(active: string[], anonymous: Record<string, boolean> = {}) {
  const asked: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input));
    const withToken = Boolean((init?.headers as Record<string, string> | undefined)?.Authorization);
    asked.push(`${init?.method ?? 'GET'} ${url.pathname}${url.search}${withToken ? '' : ' (no token)'}`);
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    if (url.pathname === '/api/v2/pushes/active') {
      const page = Number(url.searchParams.get('page'));
      return json(
        200,
        active.slice((page - 1) * 50, page * 50).map((t) => pushRecord({ url_token: t, name: `n-${t}` })),
      );
    }
    const token = url.pathname.split('/').at(-1)!;
    const expired = () =>
      json(200, pushRecord({ url_token: token, expired: true, deleted: true, passphrase: null, expired_on: new Date().toISOString() }));
    if (token in anonymous) {
      if (!anonymous[token]) return json(401, { error: 'That push is not deletable by viewers.' });
      delete anonymous[token];
      return expired();
    }
    if (!active.includes(token)) return json(404, { error: 'not-found' });
    active.splice(active.indexOf(token), 1);
    return expired();
  });
  return asked;
}

async function done(): Promise<LockdownState> {
  // The wipe compacts the history in fake-indexeddb (lib/history/purge-deleted.ts): seconds on a busy machine.
  await vi.waitFor(async () => expect((await lockdownState.getValue())?.phase).toBe('done'), { timeout: 15_000 });
  return (await lockdownState.getValue())!;
}

/** Every value written to storage.local while `run` ran, as JSON. */
async function writtenToLocal(run: () => Promise<unknown>): Promise<string> {
  const writes: string[] = [];
  const set = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
  vi.spyOn(fakeBrowser.storage.local, 'set').mockImplementation(async (items) => {
    writes.push(JSON.stringify(items));
    return set(items);
  });
  await run();
  return writes.join('\n');
}

beforeEach(async () => {
  lockdownTiming.retryBackoffMs = 1;
  await instanceUrl.setValue(BASE_URL);
  await setToken('alice-token', true, BASE_URL);
});

describe('the lockdown in the background', { timeout: 20_000 }, () => {
  it('started from an extension page: expires every active push, wipes, and keeps only the report', async () => {
    const asked = instance(['a1', 'a2', 'a3']);
    await recentAirports.setValue(['ARN', 'GOT']);
    await myFlight.setValue({ iata: 'ARN', flight: 'SK1415', date: '2026-11-27' });
    const at = Date.now();
    await keepReadings(
      [{ source: 'cph', iata: 'CPH', checkpoint: 'T2', date: '2026-11-27', weekday: 5, step: 29, at, low: 10, high: 15 }],
      at,
    );
    await airportWatches.setValue([
      {
        id: 'w',
        iata: 'CPH',
        target: { kind: 'checkpoint', id: 'T2', name: 'Terminal 2' },
        rule: { kind: 'under', minutes: 10 },
        setAt: at,
        endsAt: at + 60_000,
      },
    ]);
    registerLockdown();
    deliverMessagesFrom('/pushes.html');
    const started = await lockdownMessages.send('lockdown:start', { keepTokenForSession: false });
    expect(started).toMatchObject({ phase: 'listing', withToken: true });
    const state = await done();
    expect(state.report).toMatchObject({
      expired: 3,
      gone: 0,
      notDone: [],
      token: 'pending',
      wipe: { history: true, airports: true, token: 'forgotten', compacted: true },
    });
    expect(asked.filter((line) => line.startsWith('DELETE'))).toHaveLength(3);
    expect(await recentAirports.getValue()).toEqual([]);
    expect(await myFlight.getValue()).toBeNull();
    // The queue readings and the watches go with them (lib/wait-times/forget.ts).
    expect(await (await getDb()).count('readings')).toBe(0);
    expect(await airportWatches.getValue()).toEqual([]);
    expect(await fakeBrowser.storage.local.get('apiToken')).toEqual({});
    expect(await fakeBrowser.alarms.getAll()).toEqual([]);
    expect(await fakeBrowser.storage.session.get('lockdownWork')).toEqual({});
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain('"a1"');
  });

  it('never writes a link token to storage.local: the pushes found are in session memory only', async () => {
    instance(['a1', 'a2', 'a3']);
    const written = await writtenToLocal(async () => {
      await startLockdown(false);
      await done();
    });
    expect(written).toContain('"lockdown"');
    expect(['a1', 'a2', 'a3'].filter((token) => written.includes(`"${token}"`))).toEqual([]);
  });

  it('is not done until the person answers the token step; the report cannot be closed before', async () => {
    instance([]);
    registerLockdown();
    deliverMessagesFrom('/pushes.html');
    await startLockdown(false);
    await done();
    expect(await lockdownMessages.send('lockdown:dismiss', {})).toBe(false);
    expect(await lockdownMessages.send('lockdown:token', { answer: 'later' })).toMatchObject({ report: { token: 'later' } });
    expect(await lockdownMessages.send('lockdown:dismiss', {})).toBe(true);
    expect(await lockdownState.getValue()).toBeNull();
  });

  it('keeps the token for this session only when asked', async () => {
    instance([]);
    await startLockdown(true);
    await done();
    expect(await fakeBrowser.storage.local.get('apiToken')).toEqual({});
    expect(await fakeBrowser.storage.session.get('apiToken')).toEqual({ apiToken: { origin: BASE_URL, token: 'alice-token' } });
  });

  it('a second start while one runs joins it', async () => {
    const asked = instance(['a1', 'a2']);
    const [first, second] = await Promise.all([startLockdown(false), startLockdown(false)]);
    expect(second?.startedAt).toBe(first?.startedAt);
    await done();
    expect(asked.filter((line) => line.startsWith('DELETE'))).toHaveLength(2);
  });

  it('answers no web page', async () => {
    instance(['d1']);
    registerLockdown();
    const answers = await fakeBrowser.runtime.onMessage.trigger(
      { type: 'lockdown:start', data: { keepTokenForSession: false } },
      { id: fakeBrowser.runtime.id, url: 'https://evil.example/' },
      () => undefined,
    );
    expect(answers.filter((answer) => answer !== undefined)).toEqual([]);
    expect(await lockdownState.getValue()).toBeNull();
  });
});

describe('resuming at every start of the background', { timeout: 20_000 }, () => {
  const stored = (): LockdownState => startState({ baseUrl: BASE_URL, withToken: true, keepTokenForSession: false, now: Date.now() });

  it('the worker’s first run goes on with a stored lockdown, with no alarm and no browser start event', async () => {
    instance(['c1']);
    await lockdownState.setValue(stored());
    registerLockdown();
    expect((await done()).report).toMatchObject({ expired: 1 });
  });

  it('runtime.onStartup goes on with it', async () => {
    instance(['c1']);
    registerLockdown();
    // The first run's look found nothing: only the event can start it now.
    await resumeLockdown();
    await lockdownState.setValue(stored());
    await fakeBrowser.runtime.onStartup.trigger();
    expect((await done()).report).toMatchObject({ expired: 1 });
  });

  it('the resume alarm goes on with it', async () => {
    instance(['c1']);
    registerLockdown();
    // The first run's look found nothing: only the event can start it now.
    await resumeLockdown();
    await lockdownState.setValue(stored());
    await fakeBrowser.alarms.onAlarm.trigger({ name: 'lockdown-resume', scheduledTime: Date.now(), persistAcrossSessions: false });
    expect((await done()).report).toMatchObject({ expired: 1 });
  });

  it('a stopped worker goes on from the stored step with the pushes in session memory, not from the start', async () => {
    const asked = instance(['b1', 'b2']);
    const state: LockdownState = { ...stored(), phase: 'expiring', next: 1, counts: { ...stored().counts, found: 3, expired: 1 } };
    const targets = ['gone1', 'b1', 'b2'].map((urlToken) => ({ urlToken, name: urlToken, createdAt: '2026-11-27T08:00:00.000Z' }));
    await lockdownWork.setValue({ startedAt: state.startedAt, targets });
    await lockdownState.setValue(state);
    await resumeLockdown();
    expect(asked).toEqual(['DELETE /api/v2/pushes/b1', 'DELETE /api/v2/pushes/b2', 'GET /api/v2/pushes/active?page=1']);
    expect((await done()).report).toMatchObject({ expired: 3 });
  });

  it('after a browser restart (session memory gone) reads the Active list again and expires only what is left, counts kept', async () => {
    const asked = instance(['b2', 'b3']);
    const failed = {
      name: 'was refused',
      createdAt: '2026-11-27T08:00:00.000Z',
      outcome: { kind: 'refused', status: 403 },
      source: 'list',
    } as const;
    const state: LockdownState = {
      ...stored(),
      phase: 'expiring',
      round: 1,
      next: 40,
      counts: { ...stored().counts, found: 43, expired: 39 },
      notDone: [failed],
    };
    await lockdownState.setValue(state);
    await resumeLockdown();
    expect(asked).toEqual([
      'GET /api/v2/pushes/active?page=1',
      'DELETE /api/v2/pushes/b2',
      'DELETE /api/v2/pushes/b3',
      'GET /api/v2/pushes/active?page=1',
    ]);
    // The refused push is not on the list any more: it is no longer reported as left active.
    expect((await done()).report).toMatchObject({ expired: 41, notDone: [] });
  });
});

describe("this browser's own pushes, made without the token", { timeout: 20_000 }, () => {
  it('are expired by their links before the wipe; one the instance refuses is named', async () => {
    const asked = instance(['t1'], { anon1: true, anon2: false });
    await setToken('', true, BASE_URL);
    await recordPush(BASE_URL, makePush({ urlToken: 'anon1', name: 'deletable' }), {
      kind: 'text',
      passphraseProtected: false,
      withToken: false,
    });
    await recordPush(BASE_URL, makePush({ urlToken: 'anon2', name: 'not deletable', deletableByViewer: false }), {
      kind: 'text',
      passphraseProtected: false,
      withToken: false,
    });
    // Pushed with the token: on the list, so never asked about by its link.
    await recordPush(BASE_URL, makePush({ urlToken: 't1', name: 'listed' }), { kind: 'text', passphraseProtected: false, withToken: true });
    await setToken('alice-token', true, BASE_URL);
    await startLockdown(false);
    const { report } = await done();
    expect(asked).toEqual([
      'GET /api/v2/pushes/active?page=1',
      'DELETE /api/v2/pushes/t1',
      'GET /api/v2/pushes/active?page=1',
      'DELETE /api/v2/pushes/anon1 (no token)',
      'DELETE /api/v2/pushes/anon2 (no token)',
      'GET /api/v2/pushes/active?page=1',
    ]);
    expect(report).toMatchObject({
      expired: 1,
      ownExpired: 1,
      notDone: [{ name: 'not deletable', source: 'own', outcome: { status: 401 } }],
    });
    const history = await listHistory();
    expect(history.ok && history.value).toEqual([]);
  });

  it('without a token: those pushes by their links, and only this browser is wiped', async () => {
    const asked = instance(['e1'], { anon1: true });
    await setToken('', true, BASE_URL);
    await recordPush(BASE_URL, makePush({ urlToken: 'anon1' }), { kind: 'text', passphraseProtected: false, withToken: false });
    const state = await startLockdown(false);
    expect(state).toMatchObject({ withToken: false, phase: 'own' });
    expect((await done()).report).toMatchObject({ withToken: false, expired: 0, ownExpired: 1, wipe: { token: 'none' } });
    expect(asked).toEqual(['DELETE /api/v2/pushes/anon1 (no token)']);
  });
});
