import { resolve } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectReadable, measureReadability, MIN_TEXT_PX, type Readability } from '../e2e/pages/readability';
import { DEFAULT_KEYS, FLIGHT_FIXTURES, startAirportServer, type AirportServer } from '../servers/airport/server.mjs';
import { startPwpushServer, type PwpushServer } from '../servers/pwpush/server.mjs';
import { launchFirefox, setViewport, type FirefoxWithExtension } from './browser';
import { buttonNamed, type FirefoxViews, type InPage } from './controls';

// `npm run build:test:firefox`.
const EXTENSION_DIR = resolve(__dirname, '../../.output/firefox-mv3');

const measure = (page: Page): Promise<Readability> => page.evaluate(measureReadability, MIN_TEXT_PX);
/**
 * Measures the extension's view of `type` (the toolbar popup, the sidebar) from an extension
 * page in a tab, which reaches its document through `extension.getViews`.
 */
const measureView = (tab: Page, type: 'popup' | 'sidebar'): Promise<Readability> =>
  tab.evaluate(
    `(${measureReadability})(${MIN_TEXT_PX}, browser.extension.getViews({ type: '${type}' })[0].document)`,
  ) as Promise<Readability>;
/** Waits until the view of `type` is open and `selector` is in it. */
const viewShows = (tab: Page, type: 'popup' | 'sidebar', selector: string) =>
  tab.waitForFunction(
    (type, selector) => (globalThis as unknown as FirefoxViews).browser.extension.getViews({ type })[0]?.document.querySelector(selector),
    {},
    type,
    selector,
  );

