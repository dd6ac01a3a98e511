import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AIRPORTS, startAirportServer, WAIT_TIME_FIXTURES, type AirportServer } from '../servers/airport/server.mjs';
import { startPwpushServer, type PwpushServer } from '../servers/pwpush/server.mjs';
import { loadMessages, makeGetMessage } from '../support/messages';
import { launchExtension, type ExtensionBrowser } from './support/browser';
import { configureInstance } from './support/storage';

// Every page of the test build, in each language Pushgate ships (a Chromium started with
// `--lang=xx` per language): no raw message key anywhere a person can see or hear it, and the
// language's catalogue really is the one shown. Controls are found by the message of the language
// under test, so one walk through the pages serves both languages.

const english = loadMessages('en');
/** camelCase keys only: `seconds` and `minutes` are keys too, and ordinary words. */
const catalogueKeys = new Set(Object.keys(english).filter((key) => /[A-Z]/.test(key)));
const KEY_SHAPE =
  /\b(?:ext|command|error|menu|share|notify|options|failure|link|popup|airport|sidepanel|receive|pushes|page|server)[A-Z][A-Za-z0-9]+\b/;
/** Words that do not occur in Swedish UI text: one of them on a Swedish page is an English string (other languages share some: Dutch "is", French "on"). */
const ENGLISH_WORDS =
  /\b(?:the|and|your|you|with|this|that|from|not|to|of|is|are|for|was|has|have|it|on|or|been|could|please|here|when|only)\b/gi;

/** Names the airport API sends (in English, `Airport` included, even as `localDisplayName`): not ours to translate. */
const SERVER_WORDING = [
  ...AIRPORTS.flatMap((airport) => [airport.displayName, airport.localDisplayName]),
  ...Object.values(WAIT_TIME_FIXTURES).flatMap((entries) => entries.map((entry) => entry.queueName)),
].sort((a, b) => b.length - a.length);

/** What a person sees or hears on the page: its text, its title and the labels of its elements. */
async function shown(page: Page) {
  return page.evaluate(() => {
    const names = ['aria-label', 'title', 'placeholder', 'alt', 'aria-description', 'aria-roledescription', 'aria-valuetext'];
    const attributes = [...document.querySelectorAll('*')]
      .flatMap((el) => names.map((name) => el.getAttribute(name) ?? ''))
      .filter(Boolean);
    return {
      lang: document.documentElement.lang,
      title: document.title,
      text: [document.title, document.body.innerText, ...attributes].join('\n'),
    };
  });
}

function rawKeys(text: string): string[] {
  const words = text.match(/\b[A-Za-z_][A-Za-z0-9_]{2,}\b/g) ?? [];
  return [...new Set(words.filter((word) => catalogueKeys.has(word) || KEY_SHAPE.test(word)))].concat(
    text.includes('__MSG_') ? ['__MSG_'] : [],
  );
}

const LANGUAGE_NAMES = { en: 'English', sv: 'Swedish', de: 'German', es: 'Spanish', fr: 'French', it: 'Italian', nl: 'Dutch' } as const;

