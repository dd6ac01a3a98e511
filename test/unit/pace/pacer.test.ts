import { describe, expect, it } from 'vitest';
import { step } from '@/lib/lockdown/machine';
import { startState, type LockdownState } from '@/lib/lockdown/state';
import type { LockdownWork } from '@/lib/lockdown/work';
import { createPacer, INSTANCE_BUDGET, MAX_PAUSE_MS, type PacerClock, type Priority } from '@/lib/pace/pacer';
import { paceOf } from '@/lib/pace/request-pace';
import { BASE_URL, pushRecord } from '@/test/support/pwpush-fixtures';

/** A clock that moves only when the test says, and runs the timers it passes. */
function manualClock(start = Date.parse('2026-11-27T09:00:00.000Z')) {
  let now = start;
  let timers: { at: number; run: () => void }[] = [];
  const clock: PacerClock = {
    now: () => now,
    after(ms, run) {
      const timer = { at: now + ms, run };
      timers.push(timer);
      return () => {
        timers = timers.filter((other) => other !== timer);
      };
    },
  };
  /** Lets promises settle (several turns: a grant resolves, its caller asks again). */
  const settle = async () => {
    for (let i = 0; i < 20; i++) await Promise.resolve();
  };
  return {
    clock,
    now: () => now,
    async advance(ms: number) {
      const until = now + ms;
      for (;;) {
        await settle();
        const next = timers.filter((timer) => timer.at <= until).sort((a, b) => a.at - b.at)[0];
        if (!next) break;
        timers = timers.filter((timer) => timer !== next);
        now = Math.max(now, next.at);
        next.run();
      }
      now = until;
      await settle();
    },
    /** Runs timers one after another until `done` resolves. */
    async until<T>(done: Promise<T>): Promise<T> {
      let finished = false;
      void done.finally(() => {
        finished = true;
      });
      for (;;) {
        await settle();
        if (finished) return done;
        const next = [...timers].sort((a, b) => a.at - b.at)[0];
        if (!next) return done;
        timers = timers.filter((timer) => timer !== next);
        now = Math.max(now, next.at);
        next.run();
      }
    },
  };
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

describe('the budget', () => {
  it('lets requests through as fast as 95 a minute and 20 a second allow, never faster', async () => {
    const time = manualClock();
    const pacer = createPacer(time.clock);
    const start = time.now();
    const times: number[] = [];
    for (let i = 0; i < 250; i++) void pacer.take('check').then(() => times.push(time.now()));
    await time.advance(3 * 60_000);
    expect(times).toHaveLength(250);
    // The minute's 100 less the 5 kept for the person's pushes.
    expect(busiest(times, 60_000)).toBe(95);
    expect(busiest(times, 1_000)).toBe(INSTANCE_BUDGET.perSecond);
    // 20 at once, 20 a second later…, then the 96th when the first leaves the minute.
    expect(times.slice(0, 21).map((at) => at - start)).toEqual([...Array(20).fill(0), 1_000]);
    expect(times[95]! - start).toBe(60_000);
    // The 250th is the 60th of the third minute: its third second.
    expect(times[249]! - start).toBe(2 * 60_000 + 2_000);
  });

  it("counts the person's push without keeping it waiting, and the others wait for it", async () => {
    const time = manualClock();
    const pacer = createPacer(time.clock);
    for (let i = 0; i < 95; i++) pacer.count();
    let granted = false;
    void pacer.take('check').then(() => {
      granted = true;
    });
    await time.advance(59_999);
    expect(granted).toBe(false);
    await time.advance(1);
    expect(granted).toBe(true);
    // A full minute never holds a push back: it is counted, and nothing waits for it.
    pacer.count();
    expect(pacer.busy()).toBe(true);
  });

  it('is idle once the last minute holds no request and nothing waits', async () => {
    const time = manualClock();
    const pacer = createPacer(time.clock);
    expect(pacer.busy()).toBe(false);
    await pacer.take('person');
    expect(pacer.busy()).toBe(true);
    await time.advance(60_000);
    expect(pacer.busy()).toBe(false);
  });
});

describe('priorities', () => {
  it('gives a free turn to the lockdown first, then the person, the state check, and the receipts last', async () => {
    const time = manualClock();
    const pacer = createPacer(time.clock);
    for (let i = 0; i < 100; i++) pacer.count();
    const order: string[] = [];
    const ask = (priority: Priority, name: string = priority) => void pacer.take(priority).then(() => order.push(name));
    ask('receipts');
    ask('check', 'check 1');
    ask('person');
    ask('check', 'check 2');
    ask('lockdown');
    await time.advance(60_000);
    expect(order).toEqual(['lockdown', 'person', 'check 1', 'check 2', 'receipts']);
  });

  it('forgets a wait its caller stopped, which then uses no turn', async () => {
    const time = manualClock();
    const pacer = createPacer(time.clock);
    for (let i = 0; i < 100; i++) pacer.count();
    const stop = new AbortController();
    const stopped = pacer.take('person', stop.signal);
    const next = pacer.take('receipts');
    stop.abort();
    expect(await stopped).toBe(false);
    await time.advance(60_000);
    expect(await next).toBe(true);
    expect(await pacer.take('person', AbortSignal.abort())).toBe(false);
  });
});

describe('a 429', () => {
  it('pauses everyone for its Retry-After, and says only the first time that it began a pause', async () => {
    const time = manualClock();
    const pacer = createPacer(time.clock);
    const start = time.now();
    const when: Record<string, number> = {};
    expect(pacer.throttled(30)).toBe(true);
    expect(pacer.throttled(10)).toBe(false);
    expect(pacer.pausedUntil()).toBe(start + 30_000);
    for (const priority of ['lockdown', 'person', 'check', 'receipts'] as const) {
      void pacer.take(priority).then(() => {
        when[priority] = time.now() - start;
      });
    }
    await time.advance(29_999);
    expect(when).toEqual({});
    await time.advance(1);
    expect(when).toEqual({ lockdown: 30_000, person: 30_000, check: 30_000, receipts: 30_000 });
    expect(pacer.pausedUntil()).toBe(0);
    expect(pacer.throttled(5)).toBe(true);
  });

  it('holds a turn already timed to come during the pause', async () => {
    const time = manualClock();
    const pacer = createPacer(time.clock);
    for (let i = 0; i < 100; i++) pacer.count();
    let at = 0;
    void pacer.take('person').then(() => {
      at = time.now();
    });
    await time.advance(10_000);
    pacer.throttled(120);
    await time.advance(60_000);
    expect(at).toBe(0);
    await time.advance(70_000);
    expect(at).toBe(time.now() - 70_000 + 60_000);
  });

  it('without a Retry-After waits the throttle’s minute, and never longer than 10 minutes', () => {
    const time = manualClock();
    const pacer = createPacer(time.clock);
    pacer.throttled(undefined);
    expect(pacer.pausedUntil() - time.now()).toBe(60_000);
    pacer.throttled(86_400);
    expect(pacer.pausedUntil() - time.now()).toBe(MAX_PAUSE_MS);
  });
});

describe('a lockdown of 1,000 pushes at the budget', () => {
  it('expires every one, never more than 100 requests in a sliding minute or 20 in a second, and only as slow as the budget', async () => {
    const time = manualClock();
    const active = Array.from({ length: 1_000 }, (_, i) => `tok${String(i).padStart(4, '0')}x`);
    const sent: { at: number; method: string }[] = [];
    const instance = async (input: string | URL | Request, init?: RequestInit) => {
      sent.push({ at: time.now(), method: init?.method ?? 'GET' });
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
        expired_on: new Date(time.now()).toISOString(),
      });
      return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
    };
    const deps = {
      token: 'alice-token',
      fetch: instance as typeof fetch,
      pace: paceOf(createPacer(time.clock), 'lockdown'),
      now: time.now,
      wipe: async () => ({ history: true, airports: true, token: 'forgotten' as const, clipboard: 'emptied' as const }),
      ownEntries: async () => [],
    };
    let state: LockdownState = startState({ baseUrl: BASE_URL, withToken: true, keepTokenForSession: false, now: time.now() });
    let work: LockdownWork = { startedAt: state.startedAt, targets: [] };
    const startedAt = time.now();
    while (state.phase !== 'done') ({ state, work } = await time.until(step(state, work, deps)));

    expect(state.report).toMatchObject({ expired: 1_000, notDone: [] });
    const times = sent.map((request) => request.at);
    expect(busiest(times, 60_000)).toBe(95);
    expect(busiest(times, 1_000)).toBe(INSTANCE_BUDGET.perSecond);
    // 21 readings of the list (20 full pages and the empty one after them) and 1,000 DELETEs, then one last reading.
    expect(sent).toHaveLength(1_022);
    const lastDelete = sent.findLast((request) => request.method === 'DELETE')!.at;
    // At 95 a minute the 1,021st request is the 71st of the eleventh minute, in its fourth second:
    // 10 min 3 s after the start. (Under 10 minutes would need more than 100 a minute: the DELETEs alone are 1,000.)
    expect(lastDelete - startedAt).toBe(10 * 60_000 + 3_000);
  });
});
