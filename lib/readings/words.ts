import { t } from '../i18n';
import { clockFormat, waitText } from '../wait-times/format';
import type { Slot } from './slot';
import { stepStartMinute } from './slot';
import type { Usual } from './usual';

/**
 * "Usual for a Tuesday at 07:15: 10–15 min (from 6 of your readings on 2 days)": the usual line in
 * the person's language, saying how many readings, and on how many days, it rests on.
 */

// One per locale for the page's life (docs/performance.md, rule 10).
const weekdayFormats = new Map<string, Intl.DateTimeFormat>();

/** "Tuesday" for 2, in the person's language. */
export function weekdayName(weekday: number, locale?: string): string {
  const key = locale ?? '';
  let format = weekdayFormats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
    } catch {
      format = new Intl.DateTimeFormat(undefined, { weekday: 'long', timeZone: 'UTC' });
    }
    weekdayFormats.set(key, format);
  }
  // 4 January 2026 was a Sunday.
  return format.format(Date.UTC(2026, 0, 4 + weekday, 12));
}

/** "07:15": when a quarter hour starts, as the airport's clock shows it (a wall time, so read in UTC). */
export function stepTime(step: number, locale?: string): string {
  const minute = stepStartMinute(step);
  return clockFormat(locale, 'UTC', false).format(Date.UTC(2026, 0, 4, Math.floor(minute / 60), minute % 60));
}

/** "from 6 of your readings on 2 days", "from 3 of your readings, all on one day". */
export function basisText(usual: Pick<Usual, 'readings' | 'days'>): string {
  return usual.days === 1 ? t('sidepanelUsualBasisOneDay', usual.readings) : t('sidepanelUsualBasisDays', usual.readings, usual.days);
}

export function usualText(usual: Usual, slot: Slot, locale?: string): string {
  return t('sidepanelUsual', weekdayName(slot.weekday, locale), stepTime(slot.step, locale), waitText(usual.wait), basisText(usual));
}
