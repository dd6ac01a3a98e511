// An estimate, not the product: how far a popup whose form is in its HTML before any script runs
// would get (issue 13, section 3). `node bench/html-first-estimate.mjs` after `npm run bench` (it
// uses .output/bench/instrumented): the popup's own rendered markup is saved as static HTML with
// the Secret field disabled, and a small script reads the same settings as the popup before its
// first paint (instance, token, defaults, capabilities), sets the title, binds Push (its code
// loaded on demand) and enables the field. Measured in the same rounds as the popup and the blank
// page: JS heap after GC and navigation → interactive, each over the blank page. A lower bound:
// the real page would also need its texts per language in the HTML (or set by the script), the
// page's selection and URL, the kinds and the other views.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { launchBench } from './browser.mjs';
import { sleep, waitForMarks } from './marks.mjs';
import { configureExtension, startServers } from './servers.mjs';
import { inRotatedOrder, paired, summarize } from './stats.mjs';

const DIR = resolve('.output/bench/instrumented');
const ROUNDS = Math.max(1, Number(process.env.BENCH_RUNS) || 11);
const VIEWPORT = { width: 380, height: 640 };

const LIVE_SCRIPT = `// Bench-only estimate (bench/html-first-estimate.mjs).
const [local, session] = await Promise.all([
  chrome.storage.local.get(['instanceUrl', 'rememberToken', 'apiToken', 'pushDefaults', 'capabilities']),
  chrome.storage.session.get('apiToken'),
]);
document.title = chrome.i18n.getMessage('extName');
const form = document.querySelector('form');
const secret = document.querySelector('#secret');
form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const { push } = await import('/html-first-push.js');
  push(secret.value, local, session);
});
secret.disabled = false;
secret.focus();
`;

const servers = await startServers();
const bench = await launchBench(DIR);
try {
  await configureExtension(await bench.worker(), servers);
  await sleep(1500);
  for (const page of bench.context.pages()) await page.close();
  const markup = await renderedPopup(bench);
  writeFileSync(resolve(DIR, 'html-first-popup.html'), markup);
  writeFileSync(resolve(DIR, 'html-first-popup.js'), LIVE_SCRIPT);
  writeFileSync(resolve(DIR, 'html-first-push.js'), 'export function push() {}\n');
  const kinds = { blank: 'blank.html', popup: 'popup.html', htmlFirst: 'html-first-popup.html' };
  const heap = { blank: [], popup: [], htmlFirst: [] };
  const interactive = { blank: [], popup: [], htmlFirst: [] };
  for (let round = 0; round < ROUNDS + 1; round++) {
    await inRotatedOrder(Object.entries(kinds), round, async ([name, path]) => {
      const page = await bench.open(path, { viewport: VIEWPORT });
      const marks = await waitForMarks((expression) => page.evaluate(expression), ['interactive']);
      await sleep(600);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('HeapProfiler.collectGarbage');
      await cdp.send('HeapProfiler.collectGarbage');
      const { usedSize } = await cdp.send('Runtime.getHeapUsage');
      await cdp.detach();
      await page.close();
      if (round === 0) return;
      heap[name].push(usedSize);
      interactive[name].push(marks.interactive);
    });
  }
  const over = (a, b) => summarize(paired(a, b, (x, y) => x - y)).median;
  const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
  const ms = (v) => `${v >= 0 ? '+' : '−'}${Math.abs(v).toFixed(1)} ms`;
  console.log(`| ${ROUNDS} rounds, medians | Popup today | HTML-first estimate |
|---|---:|---:|
| HTML of the page | ${kB(readFileSync(resolve(DIR, 'popup.html')).length)} | ${kB(markup.length)} |
| JS heap after GC − blank page | ${kB(over(heap.popup, heap.blank))} | ${kB(over(heap.htmlFirst, heap.blank))} |
| Navigation → Secret field ready − blank page (tab) | ${ms(over(interactive.popup, interactive.blank))} | ${ms(over(interactive.htmlFirst, interactive.blank))} |`);
} finally {
  await bench.close();
  await servers.close();
}

/** The popup's markup once rendered, without its scripts, the Secret field disabled until the script runs. */
async function renderedPopup(bench) {
  const page = await bench.open('popup.html', { viewport: VIEWPORT });
  await waitForMarks((expression) => page.evaluate(expression), ['interactive']);
  await sleep(500);
  const html = await page.evaluate(() => {
    const root = document.documentElement.cloneNode(true);
    for (const element of root.querySelectorAll('script, link[rel="modulepreload"]')) element.remove();
    root.querySelector('#secret').setAttribute('disabled', '');
    return `<!doctype html>${root.outerHTML}`;
  });
  await page.close();
  return html.replace('<head>', '<head><script src="/bench-probe.js"></script><script type="module" src="/html-first-popup.js"></script>');
}
