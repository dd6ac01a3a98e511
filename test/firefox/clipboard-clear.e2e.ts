import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchFirefox, type FirefoxWithExtension } from './browser';
import type { InPage } from './controls';

// `npm run build:test:firefox`: its clipboard clear counts seconds of 100 ms (lib/browser/clipboard/clear-timing.ts).
const EXTENSION_DIR = resolve(__dirname, '../../.output/firefox-mv3');
const SECOND_MS = 100;
/** Firefox unloads an idle event page after 30 s; here after 30 of the test build's seconds. */
const IDLE_UNLOAD_MS = 30 * SECOND_MS;

/**
 * Firefox has no offscreen document: its background page reads and clears the clipboard itself
 * (lib/browser/clipboard/background-copy.ts). Chromium's suite covers the whole path from the receive view's Copy
 * (test/e2e/clipboard-clear.e2e.ts); this covers what differs, the background page's clipboard.
 */
describe('the Firefox background page clears a copied secret', () => {
  let firefox: FirefoxWithExtension;
  beforeAll(async () => {
    firefox = await launchFirefox(EXTENSION_DIR, { 'extensions.background.idle.timeout': IDLE_UNLOAD_MS });
  });
  afterAll(async () => {
    await firefox?.close();
  });

  // "1 minute": twice the idle time after which Firefox unloads an event page, and the secret with it.
  it('after 1 minute: the event page is kept loaded until then', { timeout: 60_000 }, async () => {
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
    // Read every 5 of those seconds only: a read is not an event for the background page, but keep the page quiet.
    while (text !== '' && Date.now() - started < 100 * SECOND_MS) {
      await new Promise((done) => setTimeout(done, 5 * SECOND_MS));
      text = await page.evaluate(() => navigator.clipboard.readText());
    }
    expect(text).toBe('');
    expect(Date.now() - started).toBeGreaterThanOrEqual(58 * SECOND_MS);
  });

  // The secret as the server sent it (CRLF) and as the text box's selection reached the clipboard (LF, no NUL).
  it('a multi-line secret copied by Ctrl+C: cleared though the clipboard has other line ends', { timeout: 30_000 }, async () => {
    const page = await firefox.open('popup.html');
    const secret = 'firefox line one\r\n\tline two 🔑\rthree\u0000';
    const onClipboard = 'firefox line one\n\tline two 🔑\nthree';
    const answer = await page.evaluate(
      async (secret, onClipboard) => {
        await navigator.clipboard.writeText(onClipboard);
        const { browser } = globalThis as unknown as InPage;
        return browser.runtime.sendMessage({ type: 'clipboard:clear-later', data: { text: secret, delaySeconds: 30 } });
      },
      secret,
      onClipboard,
    );
    expect(answer).toEqual({ scheduled: true });
    const started = Date.now();
    let text = await page.evaluate(() => navigator.clipboard.readText());
    expect(text).toBe(onClipboard);
    while (text !== '' && Date.now() - started < 80 * SECOND_MS) {
      await new Promise((done) => setTimeout(done, 5 * SECOND_MS));
      text = await page.evaluate(() => navigator.clipboard.readText());
    }
    expect(text).toBe('');
  });
});
