// What the bench measured, as table rows, and bench/results.md around the table.
import { paired } from './stats.mjs';

const SURFACE_LABELS = { popup: 'Popup', options: 'Options page', sidepanel: 'Side panel', pushes: 'Pushes page' };
const FILE_LABELS = {
  ...SURFACE_LABELS,
  popupAfterPush: 'Popup, loaded on demand until the link of a push',
  popupOlderChrome: 'Popup on Chrome < 148 (no `browser` namespace)',
};
const diff = (a, b) => paired(a, b, (x, y) => x - y);
const ratio = (a, b) => paired(a, b, (x, y) => x / y);

/** The rows of the table, in order. `background` is `backgroundBytes()`. */
export function collectMetrics({ bytes, interactive: i, push, heap, worker }, background) {
  const metrics = [];
  const add = (id, label, unit, samples = []) => metrics.push({ id, label, unit, samples });

  for (const [surface, label] of Object.entries(SURFACE_LABELS)) {
    const runs = bytes.samples[surface];
    add(`bytes.${surface}.raw`, `${label}: bytes loaded, raw (HTML, JS, CSS, images)`, 'bytes', runs.map((r) => r.raw));
    add(`bytes.${surface}.gzip`, `${label}: bytes loaded, gzip`, 'bytes', runs.map((r) => r.gzip));
    add(`bytes.${surface}.jsGzip`, `${label}: JavaScript, gzip`, 'bytes', runs.map((r) => r.jsGzip));
  }
  const afterPush = bytes.samples.popupAfterPush;
  add('bytes.popupAfterPush.raw', 'Popup: loaded on demand, typing and pushing until the link (not in the opening bytes), raw', 'bytes', afterPush.map((r) => r.raw));
  add('bytes.popupAfterPush.jsGzip', 'Popup: loaded on demand until the link, JavaScript, gzip', 'bytes', afterPush.map((r) => r.jsGzip));
  add(
    'bytes.popupOlderChrome.raw',
    'Popup on Chrome < 148 (no `browser` namespace, so webextension-polyfill loads too): bytes loaded, raw',
    'bytes',
    bytes.samples.popupOlderChrome.map((r) => r.raw),
  );
  add('bytes.background.raw', 'Background script, raw', 'bytes', [background.raw]);
  add('bytes.background.gzip', 'Background script, gzip', 'bytes', [background.gzip]);

  add('interactive.blankTab', 'Blank extension page (tab): navigation → interactive', 'ms', i.blankTab.interactive);
  add('interactive.popupTab', 'Popup (tab): navigation → Secret field ready', 'ms', i.popupTab.interactive);
  add('interactive.popupTab.firstRender', 'Popup (tab): navigation → first render (code loaded and run)', 'ms', i.popupTab.firstRender);
  add('interactive.popupTab.diff', 'Popup (tab) − blank page (tab)', 'diff', diff(i.popupTab.interactive, i.blankTab.interactive));
  add('interactive.popupTab.ratio', 'Popup (tab) ÷ blank page (tab)', 'ratio', ratio(i.popupTab.interactive, i.blankTab.interactive));
  add('interactive.blankToolbar', 'Blank extension page (toolbar popup): navigation → interactive', 'ms', i.blankToolbar.interactive);
  add('interactive.popupToolbar', 'Popup (toolbar popup): navigation → Secret field ready', 'ms', i.popupToolbar.interactive);
  add('interactive.popupToolbar.firstRender', 'Popup (toolbar popup): navigation → first render', 'ms', i.popupToolbar.firstRender);
  add('interactive.popupToolbar.diff', 'Popup (toolbar) − blank page (toolbar)', 'diff', diff(i.popupToolbar.interactive, i.blankToolbar.interactive));
  add('interactive.popupToolbar.ratio', 'Popup (toolbar) ÷ blank page (toolbar)', 'ratio', ratio(i.popupToolbar.interactive, i.blankToolbar.interactive));
  add('interactive.sidepanelTab', 'Side panel (tab): navigation → Airport field ready', 'ms', i.sidepanelTab.interactive);
  add('interactive.sidepanelTab.firstRender', 'Side panel (tab): navigation → first render', 'ms', i.sidepanelTab.firstRender);
  add('interactive.sidepanelTab.diff', 'Side panel − blank page (tab)', 'diff', diff(i.sidepanelTab.interactive, i.blankTab.interactive));
  add('interactive.sidepanelTab.ratio', 'Side panel ÷ blank page (tab)', 'ratio', ratio(i.sidepanelTab.interactive, i.blankTab.interactive));

  add('sidepanel.board', 'Side panel, board saved: navigation → wait times on screen', 'ms', i.sidepanelTab.board);
  add('sidepanel.board.diff', 'Side panel saved wait times − blank page (tab)', 'diff', diff(i.sidepanelTab.board, i.blankTab.interactive));
  add('sidepanel.firstAnswer', 'Side panel: first network answer complete (runs with one)', 'ms', i.sidepanelTab.firstAnswer);
  add('sidepanel.board.margin', 'Side panel: first network answer − saved wait times on screen', 'diff', i.sidepanelTab.margin);
  add('sidepanel.board.beforeNetwork', 'Side panel: saved wait times shown before any network answer', 'yes', i.sidepanelTab.beforeNetwork);

  add('push.clickToLink', 'Click on Push → link on screen (local server)', 'ms', push.clickToLink);
  add('push.clickToRequest', '… of which click → request sent', 'ms', push.clickToRequest);
  add('push.answerToLink', '… of which answer received → link on screen', 'ms', push.answerToLink);
  add('requests.push', 'Requests per push (instance configured)', 'count', push.requests);
  add('requests.popupOpen', 'Requests when the popup opens (tab and toolbar)', 'count', i.popupOpenRequests);
  add('requests.airportListReopen', 'Airport-list requests when the side panel opens again', 'count', i.airportListRequests);

  add('worker.scriptStart', 'Service worker: start → script runs', 'ms', worker.scriptStart);
  add('worker.menus', 'Service worker: start → menus registered (install)', 'ms', worker.menusRegistered);

  add('heap.blank', 'JS heap after GC: blank page', 'heap', heap.blank);
  add('heap.popup.diff', 'JS heap after GC: popup − blank page', 'heap', diff(heap.popup, heap.blank));
  add('heap.sidepanel.diff', 'JS heap after GC: side panel − blank page', 'heap', diff(heap.sidepanel, heap.blank));
  return metrics;
}

