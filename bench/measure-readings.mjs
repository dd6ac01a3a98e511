// The side panel's opening with the queue readings store full (lib/readings/store.ts: its cap of
// 20,000, eight weeks of every quarter hour) against a store holding only the readings of one
// opening, in two browsers side by side as measure-history-growth.mjs does, the openings taking turns.
// The readings feed "usual at this hour" and load after the first paint, so the saved board should be
// on screen as soon with a full store as with an empty one. `node bench/measure-readings.mjs` runs it alone.
import { launchBench, until } from './browser.mjs';
import { sleep, waitForMarks } from './marks.mjs';
import { configureExtension } from './servers.mjs';
import { inRotatedOrder } from './stats.mjs';

/** READINGS_CAP in lib/readings/store.ts. */
const FULL = 20_000;
/** Eight weeks of quarter hours: older readings are pruned, so no checkpoint holds more. */
const STEPS_KEPT = 8 * 7 * 96 - 96;
const SETTLE_MS = 1_000;
const VIEWPORT = { width: 360, height: 760 };

/**
 * @returns `few` and `full`: per opening, `board[]` (navigation → saved wait times on screen) and
 * `interactive[]`; `kept`: the readings each store held.
 */
export async function measureReadings(extensionDir, servers, { runs, warmups = 1 }) {
  const sizes = ['few', 'full'];
  const result = { few: { board: [], interactive: [] }, full: { board: [], interactive: [] }, kept: {} };
  const benches = {};
  try {
    for (const size of sizes) {
      const bench = await launchBench(extensionDir);
      benches[size] = bench;
      await configureExtension(await bench.worker(), servers);
      const panel = await bench.open('sidepanel.html', { viewport: VIEWPORT });
      await waitForMarks((expression) => panel.evaluate(expression), ['interactive', 'board']);
      // The first board from the network is kept as one reading per checkpoint: those are the pattern.
      await until(() => panel.evaluate(countReadings), { timeoutMs: 10_000, stepMs: 100 });
      const first = await panel.evaluate(countReadings);
      if (size === 'full') await panel.evaluate(fillReadings, { total: FULL - first, steps: STEPS_KEPT });
      result.kept[size] = await panel.evaluate(countReadings);
      await panel.close();
    }
    for (let round = 0; round < warmups + runs; round++) {
      await inRotatedOrder(sizes, round, async (size) => {
        const panel = await benches[size].open('sidepanel.html', { viewport: VIEWPORT });
        const marks = await waitForMarks((expression) => panel.evaluate(expression), ['interactive', 'board']);
        await sleep(SETTLE_MS);
        await panel.close();
        if (round < warmups) return;
        result[size].board.push(marks.board);
        result[size].interactive.push(marks.interactive);
      });
    }
  } finally {
    for (const bench of Object.values(benches)) await bench.close();
  }
  return result;
}

/** In an extension page: how many readings the database holds. */
async function countReadings() {
  const db = await new Promise((resolve, reject) => {
    const request = indexedDB.open('pushgate');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const count = await new Promise((resolve) => {
    const request = db.transaction('readings').objectStore('readings').count();
    request.onsuccess = () => resolve(request.result);
  });
  db.close();
  return count;
}

/**
 * In an extension page: the readings of each checkpoint already kept, repeated back in time one
 * quarter hour at a time on the airport's clock (Stockholm's, Arlanda's board): `total` more.
 */
async function fillReadings({ total, steps }) {
  const db = await new Promise((resolve, reject) => {
    const request = indexedDB.open('pushgate');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const patterns = await new Promise((resolve) => {
    const request = db.transaction('readings').objectStore('readings').getAll();
    request.onsuccess = () => resolve(request.result);
  });
  const clock = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Stockholm',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    weekday: 'short',
    hourCycle: 'h23',
  });
  const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  const perCheckpoint = Math.min(steps, Math.ceil(total / patterns.length));
  const tx = db.transaction('readings', 'readwrite');
  let written = 0;
  for (let back = 1; back <= perCheckpoint && written < total; back++) {
    for (const pattern of patterns) {
      if (written >= total) break;
      const at = pattern.at - back * 15 * 60_000;
      const parts = Object.fromEntries(clock.formatToParts(new Date(at)).map(({ type, value }) => [type, value]));
      const step = Number(parts.hour) * 4 + Math.floor(Number(parts.minute) / 15);
      const low = pattern.low + (back % 7);
      tx.objectStore('readings').put({
        ...pattern,
        date: `${parts.year}-${parts.month}-${parts.day}`,
        weekday: weekdays.indexOf(parts.weekday),
        step,
        at,
        low,
        high: pattern.high === null ? null : low + 5,
      });
      written += 1;
    }
  }
  await new Promise((resolve, reject) => {
    tx.oncomplete = resolve;
    tx.onerror = () => reject(tx.error);
  });
  db.close();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { buildBenchExtension } = await import('./build.mjs');
  const { startServers } = await import('./servers.mjs');
  const { summarize } = await import('./stats.mjs');
  const runs = Math.max(1, Number(process.env.BENCH_RUNS) || 11);
  const build = await buildBenchExtension();
  const servers = await startServers();
  try {
    const result = await measureReadings(build.instrumentedDir, servers, { runs: 2 * runs + 1 });
    const median = (samples) => summarize(samples).median;
    console.log(JSON.stringify({ ...result, ratio: median(result.full.board) / median(result.few.board) }, null, 1));
  } finally {
    await servers.close();
  }
}
