import { browser } from 'wxt/browser';

/**
 * The one way to get a string a person reads. Every string lives in `public/_locales`;
 * a missing key shows up as the key itself so a test (and a reviewer) can spot it.
 */
export function t(key: string, ...substitutions: Array<string | number>): string {
  const message = browser.i18n.getMessage(key, substitutions.map(String));
  return message || key;
}
