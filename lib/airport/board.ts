import { utcMillis } from './utc';
import type { Airport, Queue } from './types';

/**
 * The wait-time board as data (docs/airport-api.md#how-other-apps-show-it): groups, levels,
 * freshness, map links. Pure and free of i18n; `format.ts` turns these values into words.
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
 * terminals. The API's own order is arbitrary (T5 FastTrack before T5 at ARN,
 * docs/airport-api.md#quirks-in-the-samples), so sort here.
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
      queues: [...members].sort((a, b) => Number(a.isFastTrack) - Number(b.isFastTrack) || natural(a.name, b.name) || a.id - b.id),
    }));
}

/**
 * Swedavia shows no figure above 45 minutes (docs/airport-api.md#wait-values); we show "45+ min"
 * from there on.
 */
export const WAIT_CAP_MINUTES = 45;

/**
 * `{ minutes: 45, capped: true }` at or above 45 minutes, else the minutes as they are. With
 * `overflow` (v2: the queue reaches past the measured area, docs/airport-api.md#overflow) the
 * minutes are a lower bound: `{ minutes: 16, capped: true }` reads "16+ min".
 */
export function waitLabel(minutes: number, overflow = false): { minutes: number; capped: boolean } {
  if (minutes >= WAIT_CAP_MINUTES) return { minutes: WAIT_CAP_MINUTES, capped: true };
  return { minutes: Math.max(0, Math.round(minutes)), capped: overflow };
}

/**
 * Below 10 minutes is short, below 20 medium, 20 and more long (close to Houston's bands,
 * docs/airport-api.md#how-other-apps-show-it).
 */
export const SHORT_BELOW_MINUTES = 10;
export const MEDIUM_BELOW_MINUTES = 20;

export type WaitLevel = 'short' | 'medium' | 'long';

/** An overflowing queue is long whatever its measured minutes: they are only the part that was measured. */
export function waitLevel(minutes: number, overflow = false): WaitLevel {
  if (overflow) return 'long';
  if (minutes < SHORT_BELOW_MINUTES) return 'short';
  return minutes < MEDIUM_BELOW_MINUTES ? 'medium' : 'long';
}

/**
 * `currentTime` is a snapshot that moves in steps: successive real captures are 15 minutes apart
 * with the same seconds (airport-samples/README.md). A board is as new as it can be until the next
 * step is due.
 */
export const SNAPSHOT_STEP_MINUTES = 15;
/**
 * Out of date means a newer snapshot was due and did not come: two steps, plus 5 minutes for the
 * newest one to be published (35 min). One missed step alone is normal.
 */
export const STALE_AFTER_MINUTES = 2 * SNAPSHOT_STEP_MINUTES + 5;

const millisOf = (now: Date | number): number => (typeof now === 'number' ? now : now.getTime());

/** True when the measurement is more than `maxAgeMinutes` old, or missing or unreadable. */
export function isStale(measuredAt: string | null, now: Date | number, maxAgeMinutes = STALE_AFTER_MINUTES): boolean {
  const measured = utcMillis(measuredAt);
  return measured === undefined || millisOf(now) - measured > maxAgeMinutes * 60_000;
}

export interface Measured {
  /** Whole minutes since the measurement; 0 for a clock that runs behind the server's. */
  minutesAgo: number;
  /** Older than one snapshot step: say "last update", not "measured … just now". */
  olderThanStep: boolean;
}

/** The airports are Swedish: their times are read on Stockholm's clock, wherever the traveller is. */
export const AIRPORT_TIME_ZONE = 'Europe/Stockholm';

/**
 * How old the measurement is; null when there is no readable time. Its time in words is
 * lib/wait-times/format.ts's.
 */
export function measured(measuredAt: string | null, now: Date | number): Measured | null {
  const at = utcMillis(measuredAt);
  if (at === undefined) return null;
  const minutesAgo = Math.max(0, Math.floor((millisOf(now) - at) / 60_000));
  return { minutesAgo, olderThanStep: minutesAgo > SNAPSHOT_STEP_MINUTES };
}

/**
 * Some listed checkpoints report no measurement (`activeMeasurementStations` below the queue
 * count, docs/airport-api.md#wait-times-json).
 */
export function unmeasuredCount(activeStations: number | null | undefined, queueCount: number): number {
  if (typeof activeStations !== 'number' || !Number.isInteger(activeStations) || activeStations < 0) return 0;
  return Math.max(0, queueCount - activeStations);
}

/**
 * An OpenStreetMap link to a checkpoint (regular and FastTrack share one point,
 * docs/airport-api.md#how-other-apps-show-it), or null for coordinates that cannot be on Earth.
 */
export function mapUrl(latitude: number, longitude: number): string | null {
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  const lat = String(Number(latitude.toFixed(6)));
  const lon = String(Number(longitude.toFixed(6)));
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=18/${lat}/${lon}`;
}

/**
 * An airport's name for display (docs/airport-api.md#airports): displayName → name →
 * localDisplayName → IATA code; localDisplayName first when the UI language is Swedish.
 */
export function airportLabel(airport: Airport, lang: string): string {
  const order = /^sv([-_]|$)/i.test(lang)
    ? [airport.localDisplayName, airport.displayName, airport.name]
    : [airport.displayName, airport.name, airport.localDisplayName];
  return order.map((name) => name?.trim()).find((name) => name) ?? airport.iata;
}

/** Only the fields of a Queue: nothing else that may ride along on an answer is kept (the saved boards, the paint cache). */
export const queueFields = ({ id, name, minutes, isFastTrack, terminal, latitude, longitude, overflow, measuredAt }: Queue): Queue => ({
  id,
  name,
  minutes,
  isFastTrack,
  terminal,
  latitude,
  longitude,
  overflow,
  measuredAt,
});
