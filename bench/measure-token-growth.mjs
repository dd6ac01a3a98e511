// The Pushes page and the background with a token, at 10 and at 50,000 history entries, in two
// browsers side by side (one per size, each its own account on one reference server): whatever needs
// the pushes still open reads the `byOpen` index (lib/history/open-entries.ts), so nothing here should
// grow with the history. The large history is what a person's looks like after a long while: the same
// 10 open pushes as the small one, and 49,990 the state check has since seen expire (recently, so the
// sweep keeps them). Per size, in turns, round by round:
// - the Pushes page: navigation → its first row, and → the state check's "States checked" line;
// - a receipts poll in the service worker, from its alarm to its state being written, and the worker's heap
//   at its peak during the poll over its heap after a garbage collection before it;
// - a push from the popup, and the worker's heap at its peak from the click to 3 s after the link
//   (the look for copies after a push) over its heap before it.
// `node bench/measure-token-growth.mjs` runs it alone.
import { startPwpushServer } from '../test/servers/pwpush/server.mjs';
import { launchBench, until } from './browser.mjs';
import { DetachedTarget } from './detached-target.mjs';
import { sleep } from './marks.mjs';
import { inRotatedOrder } from './stats.mjs';

const OPEN = 10;
const LARGE = 50_000;
const DAY = 86_400_000;
const SETTLE_MS = 1_000;
const AFTER_PUSH_MS = 3_000;
const RECEIPTS_ALARM = 'pushgate-receipts';

/** @returns per size (`small`, `large`): `firstRow[]`, `statesKnown[]`, `receiptsPoll[]`, `receiptsHeap[]`, `pushHeap[]`. */
export async function measureTokenGrowth(extensionDir, { runs, warmups = 1 }) {
  const pwpush = await startPwpushServer({ throttle: false });
  const sizes = [
    { name: 'small', entries: OPEN, user: pwpush.users[0] },
    { name: 'large', entries: LARGE, user: pwpush.users[1] },
  ];
  const result = {};
  const benches = {};
  try {
    for (const { name, entries, user } of sizes) {
      result[name] = { firstRow: [], statesKnown: [], receiptsPoll: [], receiptsHeap: [], pushHeap: [] };
      const bench = await launchBench(extensionDir);
      benches[name] = bench;
      const now = Date.now();
      const open = pwpush.seed(
        Array.from({ length: OPEN }, (_, i) => ({
          owner: user.email,
          name: `Open ${i}`,
          createdAt: now - (i + 1) * 60_000,
          expireAfterViews: 5,
        })),
      );
      const worker = await bench.worker();
      await worker.evaluate((settings) => chrome.storage.local.set(settings), {
        instanceUrl: pwpush.url,
        apiToken: { origin: pwpush.url, token: user.token },
        rememberToken: true,
      });
      const seeder = await bench.open('pushes.html');
      await seeder.waitForSelector('[role="tabpanel"]');
      await seed(seeder, pwpush.url, open, entries, now);
      await seeder.close();
      for (const page of bench.context.pages()) if (!page.url().startsWith('about:')) await page.close();
      bench.workerTarget = await attachWorker(bench);
    }
    for (let round = 0; round < warmups + runs; round++) {
      await inRotatedOrder(sizes, round, async ({ name }) => {
        const bench = benches[name];
        const opening = await openPushesPage(bench);
        const poll = await receiptsPoll(bench);
        const pushHeap = await pushWorkerHeap(bench, `round ${round}`);
        if (round < warmups) return;
        const samples = result[name];
        samples.firstRow.push(opening.firstRow);
        samples.statesKnown.push(opening.statesKnown);
        samples.receiptsPoll.push(poll.ms);
        samples.receiptsHeap.push(poll.heap);
        samples.pushHeap.push(pushHeap);
      });
    }
  } finally {
    for (const bench of Object.values(benches)) {
      await bench.workerTarget?.close().catch(() => undefined);
      await bench.close();
    }
    await pwpush.close();
  }
  return result;
}

/** Navigation → first row, and → the state check's line, read on animation frames. */
async function openPushesPage(bench) {
  const page = await bench.open('pushes.html');
  const times = await page.evaluate(
    () =>
      new Promise((resolve) => {
        let firstRow;
        const frame = () => {
          firstRow ??= document.querySelector('tbody tr') ? performance.now() : undefined;
          const states = document.querySelector('.states-status')?.textContent ?? '';
          if (firstRow !== undefined && /^States checked with the server/.test(states))
            resolve({ firstRow, statesKnown: performance.now() });
          else requestAnimationFrame(frame);
        };
        frame();
      }),
  );
  await sleep(SETTLE_MS);
  await page.close();
  return times;
}

/** A DevTools session with the service worker (the bench's worker script), for its heap. */
async function attachWorker(bench) {
  const cdp = await bench.browser.newBrowserCDPSession();
  const script = new URL((await bench.worker()).url());
  const target = await until(async () => {
    const { targetInfos } = await cdp.send('Target.getTargets');
    return targetInfos.find((info) => info.type === 'service_worker' && info.url === script.href);
  });
  return DetachedTarget.attach(cdp, target.targetId);
}

