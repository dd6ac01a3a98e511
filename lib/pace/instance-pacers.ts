import { browser } from 'wxt/browser';
import { originOf } from '../url';
import { createPacer, INSTANCE_BUDGET, type Budget, type Pacer, type PacerClock } from './pacer';
import { notePause } from './pause';

/**
 * The background's pacers, one per instance (by origin), shared by every job of the background
 * and, through ./messages.ts, of the pages. The background owns them because it outlives the
 * pages and runs the jobs that ask the most (the lockdown, the receipts).
 *
 * A pacer's memory of the last minute lives only here: while one is busy (something waits, or a
 * request of the last minute still counts, or a 429's pause holds) the worker calls the browser every
 * 20 s, which counts as activity, so Chrome does not stop it and a new worker never starts from an
 * empty minute (the lifecycle: docs/architecture.md, "Files over the port").
 */

/** Smaller only in the test builds (wxt.config.ts), so the e2e lockdowns of hundreds of pushes take seconds. */
const BUDGET: Budget = {
  ...INSTANCE_BUDGET,
  perMinute: (import.meta.env.PUSHGATE_PACE_PER_MINUTE ?? INSTANCE_BUDGET.perMinute) as number,
};
const KEEP_ALIVE_MS = 20_000;

const clock: PacerClock = {
  now: () => Date.now(),
  after(ms, run) {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  },
};

const pacers = new Map<string, Pacer>();
let keepAlive: ReturnType<typeof setInterval> | undefined;

/** The pacer of `baseUrl`'s instance. */
export function pacerFor(baseUrl: string): Pacer {
  const origin = originOf(baseUrl);
  let pacer = pacers.get(origin);
  if (!pacer) {
    const made = createPacer(clock, BUDGET);
    // Every use may make it busy: the worker is then held until none is.
    pacer = {
      take: (priority, signal) => held(made.take(priority, signal)),
      count: () => held(made.count()),
      throttled(seconds) {
        const began = held(made.throttled(seconds));
        // Said once, by the pages that show this instance (./pause.ts), not by each job that waits.
        if (began) void notePause(origin, made.pausedUntil()).catch(() => undefined);
        return began;
      },
      pausedUntil: made.pausedUntil,
      busy: made.busy,
    };
    pacers.set(origin, pacer);
  }
  return pacer;
}

function held<T>(result: T): T {
  keepAlive ??= setInterval(ping, KEEP_ALIVE_MS);
  return result;
}

function ping() {
  if (![...pacers.values()].some((pacer) => pacer.busy())) {
    clearInterval(keepAlive);
    keepAlive = undefined;
    return;
  }
  try {
    void browser.runtime.getPlatformInfo().catch(() => undefined);
  } catch {
    // An extension context that went away throws at once: nothing is left to keep alive.
  }
}

/** Forgets every pacer and its minute: tests start each from an instance nobody asked yet. */
export function resetPacersForTests(): void {
  pacers.clear();
  clearInterval(keepAlive);
  keepAlive = undefined;
}
