import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchFirefox, type FirefoxWithExtension } from './browser';

/** Inside an extension page Firefox's own `browser` exists (not declared for the rest of the project). */
type InPage = { browser: typeof import('wxt/browser').browser };

// `npm run build:test:firefox`.
const EXTENSION_DIR = resolve(__dirname, '../../.output/firefox-mv3');

/**
 * Firefox has no offscreen document: its background page reads and clears the clipboard itself
 * (lib/browser/clipboard/background-copy.ts). Chromium's suite covers the whole path from the receive view's Copy
 * (test/e2e/clipboard-clear.e2e.ts); this covers what differs, the background page's clipboard.
 */
describe('the Firefox background page clears a copied secret', () => {
  let firefox: FirefoxWithExtension;
  beforeAll(async () => {
    firefox = await launchFirefox(EXTENSION_DIR);
  });
  afterAll(async () => {
    await firefox?.close();
  });

  // One minute: longer than the 30 idle seconds after which Firefox unloads an event page, and the secret with it.
  it('after 1 minute: the event page is kept loaded until then', { timeout: 150_000 }, async () => {
    const page = await firefox.open('popup.html');
    const answer = await page.evaluate(async () => {
      await navigator.clipboard.writeText('firefox secret');
      const { browser } = globalThis as unknown as InPage;
      return browser.runtime.sendMessage({ type: 'clipboard:clear-later', data: { text: 'firefox secret', delaySeconds: 60 } });
    });
    expect(answer).toEqual({ scheduled: true });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('firefox secret');

    const started = Date.now();
    let text = 'firefox secret';
    // Read every 5 seconds only: a read is not an event for the background page, but keep the page quiet.
    while (text !== '' && Date.now() - started < 100_000) {
      await new Promise((done) => setTimeout(done, 5000));
      text = await page.evaluate(() => navigator.clipboard.readText());
    }
    expect(text).toBe('');
    expect(Date.now() - started).toBeGreaterThanOrEqual(58_000);
  });
});
