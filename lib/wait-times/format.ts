import { t } from '../i18n';
import { measured, waitLabel, type WaitLevel } from '../airport/board';

/** Words for the board values of `board.ts`. */

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

/**
 * "Measured 15:27 (3 min ago)" on Stockholm's clock, "Measured 15:27 (Stockholm time), 3 min ago"
 * when the browser's clock differs; "Last update 15:27 (40 min ago)" once the snapshot is older than one step (it
 * moves in 15-minute steps, so "just now" would only say when it was fetched). "" without a
 * measurement. `locale` is the caller's `browser.i18n.getUILanguage()`; `localZone` pins the
 * browser's zone in tests.
 */
export function measuredText(measuredAt: string | null, now: Date | number, locale?: string, localZone?: string): string {
  const when = measured(measuredAt, now, locale, localZone);
  if (!when) return '';
  const ago = agoText(when.minutesAgo);
  if (when.otherZone) return t(when.olderThanStep ? 'airportLastUpdateStockholm' : 'airportMeasuredStockholm', when.time, ago);
  return t(when.olderThanStep ? 'airportLastUpdate' : 'airportMeasured', when.time, ago);
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
