import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEFAULT_KEYS, FLIGHT_FIXTURES, startAirportServer, type AirportServer } from '../servers/airport/server.mjs';
import { OptionsPage } from './pages/options';
import { PopupPage } from './pages/popup';
import { PushesPage } from './pages/pushes';
import { expectReadable, measureReadability, MIN_TEXT_PX, type Readability } from './pages/readability';
import { ReceivePage } from './pages/receive';
import { SidePanelPage } from './pages/sidepanel';
import { ToolbarPopup } from './pages/toolbar-popup';
import { useE2eSession } from './support/session';
import { configureInstance } from './support/storage';

const measure = (page: Page): Promise<Readability> => page.evaluate(measureReadability, MIN_TEXT_PX);
/** The page scrolls sideways: something is wider than the window. */
const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/**
 * Chromium inserts a stylesheet of its own into every extension page that sets the body's font
 * size to 75 % and its own family; these read what each page really shows, in every view.
 */
describe('text people can read and targets they can hit, on every page', () => {
  const session = useE2eSession();
  let airport: AirportServer;
  beforeAll(async () => {
    airport = await startAirportServer();
  });
  afterAll(async () => {
    await airport?.close();
  });
  const configure = async () => configureInstance(await session.extension.worker(), session.pwpush.url, session.pwpush.users[0]!.token);
  const createPush = async (push: Record<string, unknown>, token?: string) =>
    (await fetch(`${session.pwpush.url}/api/v2/pushes`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token && { Authorization: `Bearer ${token}` }) },
      body: JSON.stringify({ push }),
    }).then((response) => response.json())) as { html_url: string };

  it('the popup in a tab: the form with its options open, a failure, and the link', async () => {
    await configure();
    const popup = await PopupPage.open(session.extension);
    await popup.secret().waitFor();
    await popup.options().click();
    await popup.passphrase().waitFor();
    expectReadable(await measure(popup.page), 'the popup form with its options open');
    expect(await scrollsSideways(popup.page)).toBe(false);

    session.pwpush.setFault({ type: 'unauthorized', times: 1, paths: '/pushes' });
    await popup.pushText('fails once');
    await popup.alert().waitFor();
    expectReadable(await measure(popup.page), 'the popup with a failed push');

    await popup.pushButton().click();
    await popup.link();
    expectReadable(await measure(popup.page), 'the popup with the secret link');
    expect(await scrollsSideways(popup.page)).toBe(false);
  });

  it('the real toolbar popup, at the width the browser gives it', async () => {
    await configure();
    // The popup opens over a window's active tab.
    await (await session.extension.context.newPage()).bringToFront();
    const popup = await ToolbarPopup.open(session.extension);
    await popup.waitFor(`document.querySelector('#secret:not([disabled])') !== null`);
    await popup.evaluate(`document.querySelector('#push-options').open = true`);
    expectReadable(await popup.evaluate(`(${measureReadability})(${MIN_TEXT_PX})`), 'the toolbar popup');
    expect(await popup.evaluate('document.documentElement.scrollWidth > document.documentElement.clientWidth')).toBe(false);
    await popup.close();
  });

  it('the receive view in the popup: the link, the passphrase, the secret', async () => {
    await configure();
    const push = await createPush({ payload: 'read me', passphrase: 'open sesame', deletable_by_viewer: true });
    const receive = await ReceivePage.open(session.extension);
    expectReadable(await measure(receive.page), 'the receive view');
    await receive.openLink(push.html_url);
    await receive.passphrase().waitFor();
    expectReadable(await measure(receive.page), 'the passphrase step');
    await receive.enterPassphrase('open sesame');
    await receive.payload().waitFor();
    expectReadable(await measure(receive.page), 'the retrieved secret');
    expect(await scrollsSideways(receive.page)).toBe(false);
  });

  it('the settings page (options_ui, opened in a tab)', async () => {
    const options = await OptionsPage.open(session.extension);
    await options.saveButton().waitFor();
    expectReadable(await measure(options.page), 'the settings page');
    await options.page.setViewportSize({ width: 380, height: 700 });
    expectReadable(await measure(options.page), 'the settings page, narrow');
  });

  it('the Pushes page: its lists with a pager, the audit log, and the cards of a narrow window', async () => {
    await configure();
    // One more than a page of the server's list, so the pager shows.
    // Put in the store: 51 creates in a second come close to the throttle's 60 a second.
    const start = Date.now() - 51_000;
    session.pwpush.seed(
      Array.from({ length: 51 }, (_, i) => ({
        owner: session.pwpush.users[0]!.email,
        payload: `listed ${i + 1}`,
        name: `Listed ${i + 1}`,
        createdAt: start + i * 1000,
      })),
    );
    const pushes = await PushesPage.open(session.extension);
    await pushes.show('Active');
    await pushes.waitForRows(50);
    await pushes.page.getByRole('button', { name: 'Next page' }).waitFor();
    expectReadable(await measure(pushes.page), 'the Pushes page, tab "Active"');
    // At 900 px the table still fits: State and the actions in view without scrolling sideways.
    const outOfView = (await pushes.layout()).boxes.filter((box) => box.right > 900);
    expect.soft(outOfView, 'State and actions past 900 px').toEqual([]);
    await pushes.page.setViewportSize({ width: 380, height: 700 });
    expectReadable(await measure(pushes.page), 'the Pushes page as cards');
    await pushes.page.setViewportSize({ width: 900, height: 700 });
    await pushes.openAudit('Listed 51');
    expectReadable(await measure(pushes.page), 'the audit log');
  });

  it('the side panel: a board, a favourite, my flight and when to leave', async () => {
    airport.reset();
    const worker = await session.extension.worker();
    await worker.evaluate(
      async ({ url, primary }) => chrome.storage.local.set({ airportApiUrl: url, airportKeys: { primary, secondary: '' } }),
      { url: airport.url, primary: DEFAULT_KEYS[0]! },
    );
    airport.setFlight(
      'ARN',
      'SK1415',
      FLIGHT_FIXTURES.ARN!.TG961!.map(({ currentTime: _measured, ...entry }) => entry),
    );
    const panel = await SidePanelPage.open(session.extension);
    await panel.choose('ARN');
    await expect.poll(() => panel.terminals()).toEqual(['T2', 'T3', 'T4', 'T5']);
    await panel.favouriteButton().click();
    await expect.poll(() => panel.favouriteButton().getAttribute('aria-pressed')).toBe('true');
    expectReadable(await measure(panel.page), 'the side panel with a board and a favourite');
    expect(await scrollsSideways(panel.page)).toBe(false);
    await panel.openMyFlight();
    await panel.tomorrowButton().click();
    await panel.departsField().fill('08:00');
    await panel.chooseFlight('SK 1415');
    await panel.flightSection().waitFor();
    // When to leave, with My flight opened again and the person's own times open in it.
    await panel.openMyFlight();
    await panel.myFlightPanel().getByText('Your times to the airport and to the gate').click();
    await panel.myFlightPanel().getByRole('spinbutton', { name: 'Minutes to the airport' }).waitFor();
    expectReadable(await measure(panel.page), 'the side panel with my flight and when to leave');
    expect(await scrollsSideways(panel.page)).toBe(false);
    // Chromium's side panel is never narrower than this.
    await panel.page.setViewportSize({ width: 320, height: 760 });
    expectReadable(await measure(panel.page), 'the side panel at 320 px');
  });
});
