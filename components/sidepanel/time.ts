/** A count in the person's language, e.g. `10,000` or `10 000`. Times are lib/wait-times/format.ts's `stockholmTimeText`. */
export function countText(count: number, locale?: string): string {
  try {
    return new Intl.NumberFormat(locale).format(count);
  } catch {
    return String(count);
  }
}
