import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_RETRY_MS } from '@/lib/airport/retry';
import { createRefreshScheduler, refreshIntervalMs, type RefreshOutcome } from '@/lib/wait-times/refresh';

const MINUTE = 60_000;

/** A scheduler whose refresh answers from a queue of outcomes (then 'done'), and a visibility switch. */
function setUp({ intervalMs = 5 * MINUTE, outcomes = [] as RefreshOutcome[], visible = true } = {}) {
  const page = { visible };
  const refresh = vi.fn(async (): Promise<RefreshOutcome> => outcomes.shift() ?? { kind: 'done' });
  const onChange = vi.fn();
  const scheduler = createRefreshScheduler({ refresh, intervalMs, isVisible: () => page.visible, onChange });
  const setVisible = (value: boolean) => {
    page.visible = value;
    scheduler.visibilityChanged();
  };
  return { scheduler, refresh, onChange, setVisible, outcomes };
}

const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 8, 29, 13, 30) });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('refreshIntervalMs', () => {
  it.each([
    [5, 5 * MINUTE],
    [1, MINUTE],
    [0.2, MINUTE],
    [0, MINUTE],
    [-3, MINUTE],
    [15, 15 * MINUTE],
    [undefined, 5 * MINUTE],
    [null, 5 * MINUTE],
    [Number.NaN, 5 * MINUTE],
  ])('%s minutes → %s ms', (minutes, ms) => {
    expect(refreshIntervalMs(minutes)).toBe(ms);
  });
});

