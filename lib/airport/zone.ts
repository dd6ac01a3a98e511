/**
 * An airport's own clock, in its IANA zone, from the platform's time-zone database: a fixed offset
 * is an hour off for half the year (docs/airport-sources.md#clocks). One formatter per zone for the
 * page's life: making one with a zone is slow (docs/performance.md, rule 10).
 */

const HOUR = 60 * 60_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;

const wallFormats = new Map<string, Intl.DateTimeFormat>();

function wallFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallFormats.set(timeZone, format);
  }
  return format;
}

/** The zone's wall clock at `at`, written as if it were a UTC time (for comparing clock readings). */
export function wallClock(at: number, timeZone: string): number {
  const part = Object.fromEntries(
    wallFormat(timeZone)
      .formatToParts(at)
      .map(({ type, value }) => [type, Number(value)]),
  );
  return Date.UTC(part.year!, part.month! - 1, part.day!, part.hour! % 24, part.minute!, part.second!);
}

/** How far the zone's clock is ahead of UTC at `at`, in milliseconds (seconds dropped). */
export function offsetAt(at: number, timeZone: string): number {
  const whole = Math.floor(at / 1000) * 1000;
  return wallClock(whole, timeZone) - whole;
}

/**
 * The instant the zone's clock reads `wall` (a clock reading written as UTC). A reading that is
 * ambiguous (autumn's repeated hour) or does not exist (spring's missing hour) is read as the
 * earlier instant it could mean: for a departure, leaving too early is the safe side.
 */
export function instantOfWall(wall: number, timeZone: string): number {
  // The offsets in force around that day: one, or two across a change (never more in a day).
  const offsets = new Set([offsetAt(wall - 24 * HOUR, timeZone), offsetAt(wall, timeZone), offsetAt(wall + 24 * HOUR, timeZone)]);
  const candidates = [...offsets].map((offset) => wall - offset).sort((a, b) => a - b);
  return candidates.find((at) => wallClock(at, timeZone) === wall) ?? candidates[0]!;
}

/** The instant the zone's clock reads `HH:MM` on `YYYY-MM-DD`, or null for a malformed one. */
export function zonedInstant(date: string, time: string, timeZone: string): number | null {
  const day = DATE.exec(date);
  const clock = HH_MM.exec(time);
  if (!day || !clock) return null;
  const wall = Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]), Number(clock[1]), Number(clock[2]));
  if (new Date(wall).toISOString().slice(0, 10) !== date) return null;
  return instantOfWall(wall, timeZone);
}

/** `YYYY-MM-DD` on the zone's clock, `days` after the day of `now` (0 today, 1 tomorrow). */
export function zonedDate(now: number, timeZone: string, days = 0): string {
  const today = new Date(wallClock(now, timeZone)).toISOString().slice(0, 10);
  if (days === 0) return today;
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

const STAMP = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/**
 * The instant of a feed's timestamp: with `Z` or an offset it is exact; without one it is a
 * reading of the airport's own clock (a website states its own local time). Epoch numbers are
 * seconds below 10^11, else milliseconds. Undefined for anything else, or a date that is no date.
 */
export function feedInstant(value: unknown, timeZone: string): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value > 0 ? (value < 1e11 ? value * 1000 : value) : undefined;
  if (typeof value !== 'string') return undefined;
  const match = STAMP.exec(value.trim());
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second = '0', fraction = '0', zone] = match;
  const parts = [year, month, day, hour, minute, second].map(Number) as [number, number, number, number, number, number];
  const millis = Number(fraction.padEnd(3, '0').slice(0, 3));
  const wall = Date.UTC(parts[0], parts[1] - 1, parts[2], parts[3], parts[4], parts[5]);
  const check = new Date(wall);
  if (check.getUTCMonth() !== parts[1] - 1 || check.getUTCDate() !== parts[2] || parts[3] > 23 || parts[4] > 59 || parts[5] > 59) {
    return undefined;
  }
  if (zone === undefined) return instantOfWall(wall, timeZone) + millis;
  if (zone.toUpperCase() === 'Z') return wall + millis;
  const digits = zone.replace(':', '');
  const offset = Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5) || '0');
  return wall + millis - (digits[0] === '-' ? -offset : offset) * 60_000;
}

/** An instant read on an airport's clock: what a reading "usual at this hour" is kept by. */
export interface AirportLocalTime {
  /** `YYYY-MM-DD` at the airport. */
  date: string;
  /** 0 Sunday … 6 Saturday, at the airport. */
  weekday: number;
  /** Minutes since the airport's midnight, 0–1439. */
  minuteOfDay: number;
}

export function airportLocalTime(at: number, timeZone: string): AirportLocalTime {
  const wall = new Date(wallClock(at, timeZone));
  return {
    date: wall.toISOString().slice(0, 10),
    weekday: wall.getUTCDay(),
    minuteOfDay: wall.getUTCHours() * 60 + wall.getUTCMinutes(),
  };
}

/** `2026-09-29T13:27:04Z`: ISO 8601 UTC, milliseconds only when there are some. */
export const isoUtc = (millis: number): string => new Date(millis).toISOString().replace('.000Z', 'Z');
