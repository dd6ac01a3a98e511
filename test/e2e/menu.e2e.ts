import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from '@wxt-dev/browser';
import type { Page } from 'playwright-core';
import { serveFixtureSite } from './support/fixture-site';
import { useE2eSession } from './support/session';
import { configureInstance } from './support/storage';

const SECRET_BLOCK = '-----BEGIN KEY-----\n  line two keeps its indent\nline three\t\n-----END KEY-----';
const ARTICLE = `<!doctype html><title>Fixture</title>
<h1>Deploy notes</h1>
<pre id="key">${SECRET_BLOCK}</pre>
<p><a id="doc" href="https://docs.example.org/runbook">Runbook</a></p>
<textarea id="box">first\nsecond line\nthird</textarea>`;

/** The background's handlers a test build exposes on the worker's global scope (entrypoints/background.ts). */
type TestHooks = {
  pushgate: {
    handleMenuClick(info: unknown, tab: Browser.tabs.Tab): Promise<void>;
    handleCommand(command: string): Promise<void>;
  };
};

/**
 * Native context menus and keyboard shortcuts cannot be clicked headless, so these tests call
 * the background's own handlers (exposed on the worker for this) with the data Chrome passes.
 */
describe('right-click menu and keyboard command', () => {
  const session = useE2eSession();
  let site: Awaited<ReturnType<typeof serveFixtureSite>>;
  beforeAll(async () => {
    site = await serveFixtureSite({ '/': ARTICLE });
  });
  afterAll(() => site.close());

  const openArticle = async (): Promise<{ page: Page; tabId: number }> => {
    await configureInstance(await session.extension.worker(), session.pwpush.url, session.pwpush.users[0]!.token);
    const page = await session.extension.context.newPage();
    // A URL of its own: a previous test's tab may still be closing when this one looks for its tab.
    const url = `${site.url}/?test=${crypto.randomUUID()}`;
    await page.goto(url);
    await page.bringToFront();
    const worker = await session.extension.worker();
    const tabId = await worker.evaluate(async (url) => (await chrome.tabs.query({ url }))[0]!.id!, url);
    return { page, tabId };
  };
  const clipboard = async () => {
    const reader = await session.extension.open('options.html');
    await reader.bringToFront();
    const text = await reader.evaluate(() => navigator.clipboard.readText());
    await reader.close();
    return text;
  };
  const notifications = async () =>
    (await session.extension.worker()).evaluate(async () => Object.keys(await chrome.notifications.getAll()).length);
  const click = async (info: Record<string, unknown>, tabId: number) =>
    (await session.extension.worker()).evaluate(
      async ({ info, tabId }) => {
        const tab = await chrome.tabs.get(tabId);
        await (globalThis as unknown as TestHooks).pushgate.handleMenuClick(info, tab);
      },
      { info, tabId },
    );

  it('registers the three menu items', async () => {
    const worker = await session.extension.worker();
    for (const id of ['push-selection', 'push-link', 'push-page']) {
      await expect
        .poll(() =>
          worker.evaluate(
            (id) =>
              chrome.contextMenus.update(id, {}).then(
                () => true,
                () => false,
              ),
            id,
          ),
        )
        .toBe(true);
    }
  });

  it('pushes a multi-line selection with its line breaks, copies the link and notifies', async () => {
    const { page, tabId } = await openArticle();
    await page.evaluate(() => getSelection()!.selectAllChildren(document.getElementById('key')!));
    // What Chrome hands the menu: line breaks flattened to spaces (Chromium bug 116429).
    await click({ menuItemId: 'push-selection', frameId: 0, selectionText: SECRET_BLOCK.replace(/\n/g, ' '), pageUrl: page.url() }, tabId);

    await expect.poll(() => session.pwpush.pushes().length).toBe(1);
    const [push] = session.pwpush.pushes();
    expect(push!.payload).toBe(SECRET_BLOCK);
    expect(await clipboard()).toBe(push!.html_url);
    await expect.poll(notifications).toBeGreaterThan(0);
    // The link never entered the web page.
    expect(await page.content()).not.toContain(push!.url_token);
  });

  it('pushes the selection inside a textarea', async () => {
    const { page, tabId } = await openArticle();
    await page.evaluate(() => {
      const box = document.getElementById('box') as HTMLTextAreaElement;
      box.focus();
      box.setSelectionRange(6, 17);
    });
    await click({ menuItemId: 'push-selection', frameId: 0, selectionText: 'second line' }, tabId);
    await expect.poll(() => session.pwpush.pushes()[0]?.payload).toBe('second line');
  });

  it('pushes a link and the page URL as URL pushes', async () => {
    const { page, tabId } = await openArticle();
    await click({ menuItemId: 'push-link', frameId: 0, linkUrl: 'https://docs.example.org/runbook', pageUrl: page.url() }, tabId);
    await click({ menuItemId: 'push-page', frameId: 0, pageUrl: page.url() }, tabId);
    await expect.poll(() => session.pwpush.pushes().length).toBe(2);
    const payloads = session.pwpush.pushes().map((p) => [p.kind, p.payload]);
    expect(payloads).toEqual(
      expect.arrayContaining([
        ['url', 'https://docs.example.org/runbook'],
        ['url', page.url()],
      ]),
    );
  });

  it('pushes the selection with the keyboard command', async () => {
    const { page } = await openArticle();
    await page.evaluate(() => getSelection()!.selectAllChildren(document.getElementById('key')!));
    const worker = await session.extension.worker();
    await worker.evaluate(() => (globalThis as unknown as TestHooks).pushgate.handleCommand('push-selection'));
    await expect.poll(() => session.pwpush.pushes()[0]?.payload).toBe(SECRET_BLOCK);
    expect(await clipboard()).toBe(session.pwpush.pushes()[0]!.html_url);
  });

  it('notifies the error and copies nothing when the push fails', async () => {
    const { page, tabId } = await openArticle();
    session.pwpush.setFault({ type: 'unauthorized' });
    await page.evaluate(() => getSelection()!.selectAllChildren(document.getElementById('key')!));
    const before = await notifications();
    await click({ menuItemId: 'push-selection', frameId: 0, selectionText: 'x' }, tabId);
    await expect.poll(notifications).toBeGreaterThan(before);
    expect(session.pwpush.pushes()).toHaveLength(0);
  });
});
