import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { FLIGHT_FIXTURES, startAirportServer, type AirportServer } from '../servers/airport/server.mjs';
import { startPwpushServer, type PwpushServer } from '../servers/pwpush/server.mjs';
import { loadMessages, makeGetMessage } from '../support/messages';
import { expectReadable, measureReadability, MIN_TEXT_PX, type Readability } from './pages/readability';
import { measureTextLayout, type TextLayout } from './pages/text-layout';
import { ToolbarPopup } from './pages/toolbar-popup';
import { launchExtension, type ExtensionBrowser } from './support/browser';
import { screenshot } from './support/screenshots';
import { configureInstance } from './support/storage';

// German is the longest of the seven catalogues (about a quarter longer than English in total):
// if its words fit, every language's do. Each surface at the size a person gets it, measured, not
// judged by eye: nothing clipped, no text over other text, nothing past the right edge.

const m = makeGetMessage(loadMessages('de'));

describe('every surface in German, the longest language', () => {
  let extension: ExtensionBrowser;
  let pwpush: PwpushServer;
  let airport: AirportServer;

  beforeAll(async () => {
    pwpush = await startPwpushServer();
    airport = await startAirportServer();
    extension = await launchExtension({ locale: 'de' });
  });
  beforeEach(async () => {
    for (const page of extension.context.pages().slice(1)) await page.close();
    pwpush.reset();
    airport.reset();
    const worker = await extension.worker();
    await worker.evaluate(() => Promise.all([chrome.storage.local.clear(), chrome.storage.session.clear()]));
    await configureInstance(worker, pwpush.url, pwpush.users[0]!.token);
  });
  afterAll(async () => {
    await extension?.close();
    await pwpush?.close();
    await airport?.close();
  });

  const button = (page: Page, key: string) => page.getByRole('button', { name: m(key), exact: true });

  async function expectLaidOut(page: Page, where: string): Promise<void> {
    const layout = await page.evaluate<TextLayout>(`(${measureTextLayout})()`);
    expectFits(layout, where);
    expectReadable(await page.evaluate(measureReadability, MIN_TEXT_PX), where);
    expect
      .soft(
        await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth),
        `${where}: scrolls sideways`,
      )
      .toBe(false);
  }
  function expectFits(layout: TextLayout, where: string): void {
    expect.soft(layout.runs, `${where}: text measured`).toBeGreaterThan(5);
    expect.soft(layout.clipped, `${where}: clipped text`).toEqual([]);
    expect.soft(layout.overlapping, `${where}: text over text`).toEqual([]);
  }

  it('the popup at 360 × 600: the form with its options open, a failure, the link', async () => {
    const popup = await extension.open('popup.html');
    await popup.setViewportSize({ width: 360, height: 600 });
    await popup.getByRole('textbox', { name: m('popupSecret') }).fill('ein Geheimnis');
    await popup.getByText(m('popupOptions'), { exact: true }).click();
    await popup.getByRole('textbox', { name: m('popupName') }).fill('WLAN im Büro');
    await expectLaidOut(popup, 'the popup form');
    await screenshot(popup, 'de-popup');

    pwpush.setFault({ type: 'unauthorized', times: 1, paths: '/pushes' });
    await button(popup, 'popupPush').click();
    await popup.getByRole('alert').waitFor();
    await expectLaidOut(popup, 'the popup after a rejected token');

    await button(popup, 'popupPush').click();
    await popup.locator('.link-text').first().waitFor();
    await expectLaidOut(popup, 'the popup with its link');
    await screenshot(popup, 'de-popup-link');
  });

  it('the real toolbar popup', async () => {
    await (await extension.context.newPage()).bringToFront();
    const popup = await ToolbarPopup.open(extension);
    await popup.waitFor(`document.querySelector('#secret:not([disabled])') !== null`);
    await popup.evaluate(`document.querySelector('#push-options').open = true`);
    expectFits(await popup.evaluate(`(${measureTextLayout})()`), 'the toolbar popup');
    expectReadable(await popup.evaluate<Readability>(`(${measureReadability})(${MIN_TEXT_PX})`), 'the toolbar popup');
    await popup.close();
  });

  it('the side panel at 360 × 565: a board and my flight', async () => {
    const worker = await extension.worker();
    await worker.evaluate(
      async (url) => chrome.storage.local.set({ airportApiUrl: url, airportKeys: { primary: 'primary-key-0001', secondary: '' } }),
      airport.url,
    );
    airport.setFlight(
      'ARN',
      'SK1415',
      FLIGHT_FIXTURES.ARN!.TG961!.map(({ currentTime: _measured, ...entry }) => entry),
    );
    const panel = await extension.open('sidepanel.html');
    await panel.setViewportSize({ width: 360, height: 565 });
    await panel.getByRole('combobox', { name: m('sidepanelAirportLabel') }).fill('ARN');
    await button(panel, 'sidepanelShow').click();
    await panel.locator('.board').waitFor();
    await expectLaidOut(panel, 'the side panel with a board');
    // My flight is one line until opened (components/sidepanel/MyFlight.tsx).
    await panel.getByRole('button', { name: m('sidepanelMyFlightAdd') }).click();
    await panel.getByRole('textbox', { name: m('sidepanelFlightLabel'), exact: true }).fill('SK 1415');
    await panel.getByLabel(m('sidepanelFlightDeparts'), { exact: true }).fill('23:55');
    await button(panel, 'sidepanelFlightShow').click();
    await panel.locator('section.flight-board').waitFor();
    await expectLaidOut(panel, 'the side panel with my flight');
    await screenshot(panel, 'de-sidepanel');
    await panel.getByRole('button', { name: /^Mein Flug: SK1415/ }).click();
    await panel.getByText(m('sidepanelLeaveByBuffers'), { exact: true }).click();
    await expectLaidOut(panel, 'the side panel with the times to leave opened');
  });

  it('the settings page, wide and narrow', async () => {
    const options = await extension.open('options.html');
    await button(options, 'optionsSave').waitFor();
    await options.getByRole('definition').getByText(m('optionsTokenAccepted')).waitFor();
    await expectLaidOut(options, 'the settings page');
    await screenshot(options, 'de-options');
    await options.setViewportSize({ width: 380, height: 700 });
    await expectLaidOut(options, 'the settings page at 380 px');
  });

  it('the Pushes page: this browser and the active list, wide and as cards', async () => {
    const popup = await extension.open('popup.html');
    await popup.getByRole('textbox', { name: m('popupSecret') }).fill('ein Geheimnis');
    await button(popup, 'popupPush').click();
    await popup.locator('.link-text').first().waitFor();
    const pushes = await extension.open('pushes.html');
    await pushes.setViewportSize({ width: 900, height: 700 });
    await pushes.getByRole('tabpanel').locator('tbody tr').first().waitFor();
    await expectLaidOut(pushes, 'the Pushes page');
    await pushes.getByRole('tab', { name: m('pushesTabActive') }).click();
    await pushes.getByRole('tabpanel').locator('tbody tr').first().waitFor();
    await expectLaidOut(pushes, 'the active list');
    await screenshot(pushes, 'de-pushes');
    await pushes.setViewportSize({ width: 380, height: 700 });
    await expectLaidOut(pushes, 'the active list as cards');
    await button(pushes, 'lockdownOpen').click();
    await pushes
      .getByRole('dialog', { name: m('lockdownDialogTitle') })
      .getByText(m('lockdownKeepToken'))
      .waitFor();
    await expectLaidOut(pushes, 'the lockdown confirmation, narrow');
  });
});
