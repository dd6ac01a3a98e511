import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PopupPage } from './pages/popup';
import { PushesPage } from './pages/pushes';
import { stopServiceWorker } from './support/exactly-once';
import { useE2eSession } from './support/session';
import { configureInstance } from './support/storage';

/** The token of a secret link. */
const tokenOf = (link: string) => /\/p\/([a-z0-9_-]+)/.exec(link)![1];

// The background, which makes the popup's pushes (lib/share/relay/push-in-background.ts), stopped by Chrome while
// a push it took is out: the popup, which still holds the secret, has the new worker look for it,
// so the push is proven, shown and kept, never left unknown to this browser (docs/exactly-once.md).
describe('the worker stopped while a popup push it took is out', () => {
  const session = useE2eSession();

  it('the push is found, its link shown as found and kept in "This browser"; one push, and no try left open', async () => {
    await configureInstance(await session.extension.worker(), session.pwpush.url, session.pwpush.users[0]!.token);
    const popup = await PopupPage.open(session.extension);
    // The instance makes the push 3 s after the request arrives: the worker is stopped meanwhile.
    session.pwpush.setFault({ type: 'slow', ms: 3_000, times: 1, paths: '/pushes' });
    await popup.pushText('out when stopped');
    await expect
      .poll(() => session.pwpush.requests.some((request) => request.method === 'POST' && request.path === '/api/v2/pushes'))
      .toBe(true);
    await (await session.extension.worker()).evaluate(() => Object.assign(globalThis, { beforeTheStop: true }));
    await stopServiceWorker(popup.page);

    const link = await popup.link();
    await popup.page.getByText(/Pushgate found the push on your instance/).waitFor();
    expect(await popup.alert().count()).toBe(0);
    // The worker that looked is a new one.
    expect(await (await session.extension.worker()).evaluate(() => 'beforeTheStop' in globalThis)).toBe(false);
    const pushes = session.pwpush.pushes();
    expect(pushes.map((push) => [push.payload, push.url_token])).toEqual([['out when stopped', tokenOf(link)]]);

    await popup.page.close();
    const list = await PushesPage.open(session.extension);
    await list.waitForRows(1);
    expect(await list.page.getByRole('region', { name: 'Pushes that may have been made' }).count()).toBe(0);
  });
});

// A file push is made by the background too, its bytes handed over the port first
// (lib/share/relay/files.ts): the popup closed with it out, the background sends it all the same and
// keeps it, as it does every other kind; the worker stopped with it out, the popup still holds the
// file and has the next worker look for it by its names.
describe('a popup file push the background has out', () => {
  const session = useE2eSession();

  async function pushFile(name: string): Promise<PopupPage> {
    await configureInstance(await session.extension.worker(), session.pwpush.url, session.pwpush.users[0]!.token);
    const popup = await PopupPage.open(session.extension);
    await popup.page.getByRole('radio', { name: 'File' }).click();
    await popup.page.getByLabel('Files').setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(`the file ${name}`) });
    await popup.pushButton().click();
    await expect
      .poll(() => session.pwpush.requests.some((request) => request.method === 'POST' && request.path === '/api/v2/pushes'))
      .toBe(true);
    return popup;
  }

  it('the popup closed: the push is made, whole, and kept in "This browser"; no try left open', async () => {
    session.pwpush.setFault({ type: 'slow', ms: 2_000, times: 1, paths: '/pushes' });
    const popup = await pushFile('closed.txt');
    await popup.page.close();
    await expect.poll(() => session.pwpush.pushes().length, { timeout: 10_000 }).toBe(1);
    expect(session.pwpush.pushes()[0]!.files.map((file) => [file.filename, file.size])).toEqual([['closed.txt', 19]]);

    const list = await PushesPage.open(session.extension);
    await list.waitForRows(1);
    expect(await list.page.getByRole('region', { name: 'Pushes that may have been made' }).count()).toBe(0);
    expect(await list.page.getByText('closed.txt').count()).toBeGreaterThan(0);
  });

  it('the worker stopped: the next one finds the push by its file names, shown as found and kept', async () => {
    session.pwpush.setFault({ type: 'slow', ms: 3_000, times: 1, paths: '/pushes' });
    const popup = await pushFile('stopped.txt');
    await stopServiceWorker(popup.page);

    const link = await popup.link();
    await popup.page.getByText(/Pushgate found the push on your instance/).waitFor();
    expect(session.pwpush.pushes().map((push) => [push.files.map((file) => file.filename), push.url_token])).toEqual([
      [['stopped.txt'], tokenOf(link)],
    ]);
    await popup.page.close();
    const list = await PushesPage.open(session.extension);
    await list.waitForRows(1);
    expect(await list.page.getByRole('region', { name: 'Pushes that may have been made' }).count()).toBe(0);
  });
});

// The worker stopped after the answer, before it wrote the history: the popup, which has the link,
// has the settling made again by the next worker (lib/share/relay/settle.ts), so the entry is written.
describe('the worker stopped after the answer, before the history write', () => {
  const session = useE2eSession();

  /** What the extension's database holds in `store` (lib/db.ts), read by an extension page (the worker may be stopped). */
  const count = (page: Page, store: 'history' | 'attempts') =>
    page.evaluate(
      (store) =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('pushgate');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const request = open.result.transaction(store).objectStore(store).count();
            request.onsuccess = () => {
              open.result.close();
              resolve(request.result);
            };
          };
        }),
      store,
    );

  it('the link shows, and the history entry is written all the same; no try left open', async () => {
    await configureInstance(await session.extension.worker(), session.pwpush.url, session.pwpush.users[0]!.token);
    const popup = await PopupPage.open(session.extension);
    // Settling starts with the claim's digest (lib/attempts/claims.ts): held there, the worker has
    // the answer and has written nothing yet.
    await (await session.extension.worker()).evaluate(() => {
      SubtleCrypto.prototype.digest = () => {
        Object.assign(globalThis, { settling: true });
        return new Promise<ArrayBuffer>(() => undefined);
      };
    });
    await popup.pushText('answered, then stopped');
    const link = await popup.link();
    await expect.poll(async () => (await session.extension.worker()).evaluate(() => 'settling' in globalThis)).toBe(true);
    expect(await count(popup.page, 'history')).toBe(0);
    await stopServiceWorker(popup.page);

    await expect.poll(() => count(popup.page, 'history'), { timeout: 10_000 }).toBe(1);
    expect(await count(popup.page, 'attempts')).toBe(0);
    expect(session.pwpush.pushes().map((push) => push.html_url)).toEqual([link]);
    const list = await PushesPage.open(session.extension);
    await list.waitForRows(1);
    expect(await list.page.getByRole('region', { name: 'Pushes that may have been made' }).count()).toBe(0);
  });
});