describe('createRefreshScheduler', () => {
  it('does nothing before start, then refreshes at once and at every interval', async () => {
    const { scheduler, refresh } = setUp();
    await advance(10 * MINUTE);
    expect(refresh).not.toHaveBeenCalled();

    scheduler.start();
    await advance(0);
    expect(refresh).toHaveBeenCalledTimes(1);
    await advance(5 * MINUTE - 1);
    expect(refresh).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(refresh).toHaveBeenCalledTimes(2);
    await advance(10 * MINUTE);
    expect(refresh).toHaveBeenCalledTimes(4);
    scheduler.stop();
  });

  it('never refreshes more often than once a minute', async () => {
    const { scheduler, refresh } = setUp({ intervalMs: 1000 });
    scheduler.start();
    await advance(MINUTE - 1);
    expect(refresh).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(refresh).toHaveBeenCalledTimes(2);
    scheduler.stop();
  });

  it('refreshes only while visible and catches up when the page shows again', async () => {
    const { scheduler, refresh, setVisible } = setUp({ visible: false });
    scheduler.start();
    await advance(20 * MINUTE);
    expect(refresh).not.toHaveBeenCalled();

    setVisible(true);
    await advance(0);
    expect(refresh).toHaveBeenCalledTimes(1);

    setVisible(false);
    await advance(30 * MINUTE);
    expect(refresh).toHaveBeenCalledTimes(1);

    setVisible(true);
    await advance(0);
    expect(refresh).toHaveBeenCalledTimes(2);
    scheduler.stop();
  });

  it('waits out the rest of the interval when shown again before it is due', async () => {
    const { scheduler, refresh, setVisible } = setUp();
    scheduler.start();
    await advance(0);
    await advance(2 * MINUTE);
    setVisible(false);
    setVisible(true);
    await advance(0);
    expect(refresh).toHaveBeenCalledTimes(1);
    await advance(3 * MINUTE);
    expect(refresh).toHaveBeenCalledTimes(2);
    scheduler.stop();
  });

  it('retries passing failures with backoff, then returns to the interval', async () => {
    const { scheduler, refresh, onChange } = setUp({
      intervalMs: 15 * MINUTE,
      outcomes: [{ kind: 'retry' }, { kind: 'retry' }, { kind: 'retry' }],
    });
    scheduler.start();
    await advance(0);
    expect(scheduler.state()).toMatchObject({ failures: 1, nextAt: Date.now() + FIRST_RETRY_MS });
    await advance(FIRST_RETRY_MS);
    expect(refresh).toHaveBeenCalledTimes(2);
    await advance(2 * FIRST_RETRY_MS - 1);
    expect(refresh).toHaveBeenCalledTimes(2);
    await advance(1);
    expect(refresh).toHaveBeenCalledTimes(3);
    await advance(4 * FIRST_RETRY_MS);
    expect(refresh).toHaveBeenCalledTimes(4);
    expect(scheduler.state().failures).toBe(0);
    await advance(15 * MINUTE);
    expect(refresh).toHaveBeenCalledTimes(5);
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ running: false, failures: 0 }));
    scheduler.stop();
  });

  it('never backs off longer than the interval', async () => {
    const { scheduler, refresh } = setUp({
      intervalMs: MINUTE,
      outcomes: Array.from({ length: 5 }, () => ({ kind: 'retry' }) as const),
    });
    scheduler.start();
    await advance(0);
    await advance(30_000);
    expect(refresh).toHaveBeenCalledTimes(2);
    await advance(MINUTE);
    expect(refresh).toHaveBeenCalledTimes(3);
    await advance(MINUTE);
    expect(refresh).toHaveBeenCalledTimes(4);
    scheduler.stop();
  });

  it('counts a refresh that throws as a passing failure', async () => {
    const refresh = vi.fn().mockRejectedValueOnce(new Error('boom')).mockResolvedValue({ kind: 'done' });
    const scheduler = createRefreshScheduler({ refresh, intervalMs: 5 * MINUTE, isVisible: () => true });
    scheduler.start();
    await advance(0);
    expect(scheduler.state().failures).toBe(1);
    await advance(FIRST_RETRY_MS);
    expect(refresh).toHaveBeenCalledTimes(2);
    scheduler.stop();
  });

  it('pauses until the Retry-After time, refusing the Refresh button meanwhile', async () => {
    const until = Date.now() + 90_000;
    const { scheduler, refresh } = setUp({ outcomes: [{ kind: 'pause', untilMs: until }] });
    scheduler.start();
    await advance(0);
    expect(scheduler.state()).toMatchObject({ pausedUntil: until, nextAt: until });
    expect(scheduler.refreshNow()).toBe(false);
    await advance(90_000 - 1);
    expect(refresh).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(scheduler.state().pausedUntil).toBeNull();
    expect(scheduler.refreshNow()).toBe(true);
    scheduler.stop();
  });

  it('keeps a pause across a new airport, and drops it for a new key', async () => {
    const until = Date.now() + 10 * MINUTE;
    const { scheduler, refresh } = setUp({ outcomes: [{ kind: 'pause', untilMs: until }] });
    scheduler.start();
    await advance(0);
    scheduler.restart();
    await advance(MINUTE);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(scheduler.state().pausedUntil).toBe(until);

    scheduler.restart({ clearPause: true });
    await advance(0);
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(scheduler.state().pausedUntil).toBeNull();
    scheduler.stop();
  });

  it('stops refreshing after a failure only the person can fix; Refresh still works', async () => {
    const { scheduler, refresh } = setUp({ outcomes: [{ kind: 'stop' }] });
    scheduler.start();
    await advance(0);
    expect(scheduler.state().nextAt).toBeNull();
    await advance(60 * MINUTE);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(scheduler.refreshNow()).toBe(true);
    await advance(0);
    expect(refresh).toHaveBeenCalledTimes(2);
    await advance(5 * MINUTE);
    expect(refresh).toHaveBeenCalledTimes(3);
    scheduler.stop();
  });

  it('sends one request at a time, however often Refresh is pressed', async () => {
    let finish: (outcome: RefreshOutcome) => void = () => undefined;
    const refresh = vi.fn(() => new Promise<RefreshOutcome>((resolve) => (finish = resolve)));
    const scheduler = createRefreshScheduler({ refresh, intervalMs: 5 * MINUTE, isVisible: () => true });
    scheduler.start();
    await advance(0);
    expect(scheduler.state().running).toBe(true);
    expect(scheduler.refreshNow()).toBe(false);
    expect(scheduler.refreshNow()).toBe(false);
    expect(refresh).toHaveBeenCalledTimes(1);
    finish({ kind: 'done' });
    await advance(0);
    expect(scheduler.refreshNow()).toBe(true);
    expect(refresh).toHaveBeenCalledTimes(2);
    scheduler.stop();
  });

  it('restarts at once for a new airport and ignores the old answer', async () => {
    const finishers: Array<(outcome: RefreshOutcome) => void> = [];
    const refresh = vi.fn(() => new Promise<RefreshOutcome>((resolve) => finishers.push(resolve)));
    const scheduler = createRefreshScheduler({ refresh, intervalMs: 5 * MINUTE, isVisible: () => true });
    scheduler.start();
    await advance(0);
    scheduler.restart();
    await advance(0);
    expect(refresh).toHaveBeenCalledTimes(2);
    finishers[0]!({ kind: 'stop' });
    await advance(0);
    expect(scheduler.state().running).toBe(true);
    finishers[1]!({ kind: 'done' });
    await advance(0);
    expect(scheduler.state()).toMatchObject({ running: false, nextAt: Date.now() + 5 * MINUTE });
    scheduler.stop();
  });

  it('after data fetched less than an interval ago: refreshes when it becomes due, not at once', async () => {
    const { scheduler, refresh } = setUp();
    scheduler.restart({ lastRefreshAt: Date.now() - 2 * MINUTE });
    expect(scheduler.state().nextAt).toBe(Date.now() + 3 * MINUTE);
    await advance(3 * MINUTE - 1);
    expect(refresh).not.toHaveBeenCalled();
    await advance(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    await advance(5 * MINUTE);
    expect(refresh).toHaveBeenCalledTimes(2);
    scheduler.stop();
  });

  it('after young data the Refresh button still refreshes at once', async () => {
    const { scheduler, refresh } = setUp();
    scheduler.restart({ lastRefreshAt: Date.now() - 10_000 });
    await advance(0);
    expect(refresh).not.toHaveBeenCalled();
    expect(scheduler.refreshNow()).toBe(true);
    await advance(0);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(scheduler.state().nextAt).toBe(Date.now() + 5 * MINUTE);
    scheduler.stop();
  });

  it.each([
    ['older than the interval', -6 * MINUTE],
    ['from the future (the clock was turned back)', 2 * MINUTE],
  ])('refreshes at once after data %s', async (_, offset) => {
    const { scheduler, refresh } = setUp();
    scheduler.restart({ lastRefreshAt: Date.now() + offset });
    await advance(0);
    expect(refresh).toHaveBeenCalledTimes(1);
    scheduler.stop();
  });

  it('a due time from saved data waits while the page is hidden', async () => {
    const { scheduler, refresh, setVisible } = setUp({ visible: false });
    scheduler.restart({ lastRefreshAt: Date.now() - 4 * MINUTE });
    await advance(30 * MINUTE);
    expect(refresh).not.toHaveBeenCalled();
    setVisible(true);
    await advance(0);
    expect(refresh).toHaveBeenCalledTimes(1);
    scheduler.stop();
  });

  it('moves the due time of saved data when the interval changes', async () => {
    const { scheduler, refresh } = setUp({ intervalMs: 15 * MINUTE });
    scheduler.restart({ lastRefreshAt: Date.now() - 2 * MINUTE });
    scheduler.setIntervalMs(5 * MINUTE);
    await advance(3 * MINUTE - 1);
    expect(refresh).not.toHaveBeenCalled();
    await advance(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    scheduler.stop();
  });

  it('keeps a pause that ends after the saved data is due', async () => {
    const until = Date.now() + 10 * MINUTE;
    const { scheduler, refresh } = setUp({ outcomes: [{ kind: 'pause', untilMs: until }] });
    scheduler.start();
    await advance(0);
    scheduler.restart({ lastRefreshAt: Date.now() - 4 * MINUTE });
    await advance(10 * MINUTE - 1);
    expect(refresh).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(refresh).toHaveBeenCalledTimes(2);
    scheduler.stop();
  });

  it('moves the next refresh when the interval changes', async () => {
    const { scheduler, refresh } = setUp({ intervalMs: 15 * MINUTE });
    scheduler.start();
    await advance(2 * MINUTE);
    scheduler.setIntervalMs(MINUTE);
    await advance(0);
    expect(refresh).toHaveBeenCalledTimes(2);
    await advance(MINUTE);
    expect(refresh).toHaveBeenCalledTimes(3);
    scheduler.stop();
  });

  it('does nothing after stop', async () => {
    const { scheduler, refresh } = setUp();
    scheduler.start();
    await advance(0);
    scheduler.stop();
    await advance(60 * MINUTE);
    expect(scheduler.refreshNow()).toBe(false);
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});

describe('a website feed’s floor (minGapMs)', () => {
  /** A feed asked at most every five minutes (docs/airport-sources.md#refresh). */
  function feed(outcomes: RefreshOutcome[] = []) {
    const refresh = vi.fn(async (): Promise<RefreshOutcome> => outcomes.shift() ?? { kind: 'done' });
    const scheduler = createRefreshScheduler({ refresh, intervalMs: 5 * MINUTE, minGapMs: 5 * MINUTE, isVisible: () => true });
    return { scheduler, refresh };
  }

  it('the Refresh button waits out five minutes after a request, and says until when', async () => {
    const { scheduler, refresh } = feed();
    scheduler.start();
    await advance(0);
    expect(scheduler.state().notBefore).toBe(Date.now() + 5 * MINUTE);
    await advance(2 * MINUTE);
    expect(scheduler.refreshNow()).toBe(false);
    expect(refresh).toHaveBeenCalledTimes(1);
    await advance(3 * MINUTE - 1);
    expect(scheduler.refreshNow()).toBe(false);
    await advance(1);
    // The timer's own refresh at five minutes: the floor starts again from it.
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(scheduler.refreshNow()).toBe(false);
    scheduler.stop();
  });

  it('a failed request was a request too: the retry waits the floor, not 30 seconds', async () => {
    const { scheduler, refresh } = feed([{ kind: 'retry' }]);
    scheduler.start();
    await advance(FIRST_RETRY_MS);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(scheduler.refreshNow()).toBe(false);
    await advance(5 * MINUTE - FIRST_RETRY_MS);
    expect(refresh).toHaveBeenCalledTimes(2);
    scheduler.stop();
  });

  it('a board saved within the floor: neither the timer nor the button asks before it ends', async () => {
    const { scheduler, refresh } = feed();
    scheduler.restart({ lastRefreshAt: Date.now() - 2 * MINUTE });
    expect(scheduler.refreshNow()).toBe(false);
    expect(scheduler.state().notBefore).toBe(Date.now() + 3 * MINUTE);
    await advance(3 * MINUTE);
    expect(refresh).toHaveBeenCalledTimes(1);
    scheduler.stop();
  });

  it('Swedavia’s API has no floor: the person’s interval and Refresh as before', async () => {
    const { scheduler, refresh } = setUp();
    scheduler.start();
    await advance(0);
    expect(scheduler.state().notBefore).toBeNull();
    expect(scheduler.refreshNow()).toBe(true);
    await advance(0);
    expect(refresh).toHaveBeenCalledTimes(2);
    scheduler.stop();
  });
});
