import { describe, expect, it } from 'vitest';
import { step } from '@/lib/lockdown/machine';
import { BACKGROUND_BUDGET, PACE_MS, pacedFetch, spacedPacer } from '@/lib/lockdown/pace';
import { startState, type LockdownState } from '@/lib/lockdown/state';
import type { LockdownWork } from '@/lib/lockdown/work';
import { BASE_URL, pushRecord } from '@/test/support/pwpush-fixtures';

/** A clock that only moves when something sleeps on it. */
function virtualClock(start = Date.parse('2026-11-27T09:00:00.000Z')) {
  const clock = {
    now: start,
    sleep: async (ms: number) => {
      clock.now += ms;
    },
  };
  return { clock, now: () => clock.now };
}

/** The most requests at `times` in any window of `windowMs` (half open, as a throttle counts). */
function busiest(times: number[], windowMs: number): number {
  let most = 0;
  let first = 0;
  for (let last = 0; last < times.length; last += 1) {
    while (times[last]! - times[first]! >= windowMs) first += 1;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

describe('the pacer', () => {
  it('spaces requests evenly at the budget: 100 a minute is one every 600 ms, far under 20 a second', async () => {
    expect(PACE_MS).toBe(Math.max(60_000 / BACKGROUND_BUDGET.perMinute, 1_000 / BACKGROUND_BUDGET.perSecond));
    const { clock, now } = virtualClock();
    const pacer = spacedPacer(PACE_MS, { now, sleep: clock.sleep });
    const times: number[] = [];
    for (let i = 0; i < 250; i += 1) {
      await pacer.take();
      times.push(clock.now);
    }
    expect(busiest(times, 60_000)).toBe(BACKGROUND_BUDGET.perMinute);
    expect(busiest(times, 1_000)).toBeLessThanOrEqual(BACKGROUND_BUDGET.perSecond);
  });

  it('callers at the same moment take turns, never the same slot', async () => {
    const { clock, now } = virtualClock();
    const pacer = spacedPacer(PACE_MS, { now, sleep: clock.sleep });
    const times: number[] = [];
    await Promise.all(Array.from({ length: 5 }, () => pacer.take().then(() => times.push(clock.now))));
    expect(times.map((at) => at - times[0]!)).toEqual([0, 600, 1200, 1800, 2400]);
  });

  it('a new service worker goes on at the same pace from the stored time of the last request', async () => {
    const { clock, now } = virtualClock();
    const before = clock.now;
    const pacer = spacedPacer(PACE_MS, { now, sleep: clock.sleep }, before - 100);
    await pacer.take();
    expect(clock.now - before).toBe(PACE_MS - 100);
    expect(pacer.lastAt()).toBe(clock.now);
  });

  it('a clock set back never makes it wait more than one interval', async () => {
    const { clock, now } = virtualClock();
    const pacer = spacedPacer(PACE_MS, { now, sleep: clock.sleep }, clock.now + 3_600_000);
    const before = clock.now;
    await pacer.take();
    expect(clock.now - before).toBe(PACE_MS);
  });

  it('paced fetch waits its turn before each request', async () => {
    const { clock, now } = virtualClock();
    const sent: number[] = [];
    const fetch = pacedFetch(spacedPacer(PACE_MS, { now, sleep: clock.sleep }), async () => {
      sent.push(clock.now);
      return new Response('[]');
    });
    await fetch('https://pwpush.example/a');
    await fetch('https://pwpush.example/b');
    expect(sent[1]! - sent[0]!).toBe(PACE_MS);
  });
});

describe('a lockdown of 1,000 pushes at the background budget', () => {
  it('expires every one, never more than 100 requests in a sliding minute or 20 in a second, and only as slow as the budget', async () => {
    const { clock, now } = virtualClock();
    const active = Array.from({ length: 1_000 }, (_, i) => `tok${String(i).padStart(4, '0')}x`);
    const sent: { at: number; method: string }[] = [];
    const instance = async (input: string | URL | Request, init?: RequestInit) => {
      sent.push({ at: clock.now, method: init?.method ?? 'GET' });
      const url = new URL(String(input));
      if (url.pathname.endsWith('/active')) {
        const page = Number(url.searchParams.get('page'));
        const items = active.slice((page - 1) * 50, page * 50).map((token) => pushRecord({ url_token: token }));
        return new Response(JSON.stringify(items), { headers: { 'Content-Type': 'application/json' } });
      }
      const token = url.pathname.split('/').at(-1)!;
      active.splice(active.indexOf(token), 1);
      const body = pushRecord({
        url_token: token,
        expired: true,
        deleted: true,
        passphrase: null,
        expired_on: new Date(clock.now).toISOString(),
      });
      return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
    };
    const pacer = spacedPacer(PACE_MS, { now, sleep: clock.sleep });
    const deps = {
      token: 'alice-token',
      fetch: pacedFetch(pacer, instance as typeof fetch),
      now,
      wipe: async () => ({ history: true, airports: true, token: 'forgotten' as const, clipboard: 'emptied' as const }),
      ownEntries: async () => [],
    };
    let state: LockdownState = startState({ baseUrl: BASE_URL, withToken: true, keepTokenForSession: false, now: clock.now });
    let work: LockdownWork = { startedAt: state.startedAt, targets: [] };
    const startedAt = clock.now;
    while (state.phase !== 'done') ({ state, work } = await step(state, work, deps));

    expect(state.report).toMatchObject({ expired: 1_000, notDone: [] });
    const times = sent.map((request) => request.at);
    expect(busiest(times, 60_000)).toBeLessThanOrEqual(BACKGROUND_BUDGET.perMinute);
    expect(busiest(times, 1_000)).toBeLessThanOrEqual(BACKGROUND_BUDGET.perSecond);
    // 21 readings of the list (20 full pages and the empty one after them) and 1,000 DELETEs, then one last reading.
    expect(sent).toHaveLength(1_022);
    const lastDelete = sent.findLast((request) => request.method === 'DELETE')!.at;
    // Exactly the budget's pace: the 1,000th push is expired with the 1,021st request, 10 min 12 s after the start.
    // (Under 10 minutes would need more than 100 requests a minute: the DELETEs alone are 1,000.)
    expect(lastDelete - startedAt).toBe((1_021 - 1) * PACE_MS);
  });
});
