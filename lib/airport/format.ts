import { t } from '../i18n';
import { measured, waitLabel, type WaitLevel } from './board';

/** Words for the board values of `board.ts`. */

/** "12 min", or "45+ min" at and above the 45-minute cap. */
export function waitText(minutes: number): string {
  const label = waitLabel(minutes);
  return label.capped ? t('airportWaitCapped', label.minutes) : t('airportWaitMinutes', label.minutes);
}

/** The level in words, so colour is never the only cue. */
export function waitLevelText(level: WaitLevel): string {
  return t(level === 'short' ? 'airportLevelShort' : level === 'medium' ? 'airportLevelMedium' : 'airportLevelLong');
}

/** "just now", "3 min ago", "2 h ago", "3 days ago". */
export function agoText(minutesAgo: number): string {
  if (minutesAgo < 1) return t('airportAgoNow');
  if (minutesAgo < 90) return t('airportAgoMinutes', minutesAgo);
  if (minutesAgo < 48 * 60) return t('airportAgoHours', Math.round(minutesAgo / 60));
  return t('airportAgoDays', Math.floor(minutesAgo / (24 * 60)));
}

/**
 * "Measured 15:27 (3 min ago)" in the person's local time; "" without a measurement.
 * `locale` is the caller's `browser.i18n.getUILanguage()`.
 */
export function measuredText(measuredAt: string | null, now: Date | number, locale?: string, timeZone?: string): string {
  const when = measured(measuredAt, now, locale, timeZone);
  return when ? t('airportMeasured', when.time, agoText(when.minutesAgo)) : '';
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
