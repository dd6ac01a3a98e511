import { resolve } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPwpushServer, type PwpushServer } from '../servers/pwpush/server.mjs';
import { launchFirefox, type FirefoxWithExtension } from './browser';
import type { InPage } from './controls';

// `npm run build:test:firefox`: the Firefox build with the loopback hosts granted at install.
const EXTENSION_DIR = resolve(__dirname, '../../.output/firefox-mv3');
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** Firefox's event page, reached from an extension page, with the test build's hook. */
type WithBackground = {
  browser: { runtime: { getBackgroundPage(): Promise<{ pushgate: { pollReceipts(): Promise<void> } }> } };
};

const tokenOf = (link: string) => /\/p\/([a-z0-9_-]+)/.exec(link)![1]!;

describe('read receipts in Firefox', () => {
  let firefox: FirefoxWithExtension;
  let pwpush: PwpushServer;

  beforeAll(async () => {
    pwpush = await startPwpushServer();
    firefox = await launchFirefox(EXTENSION_DIR);
  });
  afterAll(async () => {
    await firefox?.close();
    await pwpush?.close();
  });

  const inExtension = (page: Page) => ({
    alarm: () => page.evaluate(() => (globalThis as unknown as InPage).browser.alarms.get('pushgate-receipts').then(Boolean)),
    badge: () => page.evaluate(() => (globalThis as unknown as InPage).browser.action.getBadgeText({})),
    // An alarm fires at most once a minute in Firefox: the poll is run through the test build's hook.
    poll: () =>
      page.evaluate(async () => {
        const background = await (globalThis as unknown as WithBackground).browser.runtime.getBackgroundPage();
        await background.pushgate.pollReceipts();
      }),
  });

  it('a push from the popup is watched (one alarm); a browser opens it; the poll sets the badge and the row says it', async () => {
    const options = await firefox.open('options.html');
    await options.evaluate((settings) => (globalThis as unknown as InPage).browser.storage.local.set(settings), {
      instanceUrl: pwpush.url,
      apiToken: pwpush.users[0]!.token,
      rememberToken: true,
    });
    const popup = await firefox.open('popup.html', { width: 380, height: 640 });
    await popup.locator('#secret').fill('watched in Firefox');
    await popup.locator('button[type="submit"]').click();
    const link = await popup
      .locator('.link-text')
      .map((node) => node.textContent?.trim() ?? '')
      .wait();
    const extension = inExtension(options);
    await expect.poll(extension.alarm, { timeout: 10_000 }).toBe(true);

    const answer = await fetch(`${pwpush.url}/api/v2/pushes/${tokenOf(link)}`, { headers: { 'user-agent': CHROME } });
    expect(answer.status).toBe(200);
    await extension.poll();
    expect(await extension.badge()).toBe('1');

    const pushes = await firefox.open('pushes.html');
    await expect
      .poll(() => pushes.$eval('tbody tr', (row) => row.textContent ?? '').catch(() => ''), { timeout: 10_000 })
      .toMatch(/Opened on .+\. Opened by a browser\. 4 views left\./);
    await expect.poll(extension.badge).toBe('');
  });
});
