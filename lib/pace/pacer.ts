/**
 * The pace of everything Pushgate asks of one Password Pusher instance. Password Pusher throttles at
 * 120 requests a minute and 60 a second per IP (docs/password-pusher.md#throttling); every job
 * Pushgate runs against an instance (the lockdown, the person's own actions on the Pushes page, the
 * state check, the receipts) takes its turn here, within a budget below that throttle, so the
 * person's own push, which never waits here (`count`), always finds room. Pure: the clock and the
 * timers are parameters; the background keeps one pacer per instance (./instance-pacers.ts).
 */

/** Who asks, most urgent first: a lockdown, the person's own action, the Pushes page's state check, the receipts. */
export type Priority = 'lockdown' | 'person' | 'check' | 'receipts';

const RANK: Record<Priority, number> = { lockdown: 0, person: 1, check: 2, receipts: 3 };

export interface Budget {
  perMinute: number;
  perSecond: number;
  /** Of the minute's, kept for the person's pushes: the jobs that wait their turn never take these. */
  keptForPushes: number;
}

/**
 * 100 a minute and 20 a second, counted over any sliding minute and second: the throttle counts in
 * fixed windows, each of which is one such minute or second, so it never sees more than this. The
 * jobs that wait their turn take at most 95 of the minute's 100; the other 5 are the person's pushes',
 * which never wait, and the throttle's 20 beyond the budget are left for the popup's own requests.
 */
export const INSTANCE_BUDGET: Budget = { perMinute: 100, perSecond: 20, keptForPushes: 5 };

/** The longest pause a Retry-After makes everyone take; a longer one is cut to this and may be met again. */
export const MAX_PAUSE_MS = 10 * 60_000;

export interface PacerClock {
  now(): number;
  /** Runs `run` after `ms`; the function returned cancels it. */
  after(ms: number, run: () => void): () => void;
}

export interface Pacer {
  /** Resolves true when one more request fits, counted as sent; false when `signal` ended the wait first. */
  take(priority: Priority, signal?: AbortSignal): Promise<boolean>;
  /** Counts a request that does not wait (the person's push): it uses the budget, others wait for it. */
  count(): void;
  /** A 429: everyone waits `retryAfterSeconds`. True when this began a pause (not one already under way). */
  throttled(retryAfterSeconds: number | undefined): boolean;
  /** Until when a 429's pause holds everyone; 0 when none. */
  pausedUntil(): number;
  /** Whether anything waits or the last minute's requests still count: the worker holding it must not stop. */
  busy(): boolean;
}

/** Without a Retry-After, the throttle's own period. */
const DEFAULT_PAUSE_MS = 60_000;
const MINUTE_MS = 60_000;
const SECOND_MS = 1_000;

interface Waiter {
  rank: number;
  order: number;
  grant(): void;
}

export function createPacer(clock: PacerClock, budget: Budget = INSTANCE_BUDGET): Pacer {
  /** When each request of the last minute went out, oldest first. */
  let sent: number[] = [];
  let paused = 0;
  let waiting: Waiter[] = [];
  let order = 0;
  let timer: (() => void) | null = null;

  const forget = (now: number) => {
    const from = sent.findIndex((at) => at > now - MINUTE_MS);
    sent = from < 0 ? [] : sent.slice(from);
  };

  /** The first time one more request fits both windows and no pause holds. */
  const nextFree = (now: number): number => {
    forget(now);
    let at = Math.max(now, paused);
    const minute = budget.perMinute - budget.keptForPushes;
    if (sent.length >= minute) at = Math.max(at, sent[sent.length - minute]! + MINUTE_MS);
    const lastSecond = sent.filter((time) => time > now - SECOND_MS);
    if (lastSecond.length >= budget.perSecond) at = Math.max(at, lastSecond[lastSecond.length - budget.perSecond]! + SECOND_MS);
    return at;
  };

  const pump = () => {
    timer?.();
    timer = null;
    while (waiting.length > 0) {
      const now = clock.now();
      const at = nextFree(now);
      if (at > now) {
        timer = clock.after(at - now, pump);
        return;
      }
      // The most urgent first, and among equals the one that asked first.
      const next = waiting.reduce((best, waiter) =>
        waiter.rank < best.rank || (waiter.rank === best.rank && waiter.order < best.order) ? waiter : best,
      );
      waiting = waiting.filter((waiter) => waiter !== next);
      sent.push(now);
      next.grant();
    }
  };

  return {
    take(priority, signal) {
      if (signal?.aborted) return Promise.resolve(false);
      return new Promise<boolean>((resolve) => {
        const waiter: Waiter = {
          rank: RANK[priority],
          order: order++,
          grant: () => {
            signal?.removeEventListener('abort', abandon);
            resolve(true);
          },
        };
        function abandon() {
          waiting = waiting.filter((other) => other !== waiter);
          resolve(false);
        }
        signal?.addEventListener('abort', abandon, { once: true });
        waiting.push(waiter);
        pump();
      });
    },
    count() {
      const now = clock.now();
      forget(now);
      sent.push(now);
    },
    throttled(retryAfterSeconds) {
      const now = clock.now();
      const ms = retryAfterSeconds === undefined ? DEFAULT_PAUSE_MS : Math.min(MAX_PAUSE_MS, retryAfterSeconds * 1_000);
      const began = paused <= now;
      paused = Math.max(paused, now + ms);
      // Waiters already timed to go earlier must wait for the pause too.
      if (waiting.length > 0) pump();
      return began;
    },
    pausedUntil: () => (paused > clock.now() ? paused : 0),
    busy() {
      const now = clock.now();
      forget(now);
      return waiting.length > 0 || sent.length > 0 || paused > now;
    },
  };
}
