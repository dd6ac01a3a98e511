import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startPwpushServer, type PwpushServer } from '../servers/pwpush/server.mjs';
import { loadMessages, makeGetMessage } from '../support/messages';
import { expectNoSeriousA11yViolations } from './support/axe';
import { launchExtension, type ExtensionBrowser } from './support/browser';
import { configureInstance } from './support/storage';

// The popup's main journeys in Swedish (Chromium started with `--lang=sv`) and at the popup's
// narrowest, 360 × 600 px: the push with its options open, a value out of range, a rejected
// token, and opening the link just made. Controls are found by their Swedish messages, so a
// missing translation or a layout that needs sideways scrolling fails here. (i18n.e2e.ts walks
// every page in both languages; this one acts through the popup as a Swedish user would.)

const m = makeGetMessage(loadMessages('sv'));
const WIDTH = 360;
const HEIGHT = 600;

describe('the popup in Swedish at 360 px', () => {
  let extension: ExtensionBrowser;
  let pwpush: PwpushServer;

  beforeAll(async () => {
    pwpush = await startPwpushServer();
    extension = await launchExtension({ locale: 'sv' });
  });
  beforeEach(async () => {
    for (const page of extension.context.pages().slice(1)) await page.close();
    pwpush.reset();
    const worker = await extension.worker();
    await worker.evaluate(() => Promise.all([chrome.storage.local.clear(), chrome.storage.session.clear()]));
  });
  afterAll(async () => {
    await extension?.close();
    await pwpush?.close();
  });

  async function openPopup(token = pwpush.users[0]!.token): Promise<Page> {
    await configureInstance(await extension.worker(), pwpush.url, token);
    const page = await extension.open('popup.html');
    await page.setViewportSize({ width: WIDTH, height: HEIGHT });
    await page.getByRole('textbox', { name: m('popupSecret') }).waitFor();
    return page;
  }

  const button = (page: Page, key: string) => page.getByRole('button', { name: m(key), exact: true });
  /** Nothing wider than the popup: no sideways scrolling, no control cut off at the edge. */
  const expectFitsWidth = async (page: Page) =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);
  /** "Dela" (Push) is on screen and on top, without scrolling. */
  async function expectPushInReach(page: Page): Promise<void> {
    const box = (await button(page, 'popupPush').boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(HEIGHT);
    const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.textContent, {
      x: box.x + box.width / 2,
      y: box.y + box.height / 2,
    });
    expect(hit).toBe(m('popupPush'));
  }

  it('pushes with the options open, "Dela" in reach, and shows the link with days before views', async () => {
    const page = await openPopup();
    expect(await button(page, 'popupPush').innerText()).toBe('Dela');
    await page.getByRole('textbox', { name: m('popupSecret') }).fill('hemligt lösenord');
    await page.getByText(m('popupOptions'), { exact: true }).click();
    await page.getByRole('spinbutton', { name: m('popupExpireDays') }).fill('2');
    await page.getByRole('spinbutton', { name: m('popupExpireViews') }).fill('3');
    await page.getByRole('textbox', { name: m('popupName') }).fill('Testmiljö');
    await expectFitsWidth(page);
    await expectPushInReach(page);
    await expectNoSeriousA11yViolations(page, 'the Swedish push form at 360 px with its options open');

    await button(page, 'popupPush').click();
    await page.getByRole('heading', { name: m('linkHeading') }).waitFor();
    const [stored] = pwpush.pushes();
    expect(stored).toMatchObject({ payload: 'hemligt lösenord', expire_after_days: 2, expire_after_views: 3, name: 'Testmiljö' });
    expect(await page.locator('.link-text').first().innerText()).toBe(stored!.html_url);
    // With a token the result says the state the server gave, days before views as everywhere.
    await page
      .locator('.link-state')
      .getByText(m('pushStateLeft', ['2', '3']))
      .waitFor();
    await expectFitsWidth(page);
    await expectNoSeriousA11yViolations(page, 'the Swedish link result at 360 px');
  });

  it('refuses days out of range in Swedish, next to the field, and sends nothing', async () => {
    const page = await openPopup();
    await page.getByRole('textbox', { name: m('popupSecret') }).fill('x');
    await page.getByText(m('popupOptions'), { exact: true }).click();
    const days = page.getByRole('spinbutton', { name: m('popupExpireDays') });
    await page.getByText(m('optionsExpireDaysHint'), { exact: true }).waitFor();
    await days.fill('91');
    await button(page, 'popupPush').click();
    await page.getByText(m('popupErrorWholeNumber', ['1', '90']), { exact: true }).waitFor();
    expect(await days.getAttribute('aria-invalid')).toBe('true');
    expect(pwpush.pushes()).toHaveLength(0);
    await expectFitsWidth(page);
    await expectPushInReach(page);
  });

  it('says in Swedish that the token was rejected and offers the settings, keeping what was typed', async () => {
    const page = await openPopup('not-a-valid-token');
    await page.getByRole('textbox', { name: m('popupSecret') }).fill('behåll mig');
    await button(page, 'popupPush').click();
    const alert = page.getByRole('alert');
    await alert.getByText(m('errorUnauthorized')).waitFor();
    expect(await alert.getByRole('button', { name: m('failureOpenOptions') }).count()).toBe(1);
    expect(await page.getByRole('textbox', { name: m('popupSecret') }).inputValue()).toBe('behåll mig');
    await expectFitsWidth(page);
    await expectNoSeriousA11yViolations(page, 'the Swedish popup with a rejected token at 360 px');
  });

  it('opens the link just made as its recipient', async () => {
    const page = await openPopup();
    await page.getByRole('textbox', { name: m('popupSecret') }).fill('för mottagaren');
    await button(page, 'popupPush').click();
    const link = (await page.locator('.link-text').first().innerText()).trim();
    await button(page, 'popupPushAnother').click();
    await button(page, 'receiveEntry').click();
    await page.getByRole('textbox', { name: m('receiveLinkLabel'), exact: true }).fill(link);
    await button(page, 'receiveOpen').click();
    await page.getByText(m('receiveWarning')).waitFor();
    await expectFitsWidth(page);
    await button(page, 'receiveConfirm').click();
    const payload = page.getByRole('textbox', { name: m('receiveSecretLabel'), exact: true });
    await payload.waitFor();
    expect(await payload.inputValue()).toBe('för mottagaren');
    await expectFitsWidth(page);
    await expectNoSeriousA11yViolations(page, 'the Swedish retrieved secret at 360 px');
  });
});