/** Firefox inserts no stylesheet of its own into MV3 extension pages; these read what each page shows there. */
describe('text people can read and targets they can hit, in Firefox', () => {
  let firefox: FirefoxWithExtension;
  let pwpush: PwpushServer;
  let airport: AirportServer;

  beforeAll(async () => {
    [pwpush, airport] = await Promise.all([startPwpushServer(), startAirportServer()]);
    firefox = await launchFirefox(EXTENSION_DIR);
  });
  afterAll(async () => {
    await firefox?.close();
    await Promise.all([pwpush?.close(), airport?.close()]);
  });
  beforeEach(async () => {
    pwpush.reset();
    airport.reset();
    for (const page of await firefox.browser.pages()) if (page.url() !== 'about:blank') await page.close();
    const page = await firefox.open('options.html');
    await page.evaluate(
      async (settings) => {
        const { browser } = globalThis as unknown as InPage;
        await browser.storage.local.clear();
        await browser.storage.local.set(settings);
      },
      {
        instanceUrl: pwpush.url,
        apiToken: pwpush.users[0]!.token,
        rememberToken: true,
        airportApiUrl: airport.url,
        airportKeys: { primary: DEFAULT_KEYS[0]!, secondary: '' },
      },
    );
    await page.close();
  });

  const createPush = async (push: Record<string, unknown>, token?: string) =>
    (await fetch(`${pwpush.url}/api/v2/pushes`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token && { Authorization: `Bearer ${token}` }) },
      body: JSON.stringify({ push }),
    }).then((response) => response.json())) as { html_url: string };

  it('the popup in a tab: the form with its options open, and the link', async () => {
    const popup = await firefox.open('popup.html', { width: 380, height: 640 });
    await popup.locator('#secret:not([disabled])').wait();
    await popup.$eval('#push-options', (details) => ((details as HTMLDetailsElement).open = true));
    expectReadable(await measure(popup), 'the popup form with its options open');
    await popup.locator('#secret').fill('measured in Firefox');
    await popup.locator('button[type="submit"]').click();
    await popup.locator('.link-text').wait();
    expectReadable(await measure(popup), 'the popup with the secret link');
  });

  it('the real toolbar popup', async () => {
    const tab = await firefox.open('pushes.html');
    await tab.evaluate(() => (globalThis as unknown as FirefoxViews).browser.action.openPopup());
    await viewShows(tab, 'popup', '#secret:not([disabled])');
    await tab.evaluate(() => {
      const popup = (globalThis as unknown as FirefoxViews).browser.extension.getViews({ type: 'popup' })[0]!;
      (popup.document.querySelector('#push-options') as HTMLDetailsElement).open = true;
    });
    expectReadable(await measureView(tab, 'popup'), 'the toolbar popup');
  });

  it('the receive view in the popup: the link, the passphrase, the secret', async () => {
    const push = await createPush({ payload: 'read me', passphrase: 'open sesame', deletable_by_viewer: true });
    const popup = await firefox.open('popup.html', { width: 380, height: 640 });
    await (await buttonNamed(popup, 'Open a secret link')).click();
    await popup.locator('#secret-link').fill(push.html_url);
    expectReadable(await measure(popup), 'the receive view');
    await (await buttonNamed(popup, 'Open')).click();
    await (await buttonNamed(popup, 'Open and count a view')).click();
    await popup.locator('#receive-passphrase').fill('open sesame');
    expectReadable(await measure(popup), 'the passphrase step');
    await (await buttonNamed(popup, 'Open')).click();
    await (await popup.locator('.receive-payload').waitHandle()).dispose();
    expectReadable(await measure(popup), 'the retrieved secret');
  });

  it('the settings page (options_ui, opened in a tab)', async () => {
    const options = await firefox.open('options.html');
    await options.locator('#instance-url').wait();
    expectReadable(await measure(options), 'the settings page');
    await setViewport(options, { width: 380, height: 700 });
    expectReadable(await measure(options), 'the settings page, narrow');
  });

  it('the Pushes page: a list with a pager, the cards of a narrow window, the audit log', async () => {
    // Put in the store: 51 creates in a second come close to the throttle's 60 a second.
    const start = Date.now() - 51_000;
    pwpush.seed(
      Array.from({ length: 51 }, (_, i) => ({
        owner: pwpush.users[0]!.email,
        payload: `listed ${i + 1}`,
        name: `Listed ${i + 1}`,
        createdAt: start + i * 1000,
      })),
    );
    const pushes = await firefox.open('pushes.html');
    await (await buttonNamed(pushes, 'Active')).click();
    const rows = () => pushes.$$eval('[role="tabpanel"]:not([hidden]) tbody tr', (rows) => rows.length);
    await expect.poll(rows, { timeout: 10_000 }).toBe(50);
    await (await buttonNamed(pushes, 'Next page')).dispose();
    expectReadable(await measure(pushes), 'the Pushes page, tab "Active"');
    // At 900 px the table still fits: the actions in view without scrolling sideways.
    const actionsEnd = await pushes.$$eval('[role="tabpanel"]:not([hidden]) .row-actions button', (buttons) =>
      Math.max(...buttons.map((button) => button.getBoundingClientRect().right)),
    );
    expect(actionsEnd).toBeLessThanOrEqual(900);
    await setViewport(pushes, { width: 380, height: 700 });
    expectReadable(await measure(pushes), 'the Pushes page as cards');
    await setViewport(pushes, { width: 900, height: 800 });
    await pushes.$eval('[role="tabpanel"]:not([hidden]) tbody tr', (row) =>
      [...row.querySelectorAll('button')].find((button) => button.textContent === 'Audit log')!.click(),
    );
    await pushes.locator('.audit-table').wait();
    expectReadable(await measure(pushes), 'the audit log');
  });

  it('the sidebar, open in the window: a board, a favourite, my flight and when to leave', async () => {
    airport.setFlight(
      'ARN',
      'SK1415',
      FLIGHT_FIXTURES.ARN!.TG961!.map(({ currentTime: _measured, ...entry }) => entry),
    );
    const tab = await firefox.open('pushes.html');
    // Firefox opens the sidebar only for a person's action: a real click in the page.
    await tab.evaluate(() =>
      document.addEventListener('click', () => void (globalThis as unknown as FirefoxViews).browser.sidebarAction.open(), { once: true }),
    );
    await tab.mouse.click(5, 5);
    await viewShows(tab, 'sidebar', '#airport-code');
    // Typed, then shown once the panel has taken the typing in (two turns, as a person's would be).
    await tab.evaluate(() => {
      const sidebar = (globalThis as unknown as FirefoxViews).browser.extension.getViews({ type: 'sidebar' })[0]!.document;
      const field = sidebar.querySelector<HTMLInputElement>('#airport-code')!;
      field.value = 'ARN';
      field.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await tab.evaluate(() => {
      const sidebar = (globalThis as unknown as FirefoxViews).browser.extension.getViews({ type: 'sidebar' })[0]!.document;
      sidebar.querySelector<HTMLButtonElement>('.airport-form button[type="submit"]')!.click();
    });
    await viewShows(tab, 'sidebar', 'li.queue');
    expectReadable(await measureView(tab, 'sidebar'), 'the sidebar with a board');

    const panel = await firefox.open('sidepanel.html', { width: 360, height: 760 });
    await panel.locator('#airport-code').fill('ARN');
    await (await buttonNamed(panel, 'Show')).click();
    await panel.locator('li.queue').wait();
    await panel.locator('.favourite-toggle').click();
    await panel.locator('.favourite-toggle[aria-pressed="true"]').wait();
    // My flight is one line until opened (components/sidepanel/MyFlight.tsx).
    await panel.locator('.my-flight-toggle').click();
    await panel.locator('#flight-number').fill('SK 1415');
    await (await buttonNamed(panel, 'Tomorrow')).click();
    await panel.locator('#flight-departs').fill('08:00');
    await (await buttonNamed(panel, 'Show my flight')).click();
    await panel.locator('section.flight-board').wait();
    // When to leave, with My flight opened again and the person's own times open in it.
    await panel.locator('.my-flight-toggle').click();
    await panel.locator('.leave-by-buffers summary').click();
    await panel.locator('#leave-by-to-airport').wait();
    expectReadable(await measure(panel), 'the side panel with a favourite, my flight and when to leave');
  });
});
