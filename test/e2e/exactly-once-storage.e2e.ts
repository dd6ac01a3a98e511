import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Worker } from 'playwright-core';
import { PopupPage } from './pages/popup';
import { serveFixtureSite } from './support/fixture-site';
import { useE2eSession } from './support/session';
import { configureInstance } from './support/storage';

/** The background's handlers a test build exposes on the worker's global scope (entrypoints/background.ts). */
type TestHooks = { pushgate: { handleCommand(command: string): Promise<void> } };
type Notice = { title: string; message: string };

/** The worker's IndexedDB refuses every write as a full disk does, until the worker stops. */
async function fillStorage(worker: Worker): Promise<void> {
  await worker.evaluate(() => {
    for (const method of ['put', 'add'] as const) {
      IDBObjectStore.prototype[method] = () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      };
    }
  });
}

// Storage that refuses the attempt and the history entry (a full disk): the push still goes out, and
// the person is told the history could not keep it, never silence (docs/exactly-once.md).
describe('a push when storage refuses to keep it', () => {
  const session = useE2eSession();
  let site: Awaited<ReturnType<typeof serveFixtureSite>>;
  beforeAll(async () => {
    site = await serveFixtureSite({ '/': '<!doctype html><title>Fixture</title><p id="secret">kept nowhere</p>' });
  });
  afterAll(() => site.close());

  it('from the popup: the link shows, with "could not be kept"; one push', async () => {
    const worker = await session.extension.worker();
    await configureInstance(worker, session.pwpush.url, session.pwpush.users[0]!.token);
    const popup = await PopupPage.open(session.extension);
    await fillStorage(await session.extension.worker());
    await popup.pushText('not kept');
    expect(await popup.link()).toBe(session.pwpush.pushes()[0]!.html_url);
    await popup.page.getByText(/This push could not be kept in this browser's list of pushes/).waitFor();
    expect(session.pwpush.pushes()).toHaveLength(1);
  });

  it('from the shortcut: the link is copied, and the notification says it could not be kept', async () => {
    const worker = await session.extension.worker();
    await configureInstance(worker, session.pwpush.url, session.pwpush.users[0]!.token);
    const page = await session.extension.context.newPage();
    await page.goto(site.url);
    await page.bringToFront();
    await page.evaluate(() => getSelection()!.selectAllChildren(document.getElementById('secret')!));
    await fillStorage(worker);
    const notices = await worker.evaluate(async () => {
      const notices: Notice[] = [];
      const notifications = chrome.notifications;
      const create = notifications.create.bind(notifications);
      notifications.create = ((id: string, options: Notice) => {
        notices.push({ title: options.title, message: options.message });
        return create(id, options as never);
      }) as never;
      try {
        await (globalThis as unknown as TestHooks).pushgate.handleCommand('push-selection');
      } finally {
        notifications.create = create as never;
      }
      return notices;
    });
    expect(notices).toEqual([
      {
        title: 'Selected text pushed, secret link copied',
        message: expect.stringMatching(/It could not be kept in this browser's list of pushes/),
      },
    ]);
    expect(session.pwpush.pushes()).toHaveLength(1);
  });
});
