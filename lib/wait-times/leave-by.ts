import { AIRPORT_TIME_ZONE, isStale, MEDIUM_BELOW_MINUTES } from '../airport/board';
import type { Queue } from '../airport/types';
import type { LeaveByBuffers } from '../settings/airport';
import { clockFormat } from './format';

/**
 * "Be at security by 07:10 · leave by 06:25": the departure on Stockholm's clock, less the
 * person's buffers and the live wait of the flight's checkpoints. Pure and free of i18n: the
 * caller words it (components/sidepanel/LeaveBy.tsx).
 */

export interface LeaveByInput extends LeaveByBuffers {
  /** `YYYY-MM-DD`, the departure's date at the airport. */
  date: string;
  /** `HH:MM` on Stockholm's clock. */
  departs: string;
  /** The flight's checkpoints; empty when none was measured. */
  queues: readonly Queue[];
  measuredAt: string | null;
  now: number;
  /** From `displayLocale()` (lib/i18n.ts). */
  locale?: string;
}

export interface LeaveByMoment {
  at: number;
  /** Stockholm's clock, e.g. `06:25`; with the day when it is not the departure's date. */
  text: string;
  past: boolean;
}

export interface LeaveBy {
  departureAt: number;
  securityBy: LeaveByMoment;
  leaveBy: LeaveByMoment;
  /** The wait counted; null when no checkpoint was measured (then none is counted). */
  waitMinutes: number | null;
  /** The longest wait is an overflowing queue's, counted as at least a long one (see `countedMinutes`). */
  overflowCounted: boolean;
  /** The measurement is out of date (lib/airport/board.ts `isStale`). */
  stale: boolean;
}

const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const HOUR = 60 * 60_000;

export const isDepartureTime = (value: string): boolean => HH_MM.test(value);

let wallFormat: Intl.DateTimeFormat | undefined;

/** Stockholm's wall clock at `at`, written as if it were a UTC time (for comparing clock readings). */
function wallClock(at: number): number {
  wallFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: AIRPORT_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  const part = Object.fromEntries(wallFormat.formatToParts(at).map(({ type, value }) => [type, Number(value)]));
  return Date.UTC(part.year!, part.month! - 1, part.day!, part.hour! % 24, part.minute!);
}

/**
 * The instant Stockholm's clock reads `departs` on `date`, or null for a malformed one. Stockholm
 * is an hour or two ahead of UTC. A clock time that is ambiguous (October's repeated hour) or
 * does not exist (March's missing hour) is read as the earlier instant it could mean: leaving too
 * early is the safe side of a flight.
 */
export function stockholmInstant(date: string, departs: string): number | null {
  const day = DATE.exec(date);
  const time = HH_MM.exec(departs);
  if (!day || !time) return null;
  const wall = Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]), Number(time[1]), Number(time[2]));
  if (new Date(wall).toISOString().slice(0, 10) !== date) return null;
  return [wall - 2 * HOUR, wall - HOUR].find((at) => wallClock(at) === wall) ?? wall - 2 * HOUR;
}

/**
 * A queue's minutes as counted. An overflowing queue reaches past the measured area
 * (docs/airport-api.md#overflow): its minutes are only a lower bound, and the board shows it as
 * long. It counts as at least the long band's start (20 min), so the time agrees with the level
 * the board shows, or as its measured minutes when those are more; any larger figure (the 45-minute
 * display cap, say) would be a guess nobody measured.
 */
export const countedMinutes = (queue: Pick<Queue, 'minutes' | 'overflow'>): number =>
  queue.overflow ? Math.max(queue.minutes, MEDIUM_BELOW_MINUTES) : Math.max(0, queue.minutes);

/** Stockholm's clock at `at`, with the day when it is not the departure's. */
function clockText(at: number, date: string, locale?: string): string {
  const sameDay = new Date(wallClock(at)).toISOString().slice(0, 10) === date;
  return clockFormat(locale, AIRPORT_TIME_ZONE, !sameDay).format(at);
}

const minutes = (value: number): number => (Number.isFinite(value) ? Math.max(0, Math.round(value)) : 0);

/**
 * When to be at security and when to leave, or null without a readable departure time. The
 * arithmetic is on instants, so a buffer that spans a daylight-saving change is the real time it
 * takes, and the texts are what Stockholm's clock will read then.
 */
export function leaveBy(input: LeaveByInput): LeaveBy | null {
  const departureAt = stockholmInstant(input.date, input.departs);
  if (departureAt === null) return null;
  const longest = input.queues.reduce<Queue | null>(
    (best, queue) => (best === null || countedMinutes(queue) > countedMinutes(best) ? queue : best),
    null,
  );
  const waitMinutes = longest ? countedMinutes(longest) : null;
  const securityAt = departureAt - (minutes(input.toGateMinutes) + (waitMinutes ?? 0)) * 60_000;
  const leaveAt = securityAt - minutes(input.toAirportMinutes) * 60_000;
  const moment = (at: number): LeaveByMoment => ({ at, text: clockText(at, input.date, input.locale), past: at <= input.now });
  return {
    departureAt,
    securityBy: moment(securityAt),
    leaveBy: moment(leaveAt),
    waitMinutes,
    overflowCounted: longest?.overflow ?? false,
    stale: longest !== null && isStale(input.measuredAt, input.now),
  };
}
