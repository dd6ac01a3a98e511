/**
 * A future clock time in the person's language, e.g. `15:40` (or `3:40 PM`); with the date when
 * it is not within the next 12 hours, since a bare time would then read as today.
 */
export function clockTime(at: number, now: number, locale?: string): string {
  const options: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };
  if (Math.abs(at - now) >= 12 * 60 * 60_000) Object.assign(options, { day: 'numeric', month: 'short' });
  try {
    return new Intl.DateTimeFormat(locale, options).format(at);
  } catch {
    // An unknown locale from the browser must not break the panel.
    return new Intl.DateTimeFormat(undefined, options).format(at);
  }
}

/** A count in the person's language, e.g. `10,000` or `10 000`. */
export function countText(count: number, locale?: string): string {
  try {
    return new Intl.NumberFormat(locale).format(count);
  } catch {
    return String(count);
  }
}
