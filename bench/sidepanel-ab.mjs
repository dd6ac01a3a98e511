// Not the bench: two builds of the side panel in ONE browser, round by round, every mark of the
// panel (board, interactive) compared between them with quartiles, for a loaded machine where
// medians alone move by tens of ms (`node bench/sidepanel-ab.mjs <instrumented dir A> <instrumented dir B>`, each a copy of
// .output/bench/instrumented from `node -e "import('./bench/build.mjs').then((m) => m.buildBenchExtension())"`).
// On a loaded machine two separate runs differ by tens of ms; paired rounds in one browser do not.
// Prints each build's saved board − its own blank page, and A − B per round. BENCH_RUNS rounds (15).
import { cpSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadavg } from 'node:os';
import { launchBench } from './browser.mjs';
import { sleep, waitForMarks } from './marks.mjs';
import { configureExtension, startServers } from './servers.mjs';
import { inRotatedOrder, paired, summarize } from './stats.mjs';

/** Median, quartiles, min and max. */
function quartiles(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
  return { ...summarize(samples), q1: at(0.25), q3: at(0.75) };
}

const [aDir, bSrc] = process.argv.slice(2).map((dir) => resolve(dir));
const ROUNDS = Number(process.env.BENCH_RUNS) || 15;
// B's copy with its worker renamed: the harness finds each extension by its worker's file name.
const bDir = resolve('.output/bench/ab-b');
rmSync(bDir, { recursive: true, force: true });
cpSync(bSrc, bDir, { recursive: true });
renameSync(join(bDir, 'bench-background.js'), join(bDir, 'bench-background-b.js'));
const mf = JSON.parse(readFileSync(join(bDir, 'manifest.json'), 'utf8'));
mf.background.service_worker = 'bench-background-b.js';
writeFileSync(join(bDir, 'manifest.json'), JSON.stringify(mf));
const servers = await startServers();
const bench = await launchBench(aDir, { peer: { dir: bDir, workerScript: 'bench-background-b.js', popupPath: 'popup.html' } });
const load = [loadavg()];
try {
  for (const ext of [bench, bench.peer]) await configureExtension(await ext.worker(), servers);
  await sleep(2500);
  for (const page of bench.context.pages()) await page.close();
  for (const ext of [bench, bench.peer]) {
    const panel = await ext.open('sidepanel.html');
    await waitForMarks((e) => panel.evaluate(e), ['interactive', 'board']);
    await sleep(1500);
    await panel.close();
  }
  const kinds = [];
  for (const [tag, ext] of [
    ['A', bench],
    ['B', bench.peer],
  ]) {
    kinds.push({ key: `${tag}blank`, ext, path: 'blank.html', marks: ['interactive'] });
    kinds.push({ key: `${tag}panel`, ext, path: 'sidepanel.html', marks: ['interactive', 'board'], viewport: { width: 360, height: 760 } });
  }
  const m = Object.fromEntries(
    kinds.flatMap((k) => [
      [k.key, []],
      [`${k.key}I`, []],
    ]),
  );
  for (let round = 0; round < ROUNDS + 1; round++) {
    await inRotatedOrder(kinds, round, async (k) => {
      const page = await k.ext.open(k.path, { viewport: k.viewport });
      const marks = await waitForMarks((e) => page.evaluate(e), k.marks);
      await sleep(300);
      await page.close();
      if (round === 0) return;
      m[k.key].push(marks.board ?? marks.interactive);
      m[`${k.key}I`].push(marks.interactive);
    });
  }
  load.push(loadavg());
  const over = (a, b) => quartiles(paired(a, b, (x, y) => x - y));
  const f = (s) => `${s.median.toFixed(1)} [${s.q1.toFixed(1)} – ${s.q3.toFixed(1)}] (${s.min.toFixed(1)} – ${s.max.toFixed(1)})`;
  console.log(`rounds ${ROUNDS}; load ${load.map((l) => l.map((x) => x.toFixed(2)).join(' ')).join(' → ')}`);
  console.log('median [quartiles] (min – max), ms');
  console.log(`A blank ${f(quartiles(m.Ablank))}   B blank ${f(quartiles(m.Bblank))}`);
  console.log(`A board − A blank  ${f(over(m.Apanel, m.Ablank))}   interactive ${f(over(m.ApanelI, m.Ablank))}`);
  console.log(`B board − B blank  ${f(over(m.Bpanel, m.Bblank))}   interactive ${f(over(m.BpanelI, m.Bblank))}`);
  console.log(`A board − B board  ${f(over(m.Apanel, m.Bpanel))}`);
  console.log(`A interactive − B interactive  ${f(over(m.ApanelI, m.BpanelI))}`);
  console.log(
    `(A board − A blank) − (B board − B blank)  ${f(
      quartiles(
        paired(
          paired(m.Apanel, m.Ablank, (x, y) => x - y),
          paired(m.Bpanel, m.Bblank, (x, y) => x - y),
          (x, y) => x - y,
        ),
      ),
    )}`,
  );
  console.log(`A live − A board (same page)  ${f(over(m.ApanelI, m.Apanel))}`);
} finally {
  await bench.close();
  await servers.close();
}
