import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { localizeDocument } from '@/lib/i18n';
import { loadMessages, makeGetMessage } from '../support/messages';

function useCatalogue(lang: 'en' | 'sv'): void {
  (fakeBrowser as unknown as { i18n: object }).i18n = { getMessage: makeGetMessage(loadMessages(lang)), getUILanguage: () => lang };
}

/** The `lang` writes localizeDocument makes, as the page sees them. */
async function langWrites(run: () => void): Promise<number> {
  const writes: MutationRecord[] = [];
  const observer = new MutationObserver((records) => writes.push(...records));
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
  run();
  await Promise.resolve();
  writes.push(...observer.takeRecords());
  observer.disconnect();
  return writes.length;
}

describe('localizeDocument', () => {
  afterEach(() => document.documentElement.setAttribute('lang', 'en'));

  it.each([
    // index.html says lang="en": an English catalogue has nothing to change there.
    ['en', 'en', 'Airport security wait times', 0],
    ['sv', 'en', 'Väntetider i säkerhetskontrollen', 1],
    ['en', 'sv', 'Airport security wait times', 1],
  ] as const)(
    'with the %s catalogue on a page that says lang="%s": title %s, %i lang write(s)',
    async (catalogue, pageLang, title, writes) => {
      useCatalogue(catalogue);
      document.documentElement.setAttribute('lang', pageLang);
      expect(await langWrites(() => localizeDocument('sidepanelTitle'))).toBe(writes);
      expect(document.title).toBe(title);
      expect(document.documentElement.lang).toBe(catalogue);
    },
  );
});
