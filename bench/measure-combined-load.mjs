// Everything Pushgate asks of one instance at once, with the real budget (the bench's build:
// bench/build.mjs) against a reference server with Password Pusher's real throttle (120 a minute, 60
// a second per IP: docs/password-pusher.md#throttling): receipts for 500 watched pushes, two Pushes
// pages' openings, a lockdown of 1,000 pushes and a push by the person, counted from the server's
// log (docs/performance.md, rule 23). The person's push is timed alone first, then once the lockdown
// has run a minute. It takes the lockdown's ten minutes. `node bench/measure-combined-load.mjs` runs it alone.
import { startPwpushServer } from '../test/servers/pwpush/server.mjs';
import { busiestWindow } from '../test/servers/pwpush/request-windows.mjs';
import { launchBench, until } from './browser.mjs';
import { sleep } from './marks.mjs';

const TARGETS = 1_000;
const WATCHED = 500;
const ALONE = 3;
const MINUTE_MS = 60_000;
const RECEIPTS_ALARM = 'pushgate-receipts';

/**
 * @returns `busiestMinute`, `busiestSecond`, `throttled` (429s), `pushAlone` (ms, each), `pushUnderLoad`
 * (ms), `lockdownMs` and `requests`, each in an array of one run.
 */
export async function measureCombinedLoad(extensionDir) {
  const pwpush = await startPwpushServer();
  const bench = await launchBench(extensionDir);
  try {
    const alice = pwpush.users[0];
    const worker = await bench.worker();
    await worker.evaluate((settings) => chrome.storage.local.set(settings), {
      instanceUrl: pwpush.url,
      apiToken: { origin: pwpush.url, token: alice.token },
      rememberToken: true,
    });
    const now = Date.now();
    const tokens = pwpush.seed(
      Array.from({ length: TARGETS }, (_, i) => ({
        owner: alice.email,
        name: `Push ${i}`,
        createdAt: now - (i + 1) * 60_000,
        expireAfterViews: 5,
      })),
    );
    const seeder = await bench.open('pushes.html');
    await seeder.waitForSelector('[role="tabpanel"]');
    await seedHistory(seeder, pwpush.url, tokens.slice(0, WATCHED), now);
    await seeder.close();
    for (const page of bench.context.pages()) if (!page.url().startsWith('about:')) await page.close();

    const pushAlone = [];
    for (let i = 0; i < ALONE; i++) pushAlone.push(await personPushes(bench, `alone ${i}`));
    // The Pushes page's check of the seeding and these pushes out of the minute the load is counted in.
    await sleep(MINUTE_MS);
    const from = pwpush.requests.length;
    const started = Date.now();

    await worker.evaluate((name) => chrome.alarms.create(name, { when: Date.now() }), RECEIPTS_ALARM);
    const pages = [await bench.open('pushes.html'), await bench.open('pushes.html')];
    const page = await bench.open('pushes.html#lockdown');
    await page.getByRole('dialog', { name: 'Start a lockdown?' }).getByRole('button', { name: 'Start lockdown' }).click();
    await sleep(MINUTE_MS);
    const pushUnderLoad = await personPushes(bench, 'under load');
    await page.locator('.lockdown-report').waitFor({ timeout: 30 * MINUTE_MS });
    const lockdownMs = Date.now() - started;
    for (const opened of [...pages, page]) await opened.close();

    const log = pwpush.requests.slice(from);
    return {
      busiestMinute: [busiestWindow(log, MINUTE_MS)],
      busiestSecond: [busiestWindow(log, 1_000)],
      throttled: [log.filter((request) => request.status === 429).length],
      pushAlone,
      pushUnderLoad: [pushUnderLoad],
      lockdownMs: [lockdownMs],
      requests: [log.length],
    };
  } finally {
    await bench.close();
    await pwpush.close();
  }
}

/** A typed secret pushed from the popup (in a tab): ms from the click on Push to the link shown. */
async function personPushes(bench, secret) {
  const popup = await bench.open('popup.html');
  await popup.getByRole('textbox', { name: 'Secret' }).fill(secret);
  const button = popup.getByRole('button', { name: 'Push', exact: true });
  await button.waitFor();
  const ms = await button.evaluate(
    (push) =>
      new Promise((resolve) => {
        const shown = () => document.querySelector('.link-text')?.textContent?.trim();
        const observer = new MutationObserver(() => {
          if (shown()) {
            observer.disconnect();
            resolve(performance.now() - clicked);
          }
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        const clicked = performance.now();
        push.click();
      }),
  );
  await until(async () => (await popup.locator('.link-text').count()) > 0);
  await popup.close();
  return ms;
}

/** `tokens` as pushed from this browser with the token, newest first: the receipts watch them. */
async function seedHistory(page, baseUrl, tokens, now) {
  await page.evaluate(
    async ({ baseUrl, tokens, now }) => {
      const db = await new Promise((resolve, reject) => {
        const request = indexedDB.open('pushgate');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const tx = db.transaction('history', 'readwrite');
      tokens.forEach((urlToken, index) => {
        const recordedAt = now - (index + 1) * 60_000;
        tx.objectStore('history').put({
          baseUrl,
          urlToken,
          htmlUrl: `${baseUrl}/p/${urlToken}`,
          kind: 'text',
          name: `Push ${index}`,
          createdAt: new Date(recordedAt).toISOString(),
          recordedAt,
          checkedAt: recordedAt,
          checkedVia: 'created',
          expireAfterDays: 7,
          expireAfterViews: 5,
          deletableByViewer: true,
          retrievalStep: false,
          passphraseProtected: false,
          expired: false,
          daysRemaining: 7,
          viewsRemaining: 5,
          withToken: true,
          // The open pushes' index key every write of the extension keeps (lib/history/open-key.ts).
          openKey: [baseUrl, 'lists', '', recordedAt],
        });
      });
      await new Promise((resolve, reject) => {
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    },
    { baseUrl, tokens, now },
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { buildBenchExtension } = await import('./build.mjs');
  const build = await buildBenchExtension();
  console.log(JSON.stringify(await measureCombinedLoad(build.instrumentedDir), null, 1));
}
