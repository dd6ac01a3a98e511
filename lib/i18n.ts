import { browser } from 'wxt/browser';

// WXT types `getMessage` with the keys it generated at the last `wxt prepare`; keys are plain
// strings here so a page can pass them around, and the catalogue is checked by tests instead.
type GetMessage = (key: string, substitutions?: string[]) => string;

/**
 * The one way to get a string a person reads. Every string lives in `public/_locales`;
 * a missing key shows up as the key itself so a test (and a reviewer) can spot it.
 */
export function t(key: string, ...substitutions: Array<string | number>): string {
  const message = (browser.i18n.getMessage as GetMessage)(key, substitutions.map(String));
  return message || key;
}
