import { describe, expect, it } from 'vitest';
import { PushesPage } from './pages/pushes';
import { useE2eSession } from './support/session';
import { configureInstance } from './support/storage';

// The Pushes page's state check against a large account behind the reference server's real
// throttle (120 requests a minute, 60 a second per IP: docs/password-pusher.md#throttling): at
// most 10 list requests per opening, the states it reached shown, and the next opening going on
// where the last one stopped (lib/push-lists/state-refresh.ts).

const LIST = /^\/api\/v2\/pushes\/(active|expired)$/;

describe('the Pushes page with a large account', () => {
  const session = useE2eSession();

  it('asks at most 10 list pages per opening, shows what it checked, and goes on at the next opening', { timeout: 120_000 }, async () => {
    const { pwpush, extension } = session;
    const alice = pwpush.users[0]!;
    // Newest first on the server: 2,000 active pushes (40 pages), then 5,000 expired (100 pages).
    const now = Date.now();
    const seed = (count: number, name: string, offset: number, expired: boolean) =>
      pwpush.seed(
        Array.from({ length: count }, (_, i) => ({
          owner: alice.email,
          name: `${name} ${i}`,
          createdAt: now - (offset + i + 1) * 60_000,
          expireAfterDays: 90,
          expired,
        })),
      );
    const active = seed(2_000, 'Active', 0, false);
    const expired = seed(5_000, 'Gone', 2_000, true);
    // 1,000 of them pushed from this browser: the 50 newest, the rest spread over both lists.
    const mine = [
      ...active.slice(0, 50),
      ...active.filter((_, i) => i >= 50 && i % 8 === 0),
      ...expired.filter((_, i) => i % 7 === 0),
    ].slice(0, 1_000);
    await configureInstance(await extension.worker(), pwpush.url, alice.token);
    const pushes = await PushesPage.open(extension);
    await pushes.page.evaluate(
      async ({ baseUrl, tokens }) => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open('pushgate');
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        const tx = db.transaction('history', 'readwrite');
        const now = Date.now();
        tokens.forEach((urlToken, index) => {
          tx.objectStore('history').put({
            baseUrl,
            urlToken,
            htmlUrl: `${baseUrl}/p/${urlToken}`,
            kind: 'text',
            name: `Mine ${index}`,
            createdAt: new Date(now - 30 * 86_400_000).toISOString(),
            recordedAt: now - index * 1_000,
            checkedAt: now - index * 1_000,
            checkedVia: 'created',
            expireAfterDays: 90,
            expireAfterViews: 5,
            deletableByViewer: true,
            retrievalStep: false,
            passphraseProtected: false,
            expired: false,
            daysRemaining: 90,
            viewsRemaining: 5,
            withToken: true,
            // The open pushes' index key every write of the extension keeps (lib/history/open-key.ts).
            openKey: [baseUrl, 'lists', '', now - index * 1_000],
          });
        });
        await new Promise((resolve) => {
          tx.oncomplete = resolve;
        });
        db.close();
      },
      { baseUrl: pwpush.url, tokens: mine },
    );

    const listRequests = () =>
      pwpush.requests
        .filter((request) => LIST.test(request.path))
        .map((request) => `${request.path.slice('/api/v2/pushes/'.length)} ${request.query.page}`);
    const before = listRequests().length;
    await pushes.page.reload();
    await pushes.page
      .getByRole('status')
      .filter({ hasText: /pushes were not checked this time/ })
      .waitFor({ timeout: 30_000 });
    const first = listRequests().slice(before);
    expect(first.length).toBeLessThanOrEqual(10);
    expect(first[0]).toBe('active 1');
    expect(await pushes.page.locator('.states-status').innerText()).toMatch(
      /^States checked with the server, .*\.\s\d+ pushes were not checked this time/,
    );
    expect(await pushes.alert().count()).toBe(0);
    // The newest pushes, on the first page of both the table and the Active list, are checked (and
    // take their names from the server); those not reached say so instead of their push-time state.
    await expect.poll(() => pushes.stateOf('Active 0')).toMatch(/^Not opened yet\s+Checked with the server, /);
    // An expired one far down the Expired list: not reached on the first opening.
    await pushes.filter().fill('Mine 999');
    await expect.poll(() => pushes.stateOf('Mine 999')).toMatch(/^Not checked this time\s+A later opening of this page checks it/);
    expect(await pushes.panel().innerText()).not.toMatch(/When it was pushed/);

    const second = listRequests().length;
    await pushes.page.reload();
    await expect.poll(() => listRequests().length - second, { timeout: 30_000 }).toBeGreaterThanOrEqual(10);
    await pushes.page
      .getByRole('status')
      .filter({ hasText: /not checked this time/ })
      .waitFor({ timeout: 30_000 });
    const next = listRequests().slice(second);
    expect(next.length).toBe(10);
    // Active page 1 again, then on from the last page the first opening read.
    expect(next.slice(0, 2)).toEqual(['active 1', first.at(-1)]);
    expect(new Set([...first, ...next]).size).toBe(first.length + next.length - 2);
    await pushes.page.close();
  });
});
