import type { Checkpoint } from '../airport/airport-board';
import { countedMinutes, isStale } from '../airport/board';
import { wallClock, zonedInstant } from '../airport/zone';
import type { LeaveByBuffers } from '../settings/airport';
import { clockFormat } from './format';

/**
 * "Be at security by 07:10 · leave by 06:25": the departure on its airport's clock, less the
 * person's buffers and the live wait counted for the flight. Pure and free of i18n: the caller
 * words it (components/sidepanel/LeaveBy.tsx).
 */

export interface LeaveByInput extends LeaveByBuffers {
  /** `YYYY-MM-DD`, the departure's date at the airport. */
  date: string;
  /** `HH:MM` on the airport's clock. */
  departs: string;
  /** The airport's zone (lib/airport/sources/catalog.ts). */
  timeZone: string;
  /** The checkpoints counted for the flight; empty when none has a value. */
  checkpoints: readonly Pick<Checkpoint, 'wait'>[];
  /** When their figures are from (a measurement, or the fetch for a feed that gives no time). */
  measuredAt: string | null;
  /** The source's step: older than two of them is out of date (lib/airport/board.ts `isStale`). */
  stepMinutes: number;
  now: number;
  /** From `displayLocale()` (lib/i18n.ts). */
  locale?: string;
}

export interface LeaveByMoment {
  at: number;
  /** The airport's clock, e.g. `06:25`; with the day when it is not the departure's date. */
  text: string;
  past: boolean;
}

export interface LeaveBy {
  departureAt: number;
  securityBy: LeaveByMoment;
  leaveBy: LeaveByMoment;
  /** The wait counted; null when no checkpoint has a value (then none is counted). */
  waitMinutes: number | null;
  /** The longest wait is an overflowing queue's, counted as at least a long one (lib/airport/board.ts `countedMinutes`). */
  overflowCounted: boolean;
  /** The longest wait is an interval or a bound below, counted at its top. */
  topCounted: boolean;
  /** The measurement is out of date. */
  stale: boolean;
}

const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;

export const isDepartureTime = (value: string): boolean => HH_MM.test(value);

/** The airport's clock at `at`, with the day when it is not the departure's. */
function clockText(at: number, date: string, timeZone: string, locale?: string): string {
  const sameDay = new Date(wallClock(at, timeZone)).toISOString().slice(0, 10) === date;
  return clockFormat(locale, timeZone, !sameDay).format(at);
}

const minutes = (value: number): number => (Number.isFinite(value) ? Math.max(0, Math.round(value)) : 0);

/**
 * When to be at security and when to leave, or null without a readable departure time. The
 * arithmetic is on instants, so a buffer that spans a daylight-saving change is the real time it
 * takes, and the texts are what the airport's clock will read then. A departure time that is
 * ambiguous or missing on the clock that day is read as the earlier instant (lib/airport/zone.ts).
 */
export function leaveBy(input: LeaveByInput): LeaveBy | null {
  const departureAt = zonedInstant(input.date, input.departs, input.timeZone);
  if (departureAt === null) return null;
  const longest = input.checkpoints.reduce<Pick<Checkpoint, 'wait'> | null>(
    (best, checkpoint) =>
      checkpoint.wait && (best?.wait == null || countedMinutes(checkpoint.wait) > countedMinutes(best.wait)) ? checkpoint : best,
    null,
  );
  const wait = longest?.wait ?? null;
  const waitMinutes = wait ? countedMinutes(wait) : null;
  const securityAt = departureAt - (minutes(input.toGateMinutes) + (waitMinutes ?? 0)) * 60_000;
  const leaveAt = securityAt - minutes(input.toAirportMinutes) * 60_000;
  const moment = (at: number): LeaveByMoment => ({
    at,
    text: clockText(at, input.date, input.timeZone, input.locale),
    past: at <= input.now,
  });
  return {
    departureAt,
    securityBy: moment(securityAt),
    leaveBy: moment(leaveAt),
    waitMinutes,
    overflowCounted: wait?.kind === 'at-least' && wait.overflow === true,
    topCounted: wait?.kind === 'range' || wait?.kind === 'under' || wait?.kind === 'at-most',
    stale: wait !== null && isStale(input.measuredAt, input.now, input.stepMinutes),
  };
}
