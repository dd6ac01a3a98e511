// Quick look while working on the side panel's first paint (not the bench): builds like the bench
// (or reuses .output/bench with --no-build), then opens the blank page, the popup and the side
// panel with a saved board as tabs, interleaved, and prints the medians over the blank page.
// BENCH_RUNS rounds (default 11).
import { until } from './browser.mjs';
import { launchBench } from './browser.mjs';
import { buildBenchExtension } from './build.mjs';
import { networkAnswers, sleep, waitForMarks } from './marks.mjs';
import { configureExtension, isAirportListRequest, startServers } from './servers.mjs';
import { inRotatedOrder, paired, summarize } from './stats.mjs';
import { resolve } from 'node:path';
import { loadavg } from 'node:os';
import { profileMarkdown, profilePopupOpening } from './profile.mjs';

const ROUNDS = Math.max(1, Number(process.env.BENCH_RUNS) || 11);
const dirFlag = process.argv.indexOf('--dir');
const dir =
  dirFlag > 0
    ? resolve(process.argv[dirFlag + 1])
    : process.argv.includes('--no-build')
      ? resolve('.output/bench/instrumented')
      : (await buildBenchExtension()).instrumentedDir;
const servers = await startServers();
const bench = await launchBench(dir);
const load = [loadavg()];
try {
  await configureExtension(await bench.worker(), servers);
  await until(() => bench.context.pages().some((page) => page.url().endsWith('/options.html')), { timeoutMs: 3000 }).catch(() => undefined);
  for (const page of bench.context.pages()) await page.close();
  const panel = await bench.open('sidepanel.html');
  await waitForMarks((e) => panel.evaluate(e), ['interactive', 'board']);
  await until(() => servers.airport.requests.some(isAirportListRequest));
  await sleep(1000);
  await panel.close();
  if (process.argv.includes('--profile')) {
    const rounds = Math.min(ROUNDS, 5);
    const profiles = {
      'blank page': await profilePopupOpening(bench, bench, { rounds, path: 'blank.html' }),
      'side panel': await profilePopupOpening(bench, bench, { rounds, path: 'sidepanel.html' }),
    };
    console.log(profileMarkdown(profiles, rounds));
    process.exit(0);
  }
  const kinds = {
    blank: ['blank.html', null],
    popup: ['popup.html', { width: 380, height: 640 }],
    panel: ['sidepanel.html', { width: 360, height: 760 }],
  };
  const m = { blank: [], popup: [], panelInteractive: [], panelBoard: [], before: [], listReq: [] };
  for (let round = 0; round < ROUNDS + 1; round++) {
    await inRotatedOrder(Object.entries(kinds), round, async ([name, [path, viewport]]) => {
      const listBefore = servers.airport.requests.filter(isAirportListRequest).length;
      const page = await bench.open(path, { viewport: viewport ?? undefined });
      const ev = (e) => page.evaluate(e);
      const marks = await waitForMarks(ev, name === 'panel' ? ['interactive', 'board'] : ['interactive']);
      await sleep(400);
      const answers = await networkAnswers(ev);
      await page.close();
      if (round === 0) return;
      if (name === 'panel') {
        m.panelInteractive.push(marks.interactive);
        m.panelBoard.push(marks.board);
        m.before.push(marks.board < Math.min(Infinity, ...answers) ? 1 : 0);
        m.listReq.push(servers.airport.requests.filter(isAirportListRequest).length - listBefore);
      } else m[name].push(marks.interactive);
    });
  }
  load.push(loadavg());
  const over = (a) => summarize(paired(a, m.blank, (x, y) => x - y));
  const f = (s) => `${s.median.toFixed(1)} (${s.min.toFixed(1)} – ${s.max.toFixed(1)})`;
  console.log(`rounds ${ROUNDS}; load ${load.map((l) => l.map((x) => x.toFixed(2)).join(' ')).join(' → ')}`);
  console.log(`blank                      ${f(summarize(m.blank))}`);
  console.log(`popup − blank              ${f(over(m.popup))}`);
  console.log(`panel interactive − blank  ${f(over(m.panelInteractive))}`);
  console.log(`panel board − blank        ${f(over(m.panelBoard))}`);
  console.log(`board before network: ${m.before.join('')}  list requests on reopen: ${m.listReq.join('')}`);
} finally {
  await bench.close();
  await servers.close();
}
