import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { dateTimeFormat } from '@/lib/date-time';
import { countMessage, daysText, displayLocale, viewsText } from '@/lib/i18n';
import { countDateFormatters } from '../support/date-formatters';
import { loadMessages, makeGetMessage } from '../support/messages';

/** The browser as Chrome sets it up: the catalogue it chose and its own UI language. */
function browserIn(catalogue: string, uiLanguage: string): void {
  (fakeBrowser as unknown as { i18n: object }).i18n = {
    getMessage: makeGetMessage(loadMessages(catalogue)),
    getUILanguage: () => uiLanguage,
  };
}

describe('dates and numbers follow the language the texts are shown in', () => {
  it.each([
    ['en', 'en-US', 'en-US'],
    ['en', 'en-GB', 'en-GB'],
    ['de', 'de-AT', 'de-AT'],
    ['sv', 'sv', 'sv'],
    ['fr', 'fr-CA', 'fr-CA'],
    ['nl', 'nl-BE', 'nl-BE'],
    // A language Pushgate does not ship: English texts, so English dates, not Portuguese ones.
    ['en', 'pt-BR', 'en'],
    ['en', 'ja', 'en'],
  ])('catalogue %s, browser in %s: %s', (catalogue, ui, expected) => {
    browserIn(catalogue, ui);
    expect(displayLocale()).toBe(expected);
  });
});

describe('a count picks its singular or plural message by the language’s rules', () => {
  it.each([
    ['en', 'en-US', 1, 'one'],
    ['en', 'en-US', 0, 'other'],
    ['en', 'en-US', 2, 'other'],
    ['sv', 'sv', 1, 'one'],
    ['de', 'de', 21, 'other'],
    // French says "0 jour", "1 jour": both singular.
    ['fr', 'fr', 0, 'one'],
    ['fr', 'fr', 1, 'one'],
    ['fr', 'fr', 2, 'other'],
    ['es', 'es', 1000000, 'other'],
    ['it', 'it', 1, 'one'],
  ])('%s (%s): %d → %s', (catalogue, ui, count, expected) => {
    browserIn(catalogue, ui);
    expect(countMessage(count, 'one', 'other')).toBe(expected);
  });
});

describe('days and views in words, singular and plural', () => {
  it.each([
    ['en', 1, 1, '1 day', '1 view'],
    ['en', 7, 5, '7 days', '5 views'],
    ['sv', 1, 2, '1 dag', '2 visningar'],
    ['de', 1, 1, '1 Tag', '1 Aufruf'],
    ['de', 2, 3, '2 Tage', '3 Aufrufe'],
    // French keeps a number and its unit together with a no-break space.
    ['fr', 1, 10, '1\u00a0jour', '10\u00a0vues'],
    ['nl', 90, 1, '90 dagen', '1 weergave'],
  ])('%s: %d days, %d views → %s, %s', (catalogue, days, views, daysWords, viewsWords) => {
    browserIn(catalogue, catalogue);
    expect([daysText(days), viewsText(views)]).toEqual([daysWords, viewsWords]);
  });
});

describe('dates and times', () => {
  it('are written in the shown language by one formatter per precision, made once per page', () => {
    browserIn('de', 'de-AT');
    const formatters = countDateFormatters();
    const minutes = dateTimeFormat();
    const seconds = dateTimeFormat(true);
    expect(dateTimeFormat()).toBe(minutes);
    expect(dateTimeFormat(true)).toBe(seconds);
    expect(formatters).toHaveBeenCalledTimes(2);
    formatters.mockRestore();
    expect(minutes.resolvedOptions()).toMatchObject({ locale: 'de-AT', dateStyle: 'medium', timeStyle: 'short' });
    expect(seconds.resolvedOptions()).toMatchObject({ locale: 'de-AT', dateStyle: 'medium', timeStyle: 'medium' });
  });
});
