import { utcMillis } from './parse';
import type { Airport, Queue } from './types';

/**
 * The wait-time board as data (reference §4): groups, levels, freshness, map links. Pure and
 * free of i18n; `format.ts` turns these values into words.
 */

export interface TerminalGroup {
  /** null for queues without a terminal (BMA, GOT). */
  terminal: string | null;
  /** The terminal (`T5`), or the airport's name for queues without one. */
  label: string;
  /** Regular lanes first, then FastTrack, each by name. */
  queues: Queue[];
}

const natural = (a: string, b: string): number => a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' });

/**
 * Groups queues by terminal (T2 < T4 < T10), queues without one under `airportName` after the
 * terminals. The API's own order is arbitrary (T5 FastTrack before T5 in §6.1), so sort here.
 */
export function groupByTerminal(queues: readonly Queue[], airportName: string): TerminalGroup[] {
  const groups = new Map<string | null, Queue[]>();
  for (const queue of queues) {
    const terminal = queue.terminal?.trim() || null;
    groups.set(terminal, [...(groups.get(terminal) ?? []), queue]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : natural(a, b)))
    .map(([terminal, members]) => ({
      terminal,
      label: terminal ?? airportName,
      queues: [...members].sort(
        (a, b) => Number(a.isFastTrack) - Number(b.isFastTrack) || natural(a.name, b.name) || a.id - b.id,
      ),
    }));
}

/** Swedavia shows no figure above 45 minutes (§2.3); we show "45+ min" from there on. */
export const WAIT_CAP_MINUTES = 45;

/** `{ minutes: 45, capped: true }` at or above 45 minutes, else the minutes as they are. */
export function waitLabel(minutes: number): { minutes: number; capped: boolean } {
  return minutes >= WAIT_CAP_MINUTES ? { minutes: WAIT_CAP_MINUTES, capped: true } : { minutes: Math.max(0, Math.round(minutes)), capped: false };
}

/** Below 10 minutes is short, below 20 medium, 20 and more long (close to Houston's bands, §4). */
export const SHORT_BELOW_MINUTES = 10;
export const MEDIUM_BELOW_MINUTES = 20;

export type WaitLevel = 'short' | 'medium' | 'long';

export function waitLevel(minutes: number): WaitLevel {
  if (minutes < SHORT_BELOW_MINUTES) return 'short';
  return minutes < MEDIUM_BELOW_MINUTES ? 'medium' : 'long';
}

/** Data older than this is marked stale (§2.3: measurements came every 15 minutes). */
export const STALE_AFTER_MINUTES = 15;

const millisOf = (now: Date | number): number => (typeof now === 'number' ? now : now.getTime());

/** True when the measurement is more than `maxAgeMinutes` old, or missing or unreadable. */
export function isStale(measuredAt: string | null, now: Date | number, maxAgeMinutes = STALE_AFTER_MINUTES): boolean {
  const measured = utcMillis(measuredAt);
  return measured === undefined || millisOf(now) - measured > maxAgeMinutes * 60_000;
}

export interface Measured {
  /** Local clock time, e.g. `15:27`; with the date when the measurement is from another day. */
  time: string;
  /** Whole minutes since the measurement; 0 for a clock that runs behind the server's. */
  minutesAgo: number;
}

function formatter(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat(locale, options);
  } catch {
    // An unknown locale or time zone from the browser must not break the board.
    return new Intl.DateTimeFormat(undefined, { hour: options.hour, minute: options.minute, day: options.day, month: options.month });
  }
}

/**
 * When `measuredAt` was, in the person's local time (`locale` from `browser.i18n.getUILanguage()`;
 * `timeZone` only to pin it, e.g. in tests). null when there is no readable time.
 */
export function measured(measuredAt: string | null, now: Date | number, locale?: string, timeZone?: string): Measured | null {
  const at = utcMillis(measuredAt);
  if (at === undefined) return null;
  const minutesAgo = Math.max(0, Math.floor((millisOf(now) - at) / 60_000));
  const dated = minutesAgo >= 12 * 60;
  const options: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', timeZone };
  if (dated) Object.assign(options, { day: 'numeric', month: 'short' });
  return { time: formatter(locale, options).format(at), minutesAgo };
}

/**
 * An OpenStreetMap link to a checkpoint (regular and FastTrack share one point, §4), or null
 * for coordinates that cannot be on Earth.
 */
export function mapUrl(latitude: number, longitude: number): string | null {
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  const lat = String(Number(latitude.toFixed(6)));
  const lon = String(Number(longitude.toFixed(6)));
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=18/${lat}/${lon}`;
}

/**
 * An airport's name for display (§2.4): displayName → name → localDisplayName → IATA code;
 * localDisplayName first when the UI language is Swedish.
 */
export function airportLabel(airport: Airport, lang: string): string {
  const order = /^sv([-_]|$)/i.test(lang)
    ? [airport.localDisplayName, airport.displayName, airport.name]
    : [airport.displayName, airport.name, airport.localDisplayName];
  return order.map((name) => name?.trim()).find((name) => name) ?? airport.iata;
}
