import type { Checkpoint, Wait } from './airport-board';
import type { Airport } from './types';
import { utcMillis } from './utc';

/**
 * The wait-time board as data (docs/airport-api.md#how-other-apps-show-it): groups, levels,
 * freshness, map links, for a board of any source. Pure and free of i18n;
 * lib/wait-times/format.ts turns these values into words.
 */

export interface TerminalGroup<T extends Checkpoint = Checkpoint> {
  /** null for checkpoints without a terminal (BMA, GOT, Oslo, Schiphol's filters). */
  terminal: string | null;
  /** The terminal (`T5`), or the airport's name for checkpoints without one. */
  label: string;
  /** Regular lanes first, then FastTrack, each by name. */
  checkpoints: T[];
}

const natural = (a: string, b: string): number => a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' });

/**
 * Groups checkpoints by terminal (T2 < T4 < T10), those without one under `airportName` after the
 * terminals. A feed's own order is arbitrary (T5 FastTrack before T5 at ARN,
 * docs/airport-api.md#quirks-in-the-samples), so sort here.
 */
export function groupByTerminal<T extends Checkpoint>(checkpoints: readonly T[], airportName: string): TerminalGroup<T>[] {
  const groups = new Map<string | null, T[]>();
  for (const checkpoint of checkpoints) {
    const terminal = checkpoint.terminal?.trim() || null;
    groups.set(terminal, [...(groups.get(terminal) ?? []), checkpoint]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : natural(a, b)))
    .map(([terminal, members]) => ({
      terminal,
      label: terminal ?? airportName,
      checkpoints: [...members].sort((a, b) => Number(a.fastTrack) - Number(b.fastTrack) || natural(a.name, b.name) || natural(a.id, b.id)),
    }));
}

/**
 * Below 10 minutes is short, below 20 medium, 20 and more long (close to Houston's bands,
 * docs/airport-api.md#how-other-apps-show-it).
 */
export const SHORT_BELOW_MINUTES = 10;
export const MEDIUM_BELOW_MINUTES = 20;

export type WaitLevel = 'short' | 'medium' | 'long';

/**
 * The minutes a traveller plans for: the figure, an interval's upper end, a bound's own figure.
 * An overflowing queue reaches past the measured area (docs/airport-api.md#overflow): its minutes
 * are only a lower bound, so it counts as at least the long band's start (20 min), which agrees
 * with the level the board shows; any larger figure would be a guess nobody measured.
 */
export function countedMinutes(wait: Wait): number {
  switch (wait.kind) {
    case 'minutes':
    case 'under':
    case 'at-most':
      return Math.max(0, wait.minutes);
    case 'range':
      return Math.max(0, wait.to);
    case 'at-least':
      return wait.overflow ? Math.max(wait.minutes, MEDIUM_BELOW_MINUTES) : Math.max(0, wait.minutes);
  }
}

/** The level of a wait, by the minutes it counts as: an overflowing queue is long whatever was measured. */
export function waitLevel(wait: Wait): WaitLevel {
  const minutes = countedMinutes(wait);
  if (minutes < SHORT_BELOW_MINUTES) return 'short';
  return minutes < MEDIUM_BELOW_MINUTES ? 'medium' : 'long';
}

/**
 * Out of date means a newer figure was due and did not come: two of the source's steps, plus 5
 * minutes for the newest one to be published (35 min for Swedavia's 15-minute snapshots). One
 * missed step alone is normal.
 */
export const staleAfterMinutes = (stepMinutes: number): number => 2 * stepMinutes + 5;

const millisOf = (now: Date | number): number => (typeof now === 'number' ? now : now.getTime());

/** True when the time is more than two steps old (see above), or missing or unreadable. */
export function isStale(at: string | null, now: Date | number, stepMinutes: number): boolean {
  const measured = utcMillis(at);
  return measured === undefined || millisOf(now) - measured > staleAfterMinutes(stepMinutes) * 60_000;
}

export interface Measured {
  /** Whole minutes since the measurement; 0 for a clock that runs behind the server's. */
  minutesAgo: number;
  /** Older than one step: say "last update", not "measured … just now". */
  olderThanStep: boolean;
}

/** How old a time is; null when there is none readable. Its time in words is lib/wait-times/format.ts's. */
export function measured(at: string | null, now: Date | number, stepMinutes: number): Measured | null {
  const time = utcMillis(at);
  if (time === undefined) return null;
  const minutesAgo = Math.max(0, Math.floor((millisOf(now) - time) / 60_000));
  return { minutesAgo, olderThanStep: minutesAgo > stepMinutes };
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
 * docs/airport-api.md#how-other-apps-show-it), or null without a position that can be on Earth.
 */
export function mapUrl(position: Checkpoint['position']): string | null {
  if (!position) return null;
  const { latitude, longitude } = position;
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

/**
 * The checkpoints whose value is missing because the feed changed (docs/airport-sources.md#changes):
 * no wait, and no words of the website's own standing in for one.
 */
export const withoutValue = (checkpoints: readonly Checkpoint[]): Checkpoint[] =>
  checkpoints.filter((checkpoint) => checkpoint.wait === null && checkpoint.said === undefined);
