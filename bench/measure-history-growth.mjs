// The Pushes page's first row of "This browser" at 10 and at 50,000 history entries, in two browsers
// side by side, one per size: the page reads one page of the history with an index cursor (lib/history/read-page.ts),
// so the ratio should stay near 1 however long the history is. The history is written straight into
// the extension's IndexedDB from one of its pages, every tenth entry expired (recently, so the sweep
// keeps it), then the page is opened `runs` times per size, the sizes taking turns, each opening left
// to finish its work before the next. The time is navigation → the first row drawn, read on an animation frame. `node bench/measure-history-growth.mjs` runs it alone.
import { launchBench } from './browser.mjs';
import { inRotatedOrder } from './stats.mjs';

const SMALL = 10;
const LARGE = 50_000;
const DAY = 86_400_000;
const SETTLE_MS = 1_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Each size has a browser (a profile) of its own, and the openings take turns round by round, in an
 * order rotated every round: opened one size after the other, the ratio followed the machine's
 * drift between the two halves (×1.21 and ×0.79 in two runs of the same code).
 * @returns `small[]` and `large[]`: ms from navigation to the first row, per opening.
 */
export async function measureHistoryGrowth(extensionDir, { runs, warmups = 1 }) {
  const sizes = [
    { name: 'small', entries: SMALL },
    { name: 'large', entries: LARGE },
  ];
  const result = { small: [], large: [] };
  const benches = {};
  try {
    for (const { name, entries } of sizes) {
      const bench = await launchBench(extensionDir);
      benches[name] = bench;
      // The page opens (and creates) the database; the entries go in beside its connection.
      const seeder = await bench.open('pushes.html');
      await seeder.waitForSelector('[role="tabpanel"]');
      await seed(seeder, 0, entries);
      await seeder.close();
    }
    for (let round = 0; round < warmups + runs; round++) {
      await inRotatedOrder(sizes, round, async ({ name }) => {
        const at = await firstRow(benches[name]);
        if (round >= warmups) result[name].push(at);
      });
    }
  } finally {
    for (const bench of Object.values(benches)) await bench.close();
  }
  return result;
}

async function firstRow(bench) {
  const page = await bench.open('pushes.html');
  const handle = await page.waitForFunction(() => (document.querySelector('tbody tr') ? performance.now() : false), null, {
    polling: 'raf',
    timeout: 60_000,
  });
  const at = await handle.jsonValue();
  // The page counts the history after its rows (lib/history/read-page.ts): let it finish, or the
  // next opening would wait behind this one's count in the browser's IndexedDB backend.
  await sleep(SETTLE_MS);
  await page.close();
  return at;
}

/** Entries `from` … `to` − 1, newest last, in transactions of 5,000. */
async function seed(page, from, to) {
  await page.evaluate(
    async ({ from, to, day }) => {
      const db = await new Promise((resolve, reject) => {
        const request = indexedDB.open('pushgate');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const now = Date.now();
      for (let start = from; start < to; start += 5_000) {
        const tx = db.transaction('history', 'readwrite');
        for (let i = start; i < Math.min(to, start + 5_000); i++) {
          const recordedAt = now - (to - i) * 1_000;
          const expired = i % 10 === 0;
          const entry = {
            baseUrl: 'https://pwpush.example',
            urlToken: `bench${i}`,
            htmlUrl: expired ? '' : `https://pwpush.example/p/bench${i}`,
            kind: 'text',
            name: `Bench push ${i}`,
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
          };
          if (expired) {
            entry.expiredAt = new Date(now - 5 * day).toISOString();
            entry.expiredSince = now - 5 * day;
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
    { from, to, day: DAY },
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { buildBenchExtension } = await import('./build.mjs');
  const { summarize } = await import('./stats.mjs');
  const runs = Math.max(1, Number(process.env.BENCH_RUNS) || 11);
  const build = await buildBenchExtension();
  const { small, large } = await measureHistoryGrowth(build.instrumentedDir, { runs });
  const median = (samples) => summarize(samples).median;
  console.log(JSON.stringify({ runs, small, large, ratio: median(large) / median(small) }, null, 1));
}
