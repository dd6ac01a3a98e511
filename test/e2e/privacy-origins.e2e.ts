import type { Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_KEYS, startAirportServer, type AirportServer } from '../servers/airport/server.mjs';
import { PopupPage } from './pages/popup';
import { PushesPage } from './pages/pushes';
import { ReceivePage } from './pages/receive';
import { SidePanelPage } from './pages/sidepanel';
import { useE2eSession } from './support/session';
import { configureInstance } from './support/storage';

// docs/privacy.md, "Nobody else": through every surface of the extension, the only servers reached are
// the Password Pusher instance and the airport API in the settings. Playwright reports the requests of
// the extension's pages and of its service worker alike.

describe('privacy: requests go to the configured servers only', () => {
  const session = useE2eSession();
  let airport: AirportServer;
  beforeAll(async () => {
    airport = await startAirportServer();
  });
  afterAll(async () => {
    await airport?.close();
  });

  it('a push, its retrieval, the Pushes page, the settings page and the side panel reach no other origin', async () => {
    const seen: Request[] = [];
    const record = (request: Request) => seen.push(request);
    session.extension.context.on('request', record);
    const worker = await session.extension.worker();
    await configureInstance(worker, session.pwpush.url, session.pwpush.users[0]!.token);
    await worker.evaluate(
      async ({ url, primary }) => {
        await chrome.storage.local.set({ airportApiUrl: url, airportKeys: { primary, secondary: '' }, defaultAirport: 'ARN' });
      },
      { url: airport.url, primary: DEFAULT_KEYS[0]! },
    );

    const popup = await PopupPage.open(session.extension);
    await popup.pushText('privacy journey secret');
    const link = await popup.link();

    const receive = await ReceivePage.open(session.extension);
    await receive.enterLink(link);
    await receive.confirmButton().click();
    await receive.payload().waitFor();

    const pushes = await PushesPage.open(session.extension);
    await pushes.rows().first().waitFor();
    await pushes.page.waitForLoadState('networkidle');

    const options = await session.extension.open('options.html');
    await options.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => session.pwpush.requests.some((request) => request.path.endsWith('/version'))).toBe(true);

    const panel = await SidePanelPage.open(session.extension);
    await expect.poll(() => airport.requests.some((request) => request.path.startsWith('/waittimepublic/'))).toBe(true);
    await panel.page.waitForLoadState('networkidle');
    session.extension.context.off('request', record);

    const network = seen.filter((request) => /^https?:/.test(request.url()));
    // The service worker's requests are among them: the push itself goes out from the background.
    expect(network.some((request) => request.method() === 'POST' && request.url().endsWith('/api/v2/pushes'))).toBe(true);
    const origins = [...new Set(network.map((request) => new URL(request.url()).origin))].sort();
    expect(origins).toEqual([airport.url, session.pwpush.url].map((url) => new URL(url).origin).sort());
  });
});
