import type { MyFlight } from '../airport/flight';
import { airportTimeZone, FEED_FLOOR_MINUTES } from '../airport/sources/catalog';
import { zonedInstant } from '../airport/zone';
import { MONTHLY_CALL_QUOTA } from '../wait-times/usage';
import type { EndedWatch, Watch, WatchEndReason } from './types';

/**
 * When watches are checked and when they end, with the clock passed in: pure, so the schedule is
 * tested without waiting (test/unit/watches/plan.test.ts).
 */

/** The feeds update no faster than five minutes (docs/airport-sources.md#refresh); a watch asks no more often. */
export const CHECK_EVERY_MS = FEED_FLOOR_MINUTES * 60_000;
/** A watch ends by itself after six hours: nobody waits longer for a queue, and the quota is spared. */
export const WATCH_LIFETIME_MS = 6 * 60 * 60_000;
/** At most this many watches at once. */
export const MAX_WATCHES = 10;
/** Ended watches are listed this long (and at most `MAX_ENDED`), to say why each ended. */
export const ENDED_KEPT_MS = 24 * 60 * 60_000;
export const MAX_ENDED = 10;

/**
 * Swedavia's quota is about 10,000 requests a month (docs/airport-api.md#quota). Watches stop
 * before the count reaches this, so the last 500 are left for the person's own looks in the panel.
 */
export const WATCH_QUOTA_RESERVE = 500;
export const WATCH_QUOTA_CEILING = MONTHLY_CALL_QUOTA - WATCH_QUOTA_RESERVE;

/** My flight's departure as an instant, on its airport's clock, or null without a readable one. */
export function departureOf(flight: Pick<MyFlight, 'date' | 'departs' | 'iata'>): number | null {
  return flight.departs ? zonedInstant(flight.date, flight.departs, airportTimeZone(flight.iata)) : null;
}

/** When a watch set at `setAt` ends: six hours on, or at the departure of its flight if sooner. */
export function endsAtFor(setAt: number, departure: number | null = null): number {
  return departure === null ? setAt + WATCH_LIFETIME_MS : Math.min(setAt + WATCH_LIFETIME_MS, departure);
}

/** My flight as a watch keeps it is still My flight: the same airport, flight, date and departure. */
export const sameFlight = (a: MyFlight, b: MyFlight | null): boolean =>
  b !== null && a.iata === b.iata && a.flight === b.flight && a.date === b.date && a.departs === b.departs;

/**
 * Why a watch ends before any request, or null while it runs: its flight left or changed, or its
 * six hours passed. `myFlight` is My flight as stored now.
 */
export function endBeforeCheck(watch: Watch, now: number, myFlight: MyFlight | null): WatchEndReason | null {
  if (watch.target.kind === 'flight') {
    const departure = departureOf(watch.target.flight);
    if (departure !== null && now >= departure) return 'flight-left';
    if (!sameFlight(watch.target.flight, myFlight)) return 'flight-changed';
  }
  return now >= watch.endsAt ? 'expired' : null;
}

/** When the next check is due: now for the first, then `CHECK_EVERY_MS` after the last (a clock set back counts as due). */
export function nextCheckAt(lastCheckAt: number | null, now: number): number {
  if (lastCheckAt === null || lastCheckAt > now) return now;
  return Math.max(now, lastCheckAt + CHECK_EVERY_MS);
}

/** Whether a saved board fetched at `fetchedAt` is still what the source would answer: younger than its floor. */
export const savedBoardServes = (fetchedAt: number, now: number): boolean => fetchedAt <= now && now - fetchedAt < CHECK_EVERY_MS;

/** Whether one more request to Swedavia's API stays within what watches may use of the quota. */
export const quotaAllows = (usedThisMonth: number): boolean => usedThisMonth + 1 <= WATCH_QUOTA_CEILING;

/**
 * The requests a new watch adds, at most: one every `CHECK_EVERY_MS` from now until it ends. The
 * first check uses the board on screen when it is fresh (`boardFresh`); checks another watch on
 * the same airport already makes (until `coveredUntil`) cost nothing more.
 */
export function requestsFor({
  now,
  endsAt,
  boardFresh,
  coveredUntil = null,
}: {
  now: number;
  endsAt: number;
  boardFresh: boolean;
  coveredUntil?: number | null;
}): number {
  let count = 0;
  for (let at = now + (boardFresh ? CHECK_EVERY_MS : 0); at < endsAt; at += CHECK_EVERY_MS) {
    if (coveredUntil === null || at >= coveredUntil) count += 1;
  }
  return count;
}

/** The ended watches worth listing: a day at most, the newest `MAX_ENDED`. */
export function keptEnded(ended: readonly EndedWatch[], now: number): EndedWatch[] {
  return ended
    .filter((watch) => now - watch.endedAt < ENDED_KEPT_MS && watch.endedAt <= now)
    .sort((a, b) => b.endedAt - a.endedAt)
    .slice(0, MAX_ENDED);
}
