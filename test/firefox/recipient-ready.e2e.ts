import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPwpushServer, type PwpushServer } from '../servers/pwpush/server.mjs';
import { launchFirefox, type FirefoxWithExtension } from './browser';
import type { InPage } from './controls';

const EXTENSION_DIR = resolve(__dirname, '../../.output/firefox-mv3');

/** The recipient's language and the e-mailed link in the Firefox build (README, "Links ready for the recipient"). */
describe('links ready for the recipient in Firefox', () => {
  let firefox: FirefoxWithExtension;
  let pwpush: PwpushServer;

  beforeAll(async () => {
    pwpush = await startPwpushServer({ emailConfigured: true });
    firefox = await launchFirefox(EXTENSION_DIR);
  });
  afterAll(async () => {
    await firefox?.close();
    await pwpush?.close();
  });

  it("e-mails the link in the recipient's language and hands it out with ?locale=", async () => {
    const setup = await firefox.open('options.html');
    await setup.evaluate((settings) => (globalThis as unknown as InPage).browser.storage.local.set(settings), {
      instanceUrl: pwpush.url,
      apiToken: pwpush.users[0]!.token,
      rememberToken: true,
    });
    await setup.close();

    const popup = await firefox.open('popup.html', { width: 380, height: 640 });
    await popup.locator('#secret').fill('pushed in Firefox');
    await popup.locator('#push-options summary').click();
    await popup.locator('#email-to').wait();
    await popup.select('#recipient-locale', 'sv');
    await popup.locator('#email-to').fill('kim@example.org');
    await popup.locator('button[type="submit"]').click();
    const link = await popup
      .locator('.link-text')
      .map((node) => node.textContent?.trim() ?? '')
      .wait();
    await popup.close();

    const [stored] = pwpush.pushes();
    expect(link).toBe(`${stored!.html_url}?locale=sv`);
    const create = pwpush.requests.find((request) => request.method === 'POST' && request.path === '/api/v2/pushes');
    expect(create!.body).toMatchObject({ push: { notify_emails_to: 'kim@example.org', notify_emails_to_locale: 'sv' } });
    expect(stored!.audit.map((entry) => entry.kind)).toEqual(['creation', 'creation_email_send']);
  });
});
