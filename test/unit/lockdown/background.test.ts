import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { registerLockdown, resumeLockdown, startLockdown } from '@/lib/lockdown/background';
import { lockdownMessages } from '@/lib/lockdown/messages';
import { startState, type LockdownState } from '@/lib/lockdown/state';
import { lockdownState } from '@/lib/lockdown/store';
import { lockdownTiming } from '@/lib/lockdown/timing';
import { instanceUrl, myFlight, recentAirports, setToken } from '@/lib/settings';
import { BASE_URL, pushRecord } from '@/test/support/pwpush-fixtures';
import { deliverMessagesFrom } from '../../support/extension-messages';

/** An instance with `active` pushes: lists them (50 a page), expires each once. */
function instance(active: string[]) {
  const asked: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input));
    asked.push(`${init?.method ?? 'GET'} ${url.pathname}${url.search}`);
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
    if (!active.includes(token)) return json(404, { error: 'not-found' });
    active.splice(active.indexOf(token), 1);
    return json(200, pushRecord({ url_token: token, expired: true, deleted: true, passphrase: null }));
  });
  return asked;
}

async function done(): Promise<LockdownState> {
  await vi.waitFor(async () => expect((await lockdownState.getValue())?.phase).toBe('done'), { timeout: 5_000 });
  return (await lockdownState.getValue())!;
}

beforeEach(async () => {
  lockdownTiming.paceMs = 1;
  lockdownTiming.retryBackoffMs = 1;
  await instanceUrl.setValue(BASE_URL);
  await setToken('alice-token', true, BASE_URL);
});

describe('the lockdown in the background', () => {
  it('started from an extension page: expires every active push, wipes, and keeps only the report', async () => {
    const asked = instance(['a1', 'a2', 'a3']);
    await recentAirports.setValue(['ARN', 'GOT']);
    await myFlight.setValue({ iata: 'ARN', flight: 'SK1415', date: '2026-11-27' });
    registerLockdown();
    deliverMessagesFrom('/pushes.html');
    const started = await lockdownMessages.send('lockdown:start', { keepTokenForSession: false });
    expect(started).toMatchObject({ phase: 'listing', withToken: true });
    const state = await done();
    expect(state.report).toMatchObject({ expired: 3, gone: 0, notDone: [], wipe: { history: true, airports: true, token: 'forgotten' } });
    expect(asked.filter((line) => line.startsWith('DELETE'))).toHaveLength(3);
    expect(await recentAirports.getValue()).toEqual([]);
    expect(await myFlight.getValue()).toBeNull();
    expect(await fakeBrowser.storage.local.get('apiToken')).toEqual({});
    expect(await fakeBrowser.alarms.getAll()).toEqual([]);
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain('"a1"');
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

  it('resumes a stored lockdown from its step (a stopped worker), not from the start', async () => {
    const asked = instance(['b1', 'b2']);
    const stored: LockdownState = {
      ...startState({ baseUrl: BASE_URL, withToken: true, keepTokenForSession: false, now: Date.now() }),
      phase: 'expiring',
      round: 2,
      targets: [
        { urlToken: 'gone1', name: 'first', createdAt: '2026-11-27T08:00:00.000Z', outcome: { kind: 'expired' } },
        { urlToken: 'b1', name: 'second', createdAt: '2026-11-27T08:00:00.000Z' },
        { urlToken: 'b2', name: 'third', createdAt: '2026-11-27T08:00:00.000Z' },
      ],
      next: 1,
    };
    await lockdownState.setValue(stored);
    await resumeLockdown();
    const state = await done();
    expect(asked).toEqual(['DELETE /api/v2/pushes/b1', 'DELETE /api/v2/pushes/b2']);
    expect(state.report).toMatchObject({ expired: 3 });
  });

  it('the resume alarm goes on with it', async () => {
    instance(['c1']);
    await lockdownState.setValue(startState({ baseUrl: BASE_URL, withToken: true, keepTokenForSession: false, now: Date.now() }));
    registerLockdown();
    await fakeBrowser.alarms.onAlarm.trigger({ name: 'lockdown-resume', scheduledTime: Date.now(), persistAcrossSessions: false });
    expect((await done()).report).toMatchObject({ expired: 1 });
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

  it('without a token wipes this browser only', async () => {
    const asked = instance(['e1']);
    await setToken('', true, BASE_URL);
    const state = await startLockdown(false);
    expect(state).toMatchObject({ withToken: false, phase: 'wiping' });
    expect((await done()).report).toMatchObject({ withToken: false, expired: 0, wipe: { token: 'none' } });
    expect(asked).toEqual([]);
  });
});
