import { nextRetryDelay } from '../airport/retry';

/**
 * When the side panel asks for wait times again. Every request costs from a quota of about
 * 10,000 a month (docs/airport-api.md#quota), so: only while the panel is visible, at the chosen
 * interval, sooner (with backoff) after a passing failure, never before a Retry-After time,
 * and not at all after a failure only the person can fix. Timers are plain `setTimeout`.
 */

/** What one refresh ended with; the scheduler decides the next one from it. */
export type RefreshOutcome =
  /** Fresh data: next refresh after one interval. */
  | { kind: 'done' }
  /** A passing failure (server error, timeout, network, unreadable answer): retry with backoff. */
  | { kind: 'retry' }
  /** 403 quota or 429: no request before `untilMs` (from Retry-After). */
  | { kind: 'pause'; untilMs: number }
  /** Only the person can fix it (key, airport, settings): no automatic refresh. */
  | { kind: 'stop' };

export interface RefreshState {
  /** A refresh is in flight. */
  running: boolean;
  /** No request before this time (Retry-After); null when not paused. */
  pausedUntil: number | null;
  /** When the next automatic refresh is due; null when none is planned. */
  nextAt: number | null;
  /** Passing failures in a row. */
  failures: number;
  /** The Refresh button may not ask before this time (a feed's floor, `minGapMs`); null when it may. */
  notBefore: number | null;
}

export interface RefreshSchedulerOptions {
  refresh: () => Promise<RefreshOutcome>;
  intervalMs: number;
  /** Whether the page is visible now (`document.visibilityState === 'visible'`). */
  isVisible: () => boolean;
  /** Called after every change of `state()`. */
  onChange?: (state: RefreshState) => void;
  now?: () => number;
  /**
   * The least time between two answers, for the Refresh button too: a website feed updates no
   * faster than every five minutes (docs/airport-sources.md#refresh). 0: none.
   */
  minGapMs?: number;
}

export interface RefreshScheduler {
  /** Refreshes now when visible (else as soon as the page becomes visible), then keeps refreshing. */
  start(): void;
  /** The Refresh button. False (nothing sent) while a refresh is running, Retry-After has not passed or the floor (`minGapMs`) holds. */
  refreshNow(): boolean;
  /**
   * Another airport or new settings: forget failures and stops, and refresh now, or, when the
   * data shown was fetched at `lastRefreshAt`, one interval after that. A running refresh's
   * outcome is ignored. A pause is kept unless `clearPause` (new key, new server).
   */
  restart(options?: { clearPause?: boolean; lastRefreshAt?: number | null }): void;
  /** Call on `visibilitychange`: hidden stops the timer, visible catches up on a missed refresh. */
  visibilityChanged(): void;
  /** A new refresh interval; the next refresh moves accordingly. */
  setIntervalMs(ms: number): void;
  /** Another floor (another airport's source). */
  setMinGapMs(ms: number): void;
  /** Stops for good (page closing). */
  stop(): void;
  state(): RefreshState;
}

export const MIN_REFRESH_MINUTES = 1;
export const DEFAULT_REFRESH_MINUTES = 5;

/** The refresh interval in milliseconds from the setting: 5 minutes when unset or nonsense, never below 1 minute. */
export function refreshIntervalMs(minutes: number | null | undefined): number {
  const value = typeof minutes === 'number' && Number.isFinite(minutes) ? minutes : DEFAULT_REFRESH_MINUTES;
  return Math.max(MIN_REFRESH_MINUTES, value) * 60_000;
}

/** Creates a scheduler; nothing happens before `start()`. */
export function createRefreshScheduler(options: RefreshSchedulerOptions): RefreshScheduler {
  const now = options.now ?? (() => Date.now());
  let intervalMs = Math.max(MIN_REFRESH_MINUTES * 60_000, options.intervalMs);
  let minGapMs = Math.max(0, options.minGapMs ?? 0);
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running = false;
  let stopped = true;
  let pausedUntil: number | null = null;
  let nextAt: number | null = null;
  let failures = 0;
  let lastDoneAt: number | null = null;
  // Each restart starts a new generation; an answer from an older one is ignored.
  let generation = 0;

  // When the source was last asked (a request that failed was a request too), or its saved board fetched.
  let lastAskedAt: number | null = null;
  const floorUntil = () => (lastAskedAt !== null && minGapMs > 0 && now() < lastAskedAt + minGapMs ? lastAskedAt + minGapMs : null);
  const state = (): RefreshState => ({ running, pausedUntil, nextAt, failures, notBefore: floorUntil() });
  const emit = () => options.onChange?.(state());
  const paused = () => pausedUntil !== null && now() < pausedUntil;

  function clearTimer() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  }

  /** Sets the timer for `nextAt`, only while visible and idle. */
  function arm() {
    clearTimer();
    if (stopped || running || nextAt === null || !options.isVisible()) return;
    timer = setTimeout(fire, Math.max(0, nextAt - now()));
  }

  function fire() {
    timer = null;
    if (!options.isVisible()) return;
    if (paused()) return arm();
    void run();
  }

  async function run() {
    clearTimer();
    const mine = generation;
    running = true;
    lastAskedAt = now();
    pausedUntil = null;
    nextAt = null;
    emit();
    let outcome: RefreshOutcome;
    try {
      outcome = await options.refresh();
    } catch {
      outcome = { kind: 'retry' };
    }
    if (mine !== generation || stopped) return;
    running = false;
    settle(outcome);
    arm();
    emit();
  }

  function settle(outcome: RefreshOutcome) {
    const at = now();
    switch (outcome.kind) {
      case 'done':
        failures = 0;
        lastDoneAt = at;
        nextAt = at + intervalMs;
        break;
      case 'retry':
        failures += 1;
        nextAt = at + Math.max(minGapMs, nextRetryDelay(failures, intervalMs));
        break;
      case 'pause':
        pausedUntil = Math.max(outcome.untilMs, at);
        nextAt = pausedUntil;
        break;
      case 'stop':
        nextAt = null;
        break;
    }
  }

  return {
    start() {
      stopped = false;
      nextAt = paused() ? pausedUntil : now();
      arm();
      emit();
    },
    refreshNow() {
      if (stopped || running || paused() || floorUntil() !== null) return false;
      void run();
      return true;
    },
    restart({ clearPause = false, lastRefreshAt = null } = {}) {
      generation += 1;
      running = false;
      failures = 0;
      if (clearPause || !paused()) pausedUntil = null;
      stopped = false;
      const at = now();
      // Data younger than the interval is not asked for again (quota). A time in the future
      // (the clock was changed) counts as old: better one call too many than a board never renewed.
      lastDoneAt = lastRefreshAt !== null && lastRefreshAt <= at ? lastRefreshAt : null;
      lastAskedAt = lastDoneAt;
      const due = lastDoneAt === null ? at : lastDoneAt + intervalMs;
      nextAt = Math.max(pausedUntil ?? at, due);
      arm();
      emit();
    },
    visibilityChanged() {
      if (options.isVisible()) arm();
      else clearTimer();
    },
    setIntervalMs(ms) {
      intervalMs = Math.max(MIN_REFRESH_MINUTES * 60_000, ms);
      // Only the regular rhythm moves; a backoff or a pause keeps its own time.
      if (failures === 0 && !paused() && lastDoneAt !== null && nextAt !== null) {
        nextAt = lastDoneAt + intervalMs;
        arm();
        emit();
      }
    },
    setMinGapMs(ms) {
      minGapMs = Math.max(0, ms);
      emit();
    },
    stop() {
      stopped = true;
      generation += 1;
      running = false;
      clearTimer();
    },
    state,
  };
}
