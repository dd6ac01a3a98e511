import type { Wait } from '../airport/airport-board';
import { measured, type WaitLevel } from '../airport/board';
import { utcMillis } from '../airport/utc';
import { isoUtc } from '../airport/zone';
import { t } from '../i18n';
import { zoneName } from './airport-names';

/** Words for the board values of lib/airport/board.ts, and every time the side panel shows, on the airport's clock. */

const millisOf = (now: Date | number): number => (typeof now === 'number' ? now : now.getTime());

/** "12 min", "10–15 min", "under 5 min", "up to 12 min", "45+ min" (a bound, or an overflowing queue's "16+ min"); "no value" without one. */
export function waitText(wait: Wait | null): string {
  if (!wait) return t('airportWaitNone');
  switch (wait.kind) {
    case 'minutes':
      return t('airportWaitMinutes', wait.minutes);
    case 'range':
      return t('airportWaitRange', wait.from, wait.to);
    case 'under':
      return t('airportWaitUnder', wait.minutes);
    case 'at-most':
      return t('airportWaitAtMost', wait.minutes);
    case 'at-least':
      return t('airportWaitCapped', wait.minutes);
  }
}

/** The level in words, so colour is never the only cue; an overflowing queue says that its length is not all measured. */
export function waitLevelText(level: WaitLevel, overflow = false): string {
  if (overflow) return t('airportOverflow');
  return t(level === 'short' ? 'airportLevelShort' : level === 'medium' ? 'airportLevelMedium' : 'airportLevelLong');
}

/** "just now", "3 min ago", "2 h ago", "3 days ago". */
export function agoText(minutesAgo: number): string {
  if (minutesAgo < 1) return t('airportAgoNow');
  if (minutesAgo < 90) return t('airportAgoMinutes', minutesAgo);
  if (minutesAgo < 48 * 60) return t('airportAgoHours', Math.round(minutesAgo / 60));
  return t('airportAgoDays', Math.floor(minutesAgo / (24 * 60)));
}

// One per locale, zone and form for the page's life: each costs about 0.3 ms (docs/performance.md, rule 10).
const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** Hours and minutes (and the day when `dated`) on `timeZone`'s clock, the browser's own when undefined. */
export function clockFormat(locale: string | undefined, timeZone: string | undefined, dated: boolean): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${timeZone ?? ''}|${dated}`;
  let format = clockFormats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', timeZone };
    if (dated) Object.assign(options, { day: 'numeric', month: 'short' });
    try {
      format = new Intl.DateTimeFormat(locale, options);
    } catch {
      // An unknown locale from the browser must not break the panel; the airport's zone stays.
      try {
        format = new Intl.DateTimeFormat(undefined, options);
      } catch {
        format = new Intl.DateTimeFormat(undefined, { ...options, timeZone: undefined });
      }
    }
    clockFormats.set(key, format);
  }
  return format;
}

/**
 * `at` on the airport's clock (`15:40`; with the date when it is 12 hours or more from `now`, since a
 * bare time would read as today), and whether the browser's own clock reads otherwise then. The
 * clocks are compared as shown, not by zone name: Oslo or Paris read the same as Stockholm and need
 * no note. `localZone` pins the browser's zone in tests.
 */
export function airportClock(
  at: number,
  now: number,
  timeZone: string,
  locale?: string,
  localZone?: string,
): { time: string; otherZone: boolean } {
  const dated = Math.abs(now - at) >= 12 * 60 * 60_000;
  const time = clockFormat(locale, timeZone, dated).format(at);
  return { time, otherZone: clockFormat(locale, localZone, dated).format(at) !== time };
}

/**
 * Every time the side panel shows, the one way: "15:40" on the airport's clock, "15:40 (Copenhagen
 * time)" when the browser's clock differs. A traveller reads an airport's times on its own clock.
 */
export function airportTimeText(at: number, now: number, timeZone: string, locale?: string, localZone?: string): string {
  const { time, otherZone } = airportClock(at, now, timeZone, locale, localZone);
  return otherZone ? t('airportTimeIn', time, zoneName(timeZone)) : time;
}

/** When a board's figures are from: its measurement, or, for a feed that gives none, when it was fetched. */
export interface BoardTime {
  measuredAt: string | null;
  /** 0 (or absent) for none. */
  fetchedAt?: number;
  timeZone: string;
  /** The source's step (lib/airport/sources/catalog.ts): older than one, "last update" instead of "measured". */
  stepMinutes: number;
}

/**
 * "Measured 15:27 (3 min ago)" on the airport's clock, "Measured 15:27 (Copenhagen time), 3 min ago"
 * when the browser's clock differs; "Last update 15:27 (40 min ago)" once the figure is older than
 * one step (so "just now" would only say when it was fetched); "Fetched 15:27 (3 min ago)" for a feed
 * that gives no measurement time; and "Last update 15:27" alone after a `failed` refresh while it is
 * younger than a step. "" without a time. `locale` is the caller's `displayLocale()` (lib/i18n.ts);
 * `localZone` pins the browser's zone in tests.
 */
export function measuredText(board: BoardTime, now: Date | number, locale?: string, localZone?: string, failed = false): string {
  const { measuredAt, fetchedAt, timeZone, stepMinutes } = board;
  const fetchedOnly = measuredAt === null;
  const iso = measuredAt ?? (fetchedAt ? isoUtc(fetchedAt) : null);
  const when = measured(iso, now, stepMinutes);
  if (!when) return '';
  const at = utcMillis(iso)!;
  // Beside "Out of date" a young figure's age ("just now") would read as fresh: the time alone.
  if (failed && !when.olderThanStep) return t('airportLastUpdateAt', airportTimeText(at, millisOf(now), timeZone, locale, localZone));
  const { time, otherZone } = airportClock(at, millisOf(now), timeZone, locale, localZone);
  const ago = agoText(when.minutesAgo);
  const [plain, zoned] = fetchedOnly
    ? ['airportFetched', 'airportFetchedIn']
    : when.olderThanStep
      ? ['airportLastUpdate', 'airportLastUpdateIn']
      : ['airportMeasured', 'airportMeasuredIn'];
  return otherZone ? t(zoned, time, zoneName(timeZone), ago) : t(plain, time, ago);
}

/** A wait such as a Retry-After: "45 s", "12 min", "7 h 2 min", "3 days". */
export function durationText(seconds: number): string {
  if (seconds < 90) return t('airportSpanSeconds', Math.max(1, Math.round(seconds)));
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 90) return t('airportSpanMinutes', minutes);
  if (minutes < 48 * 60) return t('airportSpanHours', Math.floor(minutes / 60), minutes % 60);
  return t('airportSpanDays', Math.ceil(minutes / (24 * 60)));
}

/** Why an airport code was refused before sending. */
export function iataProblemText(reason: 'empty' | 'format'): string {
  return t(reason === 'empty' ? 'airportIataEmpty' : 'airportIataFormat');
}
