// `npm run bench`: builds the production extension, measures it in Debian Chromium against the
// local reference servers, prints one table, writes it to bench/results.md, and exits non-zero
// when a budget is missed. A benchmark, not a test: it is not part of `npm test`, and its timings
// mean something only on a quiet machine. BENCH_RUNS (default 11, at least 9) sets the runs.
import { cpus, loadavg } from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { launchBench, until } from './browser.mjs';
import { buildBenchExtension } from './build.mjs';
import { sleep, waitForMarks } from './marks.mjs';
import { backgroundBytes, measureSurfaceBytes } from './measure-bytes.mjs';
import { measureHeap } from './measure-heap.mjs';
import { measureInteractive } from './measure-interactive.mjs';
import { measurePush } from './measure-push.mjs';
import { measureWorkerStartup } from './measure-worker.mjs';
import { collectMetrics, resultsDocument } from './report.mjs';
import { configureExtension, isAirportListRequest, startServers } from './servers.mjs';
import { renderTable } from './table.mjs';

const runs = Math.max(9, Number(process.env.BENCH_RUNS) || 11);
/** Discarded first rounds: the very first opening also pays for compiling the code once. */
const warmups = 1;
const options = { runs, warmups };
const step = (text) => process.stderr.write(`bench: ${text}\n`);

step('building the production extension (.output/bench)');
const build = await buildBenchExtension();
const environment = { loadBefore: loadavg(), cpu: `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}`, node: process.version };
const servers = await startServers();
let measured;
try {
  measured = await measurePages(build, servers);
  step(`service-worker start-up (${runs} fresh profiles)`);
  measured.worker = await measureWorkerStartup(build.instrumentedDir, options);
} finally {
  await servers.close();
}
environment.loadAfter = loadavg();

const metrics = collectMetrics(measured, backgroundBytes(build.productDir, build.manifest));
const { markdown, missed } = renderTable(metrics);
writeFileSync(resolve('bench/results.md'), resultsDocument({ markdown, missed, measured, environment, options }));
// Every sample, for a closer look; not committed (.output is ignored).
mkdirSync(resolve('.output/bench'), { recursive: true });
writeFileSync(resolve('.output/bench/samples.json'), JSON.stringify({ environment, metrics }, null, 1));
console.log(markdown);
if (missed.length) console.error(`\nMissed budgets: ${missed.join(', ')}`);
console.error('Written to bench/results.md (every sample: .output/bench/samples.json)');
process.exitCode = missed.length ? 1 : 0;

/** Everything measured in one browser: bytes, interactive times, pushes, heap. */
async function measurePages(build, servers) {
  const bench = await launchBench(build.instrumentedDir);
  try {
    const browserVersion = bench.context.browser().version();
    const targetPage = await prepare(bench, servers);
    step(`bytes per surface (${runs} runs)`);
    const bytes = await measureSurfaceBytes(bench, build, runs);
    step(`navigation → interactive, interleaved (${warmups} + ${runs} rounds)`);
    const interactive = await measureInteractive(bench, servers, targetPage, options);
    step(`click on Push → link (${warmups} + ${runs} pushes)`);
    const push = await measurePush(bench, servers, options);
    step(`JS heap after garbage collection (${warmups} + ${runs} rounds)`);
    const heap = await measureHeap(bench, options);
    return { browserVersion, bytes, interactive, push, heap };
  } finally {
    await bench.close();
  }
}

/**
 * Configures the instance and the airport API, then opens the popup and the side panel once, so
 * that the capabilities, the airport list and the ARN board are saved: the state of a person who
 * has used the extension before. Leaves one tab open: a web page, the toolbar popup's target.
 */
async function prepare(bench, servers) {
  await configureExtension(await bench.worker(), servers);
  // The first install opens the options page (nothing was configured yet): wait for it, then close it.
  await until(() => bench.context.pages().some((page) => page.url().endsWith('/options.html')), { timeoutMs: 3000 }).catch(() => undefined);
  const targetPage = await bench.context.newPage();
  await targetPage.goto(servers.targetPageUrl);
  for (const page of bench.context.pages()) if (page !== targetPage) await page.close();

  const popup = await bench.open('popup.html');
  await waitForMarks((expression) => popup.evaluate(expression), ['interactive']);
  await until(() => servers.pwpush.requests.some((r) => r.path === '/api/v2/version'));
  await sleep(300);
  await popup.close();
  const panel = await bench.open('sidepanel.html');
  await waitForMarks((expression) => panel.evaluate(expression), ['interactive', 'board']);
  await until(() => servers.airport.requests.some(isAirportListRequest));
  await sleep(1000);
  await panel.close();
  return targetPage;
}
