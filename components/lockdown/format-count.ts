import { displayLocale } from '@/lib/i18n';

/** A count in the page's number format ("1,234", "1 234"). */
export function formatCount(value: number): string {
  return new Intl.NumberFormat(displayLocale()).format(value);
}
