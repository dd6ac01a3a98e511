import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PopupPage } from './pages/popup';
import { PushesPage } from './pages/pushes';
import { stopServiceWorker } from './support/exactly-once';
import { useE2eSession } from './support/session';
import { configureInstance } from './support/storage';

/** The token of a secret link. */
const tokenOf = (link: string) => /\/p\/([a-z0-9_-]+)/.exec(link)![1];

// The background, which makes the popup's text pushes (lib/share/relay/push-in-background.ts), stopped by Chrome while
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

// A file push is made by the popup itself (components/popup/push-submit.ts); the background keeps
// its attempt. The popup closed with it out: nothing holds the secret any more, so nothing can prove
// the push is this try's. The try is listed, and what may be its push is shown, never claimed.
describe('the popup closed while its file push is out', () => {
  const session = useE2eSession();

  it('the try is listed on the Pushes page with what it sent; "Look again" shows the push as one that may be yours', async () => {
    await configureInstance(await session.extension.worker(), session.pwpush.url, session.pwpush.users[0]!.token);
    const popup = await PopupPage.open(session.extension);
    session.pwpush.setFault({ type: 'slow', ms: 2_000, times: 1, paths: '/pushes' });
    await popup.page.getByRole('radio', { name: 'File' }).click();
    await popup.page.getByLabel('Files').setInputFiles({ name: 'closed.txt', mimeType: 'text/plain', buffer: Buffer.from('a file') });
    await popup.pushButton().click();
    await expect
      .poll(() => session.pwpush.requests.some((request) => request.method === 'POST' && request.path === '/api/v2/pushes'))
      .toBe(true);
    await popup.page.close();
    await expect.poll(() => session.pwpush.pushes().length, { timeout: 10_000 }).toBe(1);

    const list = await PushesPage.open(session.extension);
    const tries = list.page.getByRole('region', { name: 'Pushes that may have been made' });
    await tries.getByText(/^File push sent /).waitFor();
    expect(await tries.getByRole('listitem').count()).toBe(1);
    expect(await tries.innerText()).toMatch(/Files: closed\.txt/);
    expect(await tries.innerText()).toMatch(/No answer said what became of it/);
    await tries.getByRole('button', { name: 'Look again' }).click();
    await tries.getByText(/This push on the instance may be yours/).waitFor();
    // Shown, never claimed: "This browser" has no entry for it.
    expect(await list.page.locator('.link-text').count()).toBe(0);
    expect(await list.page.getByText('No pushes have been made in this browser yet.').count()).toBe(1);
  });
});

// The worker stopped after the answer, before it wrote the history: the popup, which has the link,
// has the settling made again by the next worker (lib/share/relay/book.ts), so the entry is written.
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
