import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startAirportServer, WAIT_TIME_FIXTURES, type AirportServer } from '../servers/airport/server.mjs';
import { PopupPage } from './pages/popup';
import { SidePanelPage } from './pages/sidepanel';
import { useE2eSession } from './support/session';
import { configureInstance } from './support/storage';

const RLO = '\u202E';
const LONG = 'W'.repeat(300);

/** The page does not scroll sideways: nothing is wider than the window. */
const widths = (page: import('playwright-core').Page) =>
  page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));

// In Chromium: a server string with bidi controls cannot reorder the text beside it, and a long
// unbroken one wraps inside its box instead of widening the side panel or the popup.
describe('server text on screen', () => {
  const session = useE2eSession();
  let airport: AirportServer;

  beforeAll(async () => {
    airport = await startAirportServer();
  });
  beforeEach(() => airport.reset());
  afterAll(() => airport?.close());

  it('a queue name with U+202E leaves its FastTrack badge and its minutes in place, and a 300-character one wraps', async () => {
    const [first, second] = WAIT_TIME_FIXTURES.ARN;
    airport.setWaitTimes('ARN', [
      { ...first, id: 1, queueName: `Security 0 minute ${RLO}FastTrack`, isFastTrack: true, currentProjectedWaitTime: 45, terminal: 'T2' },
      { ...second, id: 2, queueName: LONG, isFastTrack: false, currentProjectedWaitTime: 3, terminal: 'T2' },
    ]);
    const worker = await session.extension.worker();
    await worker.evaluate(
      (url) =>
        chrome.storage.local.set({
          airportApiUrl: url,
          airportKeys: { primary: 'primary-key-0001', secondary: '' },
          defaultAirport: 'ARN',
        }),
      airport.url,
    );
    const panel = await SidePanelPage.open(session.extension);
    const row = panel.page.locator('li.queue[data-queue-id="1"]');
    await row.waitFor();

    expect(await row.locator('.wait-minutes').innerText()).toBe('45+ min');
    const boxes = await row.evaluate((li) => {
      const box = (selector: string) => li.querySelector(selector)!.getBoundingClientRect().toJSON() as DOMRect;
      return { name: box('.queue-name > :first-child'), badge: box('.badge.fasttrack'), minutes: box('.wait-minutes') };
    });
    // In a left-to-right page the badge follows the name (after it on its line, or wrapped below it),
    // never pulled in front of it, and the minutes stay in their column to the right of both.
    const badgeAfterName =
      boxes.badge.top >= boxes.name.bottom - 1 || (boxes.badge.top < boxes.name.bottom && boxes.badge.left >= boxes.name.right - 1);
    expect(badgeAfterName).toBe(true);
    expect(boxes.minutes.left).toBeGreaterThanOrEqual(Math.max(boxes.name.right, boxes.badge.right) - 1);

    const long = panel.page.locator('li.queue[data-queue-id="2"]');
    expect(await long.locator('.wait-minutes').isVisible()).toBe(true);
    const { scrollWidth, clientWidth } = await widths(panel.page);
    expect(clientWidth).toBe(360);
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    const right = await long.evaluate((li) =>
      Math.max(...[...li.querySelectorAll('*')].map((element) => element.getBoundingClientRect().right)),
    );
    expect(right).toBeLessThanOrEqual(clientWidth);
  });

  it('the popup keeps a 300-character server message and push name inside its width', async () => {
    await configureInstance(await session.extension.worker(), session.pwpush.url, session.pwpush.users[0]!.token);
    session.pwpush.setFault({ type: 'validation', fields: { payload: [LONG] }, paths: '/api/v2/pushes', times: 1 });
    const popup = await PopupPage.open(session.extension);
    await popup.pushText('a secret');
    await expect.poll(() => popup.alert().innerText()).toContain('W'.repeat(150));
    let { scrollWidth, clientWidth } = await widths(popup.page);
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);

    await popup.options().click();
    await popup.page.getByRole('textbox', { name: 'Name' }).fill(LONG);
    await popup.pushButton().click();
    await popup.link();
    await popup.expireNow().click();
    await popup.expireDialog().waitFor();
    ({ scrollWidth, clientWidth } = await widths(popup.page));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    const dialog = await popup
      .expireDialog()
      .evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
    expect(dialog.scrollWidth).toBeLessThanOrEqual(dialog.clientWidth);
  });
});
