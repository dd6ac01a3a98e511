import { displayLocale } from './i18n';

const dateTimeFormats = new Map<boolean, Intl.DateTimeFormat>();

/**
 * Date and time in the person's language and zone ("27 Nov 2026, 17:13"), with or without seconds.
 * Made once per page and kept: making one costs far more than using it, and the first one a page
 * makes can cost 10 ms or more (docs/performance.md, rule 10).
 */
export function dateTimeFormat(withSeconds = false): Intl.DateTimeFormat {
  let format = dateTimeFormats.get(withSeconds);
  if (!format) {
    format = new Intl.DateTimeFormat(displayLocale(), { dateStyle: 'medium', timeStyle: withSeconds ? 'medium' : 'short' });
    dateTimeFormats.set(withSeconds, format);
  }
  return format;
}
