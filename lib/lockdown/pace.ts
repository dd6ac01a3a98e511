/**
 * How fast the lockdown asks the instance. Password Pusher throttles at 120 requests a minute and
 * 60 a second per IP (docs/password-pusher.md#throttling); Pushgate's background keeps below that,
 * with room for the person's own push: at most 100 a minute and 20 a second. The lockdown asks
 * through a `RequestPacer` only, so one pacer shared by every job asking the same instance can
 * take this one's place.
 */

export interface RequestPacer {
  /** Resolves when one more request to the instance fits the budget, and counts it as sent. */
  take(): Promise<void>;
}

export interface Budget {
  perMinute: number;
  perSecond: number;
}

export const BACKGROUND_BUDGET: Budget = { perMinute: 100, perSecond: 20 };

/** The budget's rate as a spacing: 100 a minute is one request every 600 ms (and 2 a second, under 20). */
export const PACE_MS = 600;

export interface SpacedPacer extends RequestPacer {
  /** When the last request was let through: stored, so a new service worker goes on at the same pace. */
  lastAt(): number | undefined;
}

/**
 * Requests evenly spaced (`PACE_MS` apart for the background's budget): no sliding minute ever
 * holds more than the budget, nothing is sent in bursts a throttle counts in one window, and the
 * only state to carry over a stopped service worker is the time of the last request.
 */
export function spacedPacer(intervalMs: number, clock: { now(): number; sleep(ms: number): Promise<void> }, lastAt?: number): SpacedPacer {
  let last = lastAt;
  let queue: Promise<void> = Promise.resolve();
  return {
    take() {
      // One after another: two callers never both take the same slot.
      const turn = queue.then(async () => {
        // Never longer than one interval: a clock set back must not stop the lockdown.
        const wait = last === undefined ? 0 : Math.min(intervalMs, last + intervalMs - clock.now());
        if (wait > 0) await clock.sleep(wait);
        last = clock.now();
      });
      queue = turn;
      return turn;
    },
    lastAt: () => last,
  };
}

/** `fetchFn` waiting for the pacer before each request. */
export function pacedFetch(pacer: RequestPacer, fetchFn: typeof fetch): typeof fetch {
  return async (input, init) => {
    await pacer.take();
    return fetchFn(input, init);
  };
}
