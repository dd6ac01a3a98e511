import { browser } from 'wxt/browser';
import { TEXTS_FILLED_IN } from './html-texts';

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

/**
 * The locale dates and numbers are written in: the language the texts are shown in (the catalogue
 * the browser chose), with the browser's own region when it speaks that language (`en-GB` writes
 * 27/11/2026). A browser in a language Pushgate does not ship shows English texts, so its dates
 * are English too, not Portuguese beside English words.
 */
export function displayLocale(): string {
  const shown = t('pageLanguage');
  const browserLocale = browser.i18n.getUILanguage();
  return browserLocale.split(/[-_]/)[0]!.toLowerCase() === shown ? browserLocale.replace('_', '-') : shown;
}

/**
 * The message for a count: `one` where the language says "1 day" (French also "0 jour"), `other`
 * elsewhere. Chrome's catalogues have no plural forms, so each count has two keys.
 */
export function countMessage(count: number, one: string, other: string): string {
  return new Intl.PluralRules(displayLocale()).select(count) === 'one' ? one : other;
}

/** "1 day", "7 days": the count in the message its language's plural rules choose. */
export function tCount(count: number, one: string, other: string, ...more: Array<string | number>): string {
  return t(countMessage(count, one, other), count, ...more);
}

/** A push's days and views as words ("1 day", "5 views"), as the link view and notifications say them. */
export function daysText(days: number): string {
  return tCount(days, 'notifyOneDay', 'notifyDays');
}
export function viewsText(views: number): string {
  return tCount(views, 'notifyOneView', 'notifyViews');
}

/**
 * Gives an extension page its tab title and `<html lang>` from the catalogue the browser chose:
 * the static `<title>` and `lang` in index.html cannot use `browser.i18n`, and screen readers
 * pronounce a Swedish page with English rules unless `lang` says otherwise.
 */
export function localizeDocument(titleKey: string): void {
  document.title = t(titleKey);
  // Written only when it changes: setting `lang`, even to the value index.html has, makes the
  // browser look up the language's text rules again (docs/performance.md, rule 11).
  const lang = t('pageLanguage');
  if (document.documentElement.lang !== lang) document.documentElement.lang = lang;
}

/**
 * Fills the texts of markup written in the page's HTML (the popup's form is there before any
 * script runs): `data-i18n="key"` sets the element's text, `data-i18n-aria-label="key"` its
 * accessible name. Text only, never markup. In the HTML source those elements are empty, so Biome's
 * rules that want text in every label and heading are off for the popup's HTML (biome.json).
 *
 * The build writes them in English (build/filled-texts.ts): a page shown in English keeps them
 * and touches none of those elements, each of which would get an object on the page's heap
 * (docs/performance.md, rule 17).
 */
export function localizeElements(doc: Document): void {
  if (doc.documentElement.getAttribute(TEXTS_FILLED_IN) === t('pageLanguage')) return;
  for (const element of doc.body.querySelectorAll<HTMLElement>('[data-i18n]')) element.textContent = t(element.getAttribute('data-i18n')!);
  for (const element of doc.body.querySelectorAll<HTMLElement>('[data-i18n-aria-label]')) {
    element.setAttribute('aria-label', t(element.getAttribute('data-i18n-aria-label')!));
  }
}