/** Samples the worker's used heap every few ms while `during` runs: its peak over the heap after a collection before. */
async function peakHeap(bench, during) {
  const worker = bench.workerTarget;
  await worker.send('HeapProfiler.collectGarbage');
  const { usedSize: before } = await worker.send('Runtime.getHeapUsage');
  let peak = before;
  let done = false;
  const sampling = (async () => {
    while (!done) {
      const { usedSize } = await worker.send('Runtime.getHeapUsage');
      peak = Math.max(peak, usedSize);
      await sleep(5);
    }
  })();
  const value = await during().finally(() => {
    done = true;
  });
  await sampling;
  return { value, heap: peak - before };
}

/** One receipts poll, woken by its alarm as the schedule wakes it: ms to its state written, and its heap. */
async function receiptsPoll(bench) {
  const worker = await bench.worker();
  const { value: ms, heap } = await peakHeap(bench, () =>
    worker.evaluate(
      (name) =>
        new Promise((resolve) => {
          // The state is written at the poll's end, changed or not (storage.onChanged would miss an unchanged one).
          const apis = [globalThis.chrome, globalThis.browser].filter((api) => api?.storage?.local);
          const originals = apis.map((api) => api.storage.local.set);
          const started = performance.now();
          apis.forEach((api, index) => {
            api.storage.local.set = function (items, ...rest) {
              if (items && 'receiptsState' in items) {
                apis.forEach((other, at) => {
                  other.storage.local.set = originals[at];
                });
                resolve(performance.now() - started);
              }
              return originals[index].call(this, items, ...rest);
            };
          });
          chrome.alarms.create(name, { when: Date.now() });
        }),
      RECEIPTS_ALARM,
    ),
  );
  return { ms, heap };
}

/** A push from the popup (in a tab): the worker's heap from the click to a while after the link. */
async function pushWorkerHeap(bench, secret) {
  const popup = await bench.open('popup.html');
  await popup.getByRole('textbox', { name: 'Secret' }).fill(secret);
  const { heap } = await peakHeap(bench, async () => {
    await popup.getByRole('button', { name: 'Push', exact: true }).click();
    await popup.locator('.link-text').first().waitFor({ timeout: 30_000 });
    await sleep(AFTER_PUSH_MS);
  });
  await popup.close();
  return heap;
}

/** The open pushes `open` (newest first) and, for a large history, older entries known to be expired. */
async function seed(page, baseUrl, open, entries, now) {
  await page.evaluate(
    async ({ baseUrl, open, entries, now, day }) => {
      const db = await new Promise((resolve, reject) => {
        const request = indexedDB.open('pushgate');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      for (let start = 0; start < entries; start += 5_000) {
        const tx = db.transaction('history', 'readwrite');
        for (let i = start; i < Math.min(entries, start + 5_000); i++) {
          const recordedAt = now - (i + 1) * 60_000;
          const expired = i >= open.length;
          const urlToken = expired ? `gone${i}` : open[i];
          const entry = {
            baseUrl,
            urlToken,
            htmlUrl: expired ? '' : `${baseUrl}/p/${urlToken}`,
            kind: 'text',
            name: `${expired ? 'Gone' : 'Open'} ${i}`,
            createdAt: new Date(recordedAt).toISOString(),
            recordedAt,
            checkedAt: recordedAt,
            checkedVia: 'created',
            expireAfterDays: 7,
            expireAfterViews: 5,
            deletableByViewer: true,
            retrievalStep: false,
            passphraseProtected: false,
            expired,
            daysRemaining: 7,
            viewsRemaining: 5,
            withToken: true,
          };
          // The keys every write of the extension keeps (lib/history/sweep-key.ts, open-key.ts).
          if (expired) {
            entry.expiredAt = new Date(now - 5 * day).toISOString();
            entry.expiredSince = now - 5 * day;
          } else {
            entry.openKey = [baseUrl, 'lists', '', recordedAt];
          }
          tx.objectStore('history').put(entry);
        }
        await new Promise((resolve, reject) => {
          tx.oncomplete = resolve;
          tx.onerror = () => reject(tx.error);
        });
      }
      db.close();
    },
    { baseUrl, open, entries, now, day: DAY },
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { buildBenchExtension } = await import('./build.mjs');
  const { summarize } = await import('./stats.mjs');
  const runs = Math.max(1, Number(process.env.BENCH_RUNS) || 11);
  const build = await buildBenchExtension();
  const measured = await measureTokenGrowth(build.instrumentedDir, { runs });
  const median = (samples) => summarize(samples).median;
  const figures = {};
  for (const key of Object.keys(measured.small)) {
    figures[key] = {
      small: median(measured.small[key]),
      large: median(measured.large[key]),
      ratio: median(measured.large[key]) / median(measured.small[key]),
    };
  }
  console.log(JSON.stringify({ runs, figures, measured }, null, 1));
}