/** bench/results.md: how it was measured, the table, and what each surface loads. */
export function resultsDocument({ markdown, missed, measured, environment, options }) {
  const load = (l) => l.map((v) => v.toFixed(2)).join(' ');
  const files = Object.entries(measured.bytes.files)
    .map(([surface, list]) => `- ${FILE_LABELS[surface]}: ${list.join(', ')}`)
    .join('\n');
  const mismatches = measured.bytes.mismatches.length
    ? `Network sizes that differed from the file served (the build's file is counted): ${measured.bytes.mismatches.join('; ')}.`
    : 'Every network size (`encodedDataLength`) equalled the size of the file served.';
  return `# Pushgate benchmark results

Written by \`npm run bench\` (bench/run.mjs) on ${new Date().toISOString()}. Commit it with each change that moves a figure.

- Browser: Debian Chromium ${measured.browserVersion}, headless, with the extension loaded; Node ${environment.node}; ${environment.cpu};
  load average ${load(environment.loadBefore)} before, ${load(environment.loadAfter)} after.
- Extension: the production build (\`wxt build\`, mode production, minified), with the loopback hosts granted as in
  \`npm run build:test\`, built to .output/bench/chrome-mv3. The browser loads a copy (.output/bench/instrumented) that adds
  only bench files: \`blank.html\` (the blank extension page), \`bench-probe.js\` (the first script of blank.html, popup.html
  and sidepanel.html: notes milestone times) and \`bench-background.js\` (the service worker: notes menu registration, then
  runs background.js). Byte counts leave those out.
- Each figure: median, min and max of ${options.runs} runs (after ${options.warmups} discarded warm-up round), interleaved
  where compared; differences and ratios are taken per round, then summarised. Byte counts are the same in every run; the
  background script is counted once, from the build. kB = 1000 bytes.

Budgets missed: ${missed.length ? missed.map((id) => `\`${id}\``).join(', ') : 'none'}.

${markdown}

## How each figure is measured

- Bytes: a tab of each surface with the DevTools protocol's network events on; every chrome-extension:// file that finishes
  loading until the page is quiet for 500 ms, counted at its \`Network.loadingFinished.encodedDataLength\`. Gzip: each file
  on its own at level 9 (zlib). JavaScript: the .js files among them. Popup on demand: in a popup tab opened and quiet,
  the files loaded from typing a secret and clicking Push until the page is quiet again after the link is shown. Background: the manifest's service worker and the files
  it imports, from the build. ${mismatches}
- webextension-polyfill: Chromium ${measured.browserVersion.split('.')[0]} has the \`browser\` namespace (Chrome 148+), so pages here use it as
  it is and load no polyfill (lib/browser-namespace.ts); the service worker bundles it. "Popup on Chrome < 148" opens the
  popup with \`browser\` deleted before any script runs, as older Chrome has it: the page then loads the polyfill as well.
- Navigation → interactive: \`performance.now()\` (ms since navigation start) in the page, when a MutationObserver first sees
  the first form control present and enabled (popup: the Secret field; side panel: the Airport field; blank page: its one
  input). Tabs are opened by Playwright; the toolbar popup by \`chrome.action.openPopup()\` from the service worker over a
  web page tab, read through the DevTools protocol. The toolbar baseline is blank.html shown as the toolbar popup
  (\`action.setPopup\`).
- Side panel, saved board: the ARN board is saved by a first opening; each measured opening notes when the first queue is
  in the DOM, and compares it with the page's network answers (resource timing \`responseEnd\`, after 400 ms).
- Click → link: the click event's time stamp on the Push button → \`.link-text\` in the DOM, popup in a tab, capabilities
  cached. The click is a plain mouse click at the button's centre (\`page.mouse.click\`), sent right after the secret is
  filled in: Playwright's \`page.click\` runs its actionability checks and hit-target listeners inside the page, on the
  popup's main thread, and measured that way the same build took about 1.5 ms more at the median (paired, 40 pushes).
- Requests: from the reference servers' request logs, per opening (including 400 ms after the control is ready) or per push.
- Service worker: a fresh profile per run (menus are created on install); \`contextMenus.create\` callbacks, in
  \`performance.now()\` of the worker (0 = the worker's time origin).
- JS heap: \`HeapProfiler.collectGarbage\` twice, then \`Runtime.getHeapUsage().usedSize\`, 600 ms after the page is ready,
  with that page the only extension page open (extension pages share one renderer process and JS heap).

## Files each surface loads

${files}
`;
}
