import { t } from '../i18n';
import { AIRPORT_TIME_ZONE, measured, waitLabel, type WaitLevel } from '../airport/board';
import { utcMillis } from '../airport/utc';

/** Words for the board values of `board.ts`. */

const millisOf = (now: Date | number): number => (typeof now === 'number' ? now : now.getTime());

/** "12 min", "45+ min" at and above the 45-minute cap, "16+ min" for an overflowing queue. */
export function waitText(minutes: number, overflow = false): string {
  const label = waitLabel(minutes, overflow);
  return label.capped ? t('airportWaitCapped', label.minutes) : t('airportWaitMinutes', label.minutes);
}

/** The level in words, so colour is never the only cue; an overflowing queue says that its length is not all measured. */
export function waitLevelText(level: WaitLevel, overflow = false): string {
  if (overflow) return t('airportOverflow');
  return t(level === 'short' ? 'airportLevelShort' : level === 'medium' ? 'airportLevelMedium' : 'airportLevelLong');
}

/** "just now", "3 min ago", "2 h ago", "3 days ago". */
function agoText(minutesAgo: number): string {
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
      // An unknown locale or zone from the browser must not break the panel.
      format = new Intl.DateTimeFormat(undefined, { ...options, timeZone: timeZone === AIRPORT_TIME_ZONE ? timeZone : undefined });
    }
    clockFormats.set(key, format);
  }
  return format;
}

/**
 * `at` on Stockholm's clock (`15:40`; with the date when it is 12 hours or more from `now`, since a
 * bare time would read as today), and whether the browser's own clock reads otherwise then. The
 * clocks are compared as shown, not by zone name: Oslo or Paris read the same and need no note.
 * `localZone` pins the browser's zone in tests.
 */
export function stockholmClock(at: number, now: number, locale?: string, localZone?: string): { time: string; otherZone: boolean } {
  const dated = Math.abs(now - at) >= 12 * 60 * 60_000;
  const time = clockFormat(locale, AIRPORT_TIME_ZONE, dated).format(at);
  return { time, otherZone: clockFormat(locale, localZone, dated).format(at) !== time };
}

/**
 * Every time the side panel shows, the one way: "15:40" on Stockholm's clock, "15:40 (Stockholm
 * time)" when the browser's clock differs. The airports are Swedish: a traveller reads their
 * times on their clock.
 */
export function stockholmTimeText(at: number, now: number, locale?: string, localZone?: string): string {
  const { time, otherZone } = stockholmClock(at, now, locale, localZone);
  return otherZone ? t('airportTimeStockholm', time) : time;
}

/**
 * "Measured 15:27 (3 min ago)" on Stockholm's clock, "Measured 15:27 (Stockholm time), 3 min ago"
 * when the browser's clock differs; "Last update 15:27 (40 min ago)" once the snapshot is older than one step (it
 * moves in 15-minute steps, so "just now" would only say when it was fetched), and "Last update 15:27" alone
 * after a `failed` refresh while the measurement is younger than that. "" without a measurement. `locale` is the caller's `displayLocale()` (lib/i18n.ts); `localZone` pins the
 * browser's zone in tests.
 */
export function measuredText(measuredAt: string | null, now: Date | number, locale?: string, localZone?: string, failed = false): string {
  const when = measured(measuredAt, now);
  if (!when) return '';
  const at = utcMillis(measuredAt)!;
  // Beside "Out of date" a young measurement's age ("just now") would read as fresh: the time alone.
  if (failed && !when.olderThanStep) return t('airportLastUpdateAt', stockholmTimeText(at, millisOf(now), locale, localZone));
  const { time, otherZone } = stockholmClock(at, millisOf(now), locale, localZone);
  const ago = agoText(when.minutesAgo);
  if (otherZone) return t(when.olderThanStep ? 'airportLastUpdateStockholm' : 'airportMeasuredStockholm', time, ago);
  return t(when.olderThanStep ? 'airportLastUpdate' : 'airportMeasured', time, ago);
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