for (const locale of Object.keys(LANGUAGE_NAMES) as Array<keyof typeof LANGUAGE_NAMES>) {
  describe(`every page in ${LANGUAGE_NAMES[locale]}`, () => {
    const catalogue = loadMessages(locale);
    const m = makeGetMessage(catalogue);
    /** Words this language's own messages use ("Push" in German, "Expire" in French, "Open" in Dutch). */
    const ownWords = new Set(Object.values(catalogue).flatMap((entry) => entry.message.match(/[\p{L}]+/gu) ?? []));
    /** English messages that read differently in this language and so must not show (a lone word this language also uses proves nothing). */
    const foreign =
      locale === 'en'
        ? []
        : Object.entries(english)
            .filter(([key, entry]) => !entry.placeholders && catalogue[key]?.message !== entry.message && key !== 'pageLanguage')
            .filter(([, entry]) => !ownWords.has(entry.message))
            .map(
              ([, entry]) =>
                new RegExp(`(?<![\\p{L}\\p{N}])${entry.message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'u'),
            );
    let extension: ExtensionBrowser;
    let pwpush: PwpushServer;
    let airport: AirportServer;

    beforeAll(async () => {
      pwpush = await startPwpushServer();
      airport = await startAirportServer();
      extension = await launchExtension({ locale });
    });
    beforeEach(async () => {
      const worker = await extension.worker();
      await worker.evaluate(() => Promise.all([chrome.storage.local.clear(), chrome.storage.session.clear()]));
      for (const page of extension.context.pages().slice(1)) await page.close();
    });
    afterAll(async () => {
      await extension?.close();
      await pwpush?.close();
      await airport?.close();
    });

    /** The page shows no raw key, says it is in this language, and in Swedish shows no English. */
    async function expectLocalized(page: Page, titleKey: string): Promise<void> {
      const { lang, title, text } = await shown(page);
      expect(rawKeys(text)).toEqual([]);
      expect(lang).toBe(locale);
      expect(title).toBe(m(titleKey));
      if (locale !== 'en') {
        const ours = SERVER_WORDING.reduce((rest, wording) => rest.replaceAll(wording, ' '), text);
        expect(foreign.flatMap((message) => ours.match(message)?.[0] ?? [])).toEqual([]);
        if (locale === 'sv') expect(ours.match(ENGLISH_WORDS) ?? []).toEqual([]);
      }
    }

    const button = (page: Page, key: string) => page.getByRole('button', { name: m(key), exact: true });

    it('names the extension, its description, its toolbar button and its shortcut in this language', async () => {
      const worker = await extension.worker();
      const self = await worker.evaluate(() => chrome.management.getSelf());
      expect([self.name, self.description]).toEqual([m('extName'), m('extDescription')]);
      expect(await worker.evaluate(() => chrome.action.getTitle({}))).toBe(m('extName'));
      const commands = await worker.evaluate(() => chrome.commands.getAll());
      expect(commands.find((command) => command.name === 'push-selection')?.description).toBe(m('commandPushSelection'));
    });

    it('popup: not set up, then a push with its options open, its link, and the open-a-link view', async () => {
      const popup = await extension.open('popup.html');
      await popup.getByText(m('popupNotConfigured')).waitFor();
      await expectLocalized(popup, 'extName');

      await configureInstance(await extension.worker(), pwpush.url, pwpush.users[0]!.token);
      await popup.reload();
      await popup.getByRole('textbox', { name: m('popupSecret') }).fill('a secret');
      await popup.getByText(m('popupOptions'), { exact: true }).click();
      await popup.getByRole('textbox', { name: m('popupName') }).fill('Alfa');
      await expectLocalized(popup, 'extName');
      await button(popup, 'popupPush').click();
      await popup.locator('.link-text').first().waitFor();
      await expectLocalized(popup, 'extName');

      await button(popup, 'popupPushAnother').click();
      await button(popup, 'receiveEntry').click();
      await popup.getByRole('textbox', { name: m('receiveLinkLabel') }).fill('not a link');
      await button(popup, 'receiveOpen').click();
      await popup.getByRole('alert').waitFor();
      await expectLocalized(popup, 'extName');
    });

    it('options page: empty, then saved with the instance report', async () => {
      const options = await extension.open('options.html');
      const save = button(options, 'optionsSave');
      await save.waitFor();
      if (locale === 'sv') expect(await save.innerText()).toBe('Spara');
      await expectLocalized(options, 'optionsHeading');

      await options.getByRole('textbox', { name: m('optionsInstanceUrl') }).fill(pwpush.url);
      await options.getByLabel(m('optionsApiToken'), { exact: true }).fill(pwpush.users[0]!.token);
      await save.click();
      await options.getByRole('definition').getByText(m('optionsTokenAccepted')).waitFor();
      await expectLocalized(options, 'optionsHeading');
    });

    it('side panel: nothing chosen, then a board of wait times', async () => {
      const worker = await extension.worker();
      await worker.evaluate(
        async (url) => chrome.storage.local.set({ airportApiUrl: url, airportKeys: { primary: 'primary-key-0001', secondary: '' } }),
        airport.url,
      );
      const panel = await extension.open('sidepanel.html');
      await panel.getByText(m('sidepanelChooseAirport')).waitFor();
      await expectLocalized(panel, 'sidepanelTitle');

      await panel.getByRole('combobox', { name: m('sidepanelAirportLabel') }).fill('ARN');
      await button(panel, 'sidepanelShow').click();
      await panel.locator('.board').waitFor();
      await expectLocalized(panel, 'sidepanelTitle');
    });

    it('pushes page: this browser, the active list, the expire dialog and an audit log', async () => {
      await configureInstance(await extension.worker(), pwpush.url, pwpush.users[0]!.token);
      const popup = await extension.open('popup.html');
      await popup.getByRole('textbox', { name: m('popupSecret') }).fill('a secret');
      await button(popup, 'popupPush').click();
      await popup.locator('.link-text').first().waitFor();
      const pushes = await extension.open('pushes.html');
      const rows = pushes.getByRole('tabpanel').locator('tbody tr');
      await rows.first().waitFor();
      await expectLocalized(pushes, 'pushesTitle');

      await pushes.getByRole('tab', { name: m('pushesTabActive') }).click();
      await rows.first().waitFor();
      await expectLocalized(pushes, 'pushesTitle');

      await rows
        .first()
        .getByRole('button', { name: m('pushesExpire'), exact: true })
        .click();
      await pushes.getByRole('dialog').waitFor();
      await expectLocalized(pushes, 'pushesTitle');
      await button(pushes, 'pushesCancel').click();

      await rows
        .first()
        .getByRole('button', { name: m('pushesAuditLog') })
        .click();
      await pushes.locator('.audit-table tbody tr').first().waitFor();
      await expectLocalized(pushes, 'pushesTitle');
    });
  });
}
