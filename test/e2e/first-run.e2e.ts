import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPwpushServer, type PwpushServer } from '../servers/pwpush/server.mjs';
import { eventually, FIRST_RUN_OPENS_WITHIN_MS, launchExtension, welcomeUrl, type ExtensionBrowser } from './support/browser';

/**
 * A new install, as a person meets it: the first run opens by itself, its three steps set Pushgate
 * up against a reference Password Pusher, and the first push is made in Pushgate's own popup there.
 * Then an update with new behaviour: a dot on the toolbar icon until "What's new" is seen.
 */
describe('a first install', () => {
  let pwpush: PwpushServer;
  let extension: ExtensionBrowser;

  beforeAll(async () => {
    pwpush = await startPwpushServer();
    extension = await launchExtension({ keepWelcome: true });
  });

  afterAll(async () => {
    await extension?.close();
    await pwpush?.close();
  });

  it('opens the first run, which sets up an instance, skips the token and makes a first push', async () => {
    const welcome = await eventually(
      async () => extension.context.pages().find((page) => page.url() === welcomeUrl(extension.extensionId)),
      { timeoutMs: FIRST_RUN_OPENS_WITHIN_MS },
    );
    if (!welcome) throw new Error('no first run opened');
    await welcome.getByRole('heading', { name: 'Step 1 of 3: Where your secrets go' }).waitFor();
    await welcome
      .getByRole('region', { name: 'Airport security wait times' })
      .getByText(/without any key or account/)
      .waitFor();

    await welcome.getByRole('radio', { name: 'My own instance' }).check();
    await welcome.getByRole('textbox', { name: 'Instance URL' }).fill(pwpush.url);
    await welcome.keyboard.press('Enter');
    const tokenHeading = welcome.getByRole('heading', { name: 'Step 2 of 3: An API token (optional)' });
    await tokenHeading.waitFor();
    expect(await tokenHeading.evaluate((heading) => heading === document.activeElement)).toBe(true);

    await welcome.getByRole('button', { name: 'Skip for now' }).click();
    await welcome.getByRole('heading', { name: 'Step 3 of 3: Your first push' }).waitFor();
    const popup = welcome.frameLocator('iframe[title="Pushgate\'s push form"]');
    await popup.getByRole('textbox', { name: 'Secret' }).fill('not a real secret');
    await popup.getByRole('button', { name: 'Push', exact: true }).click();
    await popup.locator('.link-text').first().waitFor();
    expect(pwpush.pushes().map((push) => push.payload)).toEqual(['not a real secret']);

    await welcome.getByRole('button', { name: 'Done: open settings' }).click();
    await expect.poll(() => welcome.getByRole('textbox', { name: 'Instance URL' }).inputValue()).toBe(pwpush.url);
    await welcome.close();
  });

  it("after an update with new behaviour, a dot on the toolbar icon until What's new is seen in Settings", async () => {
    const worker = await extension.worker();
    const badge = () => worker.evaluate(() => chrome.action.getBadgeText({}));
    // What the background leaves after `runtime.onInstalled` with reason `update` from an older minor version.
    await worker.evaluate(() => chrome.storage.local.set({ whatsNew: { since: '0.0.9', version: '0.1.0', seen: false } }));
    await expect.poll(badge).toBe('•');

    const options = await extension.open('options.html');
    await options.getByRole('heading', { name: "What's new in Pushgate 0.1.0" }).waitFor();
    await options.getByText('Share a secret', { exact: true }).first().waitFor();
    await expect.poll(badge).toBe('');
    await options.close();
  });
});
