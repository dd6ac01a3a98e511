import { rmSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startAirportServer } from '../servers/airport/server.mjs';
import { startPwpushServer, type PwpushServer } from '../servers/pwpush/server.mjs';
import { PopupPage } from './pages/popup';
import { ReceivePage } from './pages/receive';
import { SidePanelPage } from './pages/sidepanel';
import { launchExtension, type ExtensionBrowser } from './support/browser';
import { filesHolding } from './support/profile-search';
import { configureInstance } from './support/storage';

/**
 * The browser's own files, not the extension's storage (security.e2e.ts covers that): session
 * restore keeps the form state of open tabs, the HTTP cache keeps answers. Searched after the
 * browser has closed, when everything it keeps has been written. What is kept on purpose: the
 * settings (keys included) in the extension's storage, public airport data in IndexedDB and, for
 * the side panel's first paint, its last board in localStorage (lib/wait-times/snapshot.ts).
 */
describe('no secret left in the browser profile after it closes', () => {
  let pwpush: PwpushServer;
  let extension: ExtensionBrowser;
  beforeEach(async () => {
    pwpush = await startPwpushServer();
    extension = await launchExtension({ keepProfile: true });
    await configureInstance(await extension.worker(), pwpush.url, pwpush.users[0]!.token);
  });
  afterEach(async () => {
    rmSync(extension.profileDir, { recursive: true, force: true });
    await pwpush.close();
  });

  it('after a retrieval in the popup opened as a tab', async () => {
    const secret = `retrieved-${crypto.randomUUID()}`;
    const passphrase = `phrase-${crypto.randomUUID()}`;
    const created = await fetch(`${pwpush.url}/api/v2/pushes`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ push: { payload: secret, passphrase, expire_after_views: 5 } }),
    });
    const { html_url: link } = (await created.json()) as { html_url: string };

    const receive = await ReceivePage.open(extension);
    await receive.openLink(link);
    await receive.enterPassphrase(passphrase);
    await expect.poll(() => receive.payload().inputValue(), { timeout: 15_000 }).toBe(secret);
    // Leaving the page for another in the same tab: the browser keeps the page's state for "Back".
    await receive.page.goto(`${pwpush.url}/version.json`);
    await extension.close();

    expect(filesHolding(extension.profileDir, secret)).toEqual([]);
    expect(filesHolding(extension.profileDir, passphrase)).toEqual([]);
  });

  it('after a retrieval with the passphrase given beside the link', async () => {
    const secret = `retrieved-${crypto.randomUUID()}`;
    const passphrase = `phrase-${crypto.randomUUID()}`;
    const created = await fetch(`${pwpush.url}/api/v2/pushes`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ push: { payload: secret, passphrase, expire_after_views: 5 } }),
    });
    const { html_url: link } = (await created.json()) as { html_url: string };

    const receive = await ReceivePage.open(extension);
    await receive.openLink(link, passphrase);
    await expect.poll(() => receive.payload().inputValue(), { timeout: 15_000 }).toBe(secret);
    await receive.page.goto(`${pwpush.url}/version.json`);
    await extension.close();

    expect(filesHolding(extension.profileDir, secret)).toEqual([]);
    expect(filesHolding(extension.profileDir, passphrase)).toEqual([]);
  });

  it('after a push from the popup opened as a tab', async () => {
    const secret = `pushed-${crypto.randomUUID()}`;
    const passphrase = `phrase-${crypto.randomUUID()}`;
    const popup = await PopupPage.open(extension);
    await popup.secret().fill(secret);
    await popup.options().click();
    await popup.passphrase().fill(passphrase);
    expect(await popup.passphrase().getAttribute('type')).toBe('password');
    // Enhanced spell check sends what is typed to a web service: name and note are the owner's labels.
    for (const name of ['Name', 'Note']) {
      expect(await popup.page.getByRole('textbox', { name, exact: true }).evaluate((field) => (field as HTMLInputElement).spellcheck)).toBe(
        false,
      );
    }
    await popup.pushButton().click();
    await popup.link();
    // Back to a filled form, as a person pushing a second secret would leave it.
    await popup.page.getByRole('button', { name: 'Push another', exact: true }).click();
    // Its passphrase was never shown or copied: the view asks before it is gone.
    await popup.page.getByRole('button', { name: 'Push another anyway' }).click();
    await popup.secret().fill(`${secret}-draft`);
    await popup.page.goto(`${pwpush.url}/version.json`);
    await extension.close();

    expect(filesHolding(extension.profileDir, secret)).toEqual([]);
    expect(filesHolding(extension.profileDir, passphrase)).toEqual([]);
  });

  it('after the side panel showed wait times: the airport key only in the extension settings, the board also in the paint cache', async () => {
    const key = `airport-key-${crypto.randomUUID()}`;
    const airport = await startAirportServer({ keys: [key] });
    try {
      const worker = await extension.worker();
      await worker.evaluate(
        (settings) =>
          chrome.storage.local.set({
            airportApiUrl: settings.url,
            airportKeys: { primary: settings.key, secondary: '' },
            defaultAirport: 'ARN',
          }),
        { url: airport.url, key },
      );
      const panel = await SidePanelPage.open(extension);
      await expect.poll(() => panel.terminals(), { timeout: 15_000 }).toEqual(['T2', 'T3', 'T4', 'T5']);
      await expect.poll(() => panel.paintCache()).toContain('Security Terminal 2');
      await extension.close();
    } finally {
      await airport.close();
    }

    const keyFiles = filesHolding(extension.profileDir, key);
    expect(keyFiles.length).toBeGreaterThan(0);
    for (const path of keyFiles) expect(path).toMatch(/Local Extension Settings/);
    expect(filesHolding(extension.profileDir, 'Security Terminal 2').some((path) => path.includes('Local Storage'))).toBe(true);
  });
});
