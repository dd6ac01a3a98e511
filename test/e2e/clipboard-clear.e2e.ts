import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PopupPage } from './pages/popup';
import { ReceivePage } from './pages/receive';
import { useE2eSession } from './support/session';
import { configureInstance, dumpEverythingStored } from './support/storage';

/** The setting as the settings page stores it; 30 s is the shortest choice a person has. */
const CLEAR_AFTER_SECONDS = 30;
/** The wait for the clear: the delay, then time for the offscreen document on a loaded machine. */
const CLEAR_WAIT_MS = (CLEAR_AFTER_SECONDS + 25) * 1000;

describe('a copied secret is cleared from the clipboard later', () => {
  const session = useE2eSession();

  /** Retrieves a fresh push in the popup (opened as a tab), copies it (Copy, or Ctrl+A Ctrl+C in the box), and closes the popup. */
  async function copyAndClose(payload: string, how: 'button' | 'keys' = 'button', onClipboard = payload): Promise<number> {
    const worker = await session.extension.worker();
    await configureInstance(worker, session.pwpush.url, session.pwpush.users[0]!.token);
    await worker.evaluate((seconds) => chrome.storage.local.set({ clearClipboardAfterSeconds: seconds }), CLEAR_AFTER_SECONDS);
    const response = await fetch(`${session.pwpush.url}/api/v2/pushes`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ push: { payload } }),
    });
    const push = (await response.json()) as { html_url: string };

    const receive = await ReceivePage.open(session.extension);
    await receive.openLink(push.html_url);
    await receive.payload().waitFor();
    await expect.poll(() => receive.page.getByText('after 30 seconds if the clipboard still holds it', { exact: false }).count()).toBe(1);
    await receive.page.bringToFront();
    if (how === 'button') {
      await receive.copyButton().click();
    } else {
      await receive.payload().focus();
      await receive.page.keyboard.press('ControlOrMeta+A');
      await receive.page.keyboard.press('ControlOrMeta+C');
    }
    const copiedAt = Date.now();
    await expect.poll(() => readClipboard(receive.page)).toBe(onClipboard);
    await receive.page.close();
    return copiedAt;
  }

  /** Another extension page, in front, to read and write the clipboard once the popup is gone. */
  async function otherPage(): Promise<Page> {
    const page = await session.extension.open('pushes.html');
    await page.bringToFront();
    return page;
  }

  const readClipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());
  const offscreenDocuments = async () =>
    (await session.extension.worker()).evaluate(
      async () => (await chrome.runtime.getContexts({ contextTypes: ['OFFSCREEN_DOCUMENT'] })).length,
    );

  it('empties the clipboard after the chosen time although the popup was closed, and stores nothing', { timeout: 120_000 }, async () => {
    const payload = `clear-me ${Date.now()}\nsecond line`;
    const copiedAt = await copyAndClose(payload);
    const page = await otherPage();
    expect(await readClipboard(page)).toBe(payload);
    // The background took the secret over: its offscreen document waits with it.
    await expect.poll(offscreenDocuments, { timeout: 10_000 }).toBe(1);

    await expect.poll(() => readClipboard(page), { timeout: CLEAR_WAIT_MS, interval: 1000 }).toBe('');
    expect(Date.now() - copiedAt).toBeGreaterThanOrEqual(CLEAR_AFTER_SECONDS * 1000);
    // Done, the offscreen document asked to be closed, and with it the secret it held is gone.
    await expect.poll(offscreenDocuments, { timeout: 10_000 }).toBe(0);
    expect(await dumpEverythingStored(page)).not.toContain('clear-me');
  });

  it('Ctrl+C in the secret box: the background takes the copy over too', { timeout: 60_000 }, async () => {
    const payload = `keys-copy ${Date.now()}`;
    await copyAndClose(payload, 'keys');
    const page = await otherPage();
    expect(await readClipboard(page)).toBe(payload);
    await expect.poll(offscreenDocuments, { timeout: 10_000 }).toBe(1);
  });

  it('Ctrl+C of a multi-line secret of any characters is cleared too', { timeout: 120_000 }, async () => {
    // CRLF, a lone CR, tabs, emoji, RTL marks, a no-break space and a NUL: the text box holds LF
    // line ends and the NUL, and Chromium's copy of its selection drops the NUL.
    const payload = `ctrl-c ${Date.now()}\r\n\tsecond\u00A0line 🔑👩‍👩‍👧\rthird \u200Fסוד\u200E\u0000end  `;
    const onClipboard = payload.replace(/\r\n?/g, '\n').replace('\u0000', '');
    await copyAndClose(payload, 'keys', onClipboard);
    const page = await otherPage();
    expect(await readClipboard(page)).toBe(onClipboard);
    await expect.poll(() => readClipboard(page), { timeout: CLEAR_WAIT_MS, interval: 1000 }).toBe('');
    await expect.poll(offscreenDocuments, { timeout: 10_000 }).toBe(0);
  });

  it('leaves alone what the person copied meanwhile', { timeout: 120_000 }, async () => {
    const payload = `keep-out ${Date.now()}`;
    await copyAndClose(payload);
    const page = await otherPage();
    await expect.poll(offscreenDocuments, { timeout: 10_000 }).toBe(1);
    await page.evaluate(() => navigator.clipboard.writeText('my own notes'));
    expect(await readClipboard(page)).toBe('my own notes');

    // The clear is done once the offscreen document has closed; the clipboard is still the person's.
    await expect.poll(offscreenDocuments, { timeout: CLEAR_WAIT_MS, interval: 1000 }).toBe(0);
    expect(await readClipboard(page)).toBe('my own notes');
  });

  /** Pushes `secret` from the popup (opened as a tab), waits for the automatic copy of its link, and closes the popup. */
  async function pushAndClose(secret: string, passphrase?: string): Promise<string> {
    const worker = await session.extension.worker();
    await configureInstance(worker, session.pwpush.url, session.pwpush.users[0]!.token);
    await worker.evaluate((seconds) => chrome.storage.local.set({ clearClipboardAfterSeconds: seconds }), CLEAR_AFTER_SECONDS);
    const popup = await PopupPage.open(session.extension);
    await popup.secret().fill(secret);
    if (passphrase) {
      await popup.options().click();
      await popup.passphrase().fill(passphrase);
    }
    await popup.pushButton().click();
    const link = await popup.link();
    await popup.page.bringToFront();
    await expect.poll(() => readClipboard(popup.page)).toBe(link);
    await popup.page.close();
    return link;
  }

  it('the copied link of a push without a passphrase is cleared after the chosen time too', { timeout: 120_000 }, async () => {
    const link = await pushAndClose(`link-clear ${Date.now()}`);
    const page = await otherPage();
    expect(await readClipboard(page)).toBe(link);
    await expect.poll(() => readClipboard(page), { timeout: CLEAR_WAIT_MS, interval: 1000 }).toBe('');
    await expect.poll(offscreenDocuments, { timeout: 10_000 }).toBe(0);
  });

  it('the link of a push with a passphrase stays: it is not the secret', { timeout: 60_000 }, async () => {
    const link = await pushAndClose(`link-stays ${Date.now()}`, 'tidy-otter-lamp-42');
    const page = await otherPage();
    // Nothing waits to be cleared: no offscreen document holds the link.
    await expect.poll(offscreenDocuments, { timeout: 10_000 }).toBe(0);
    expect(await readClipboard(page)).toBe(link);
  });
});
