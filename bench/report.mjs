// What the bench measured, as table rows, and bench/results.md around the table.
import { basename } from 'node:path';
import { addPackageTargets, addPackageTimes } from './report-packages.mjs';
import { paired, summarize } from './stats.mjs';

const SURFACE_LABELS = { popup: 'Popup', options: 'Options page', sidepanel: 'Side panel', pushes: 'Pushes page' };
const FILE_LABELS = {
  ...SURFACE_LABELS,
  popupAfterPush: 'Popup, loaded on demand until the link of a push',
  popupOlderChrome: 'Popup on Chrome < 148 (no `browser` namespace)',
};
const diff = (a, b) => paired(a, b, (x, y) => x - y);
const ratio = (a, b) => paired(a, b, (x, y) => x / y);
const median = (samples) => summarize(samples).median;
/**
 * One ratio of two medians (per-round ratios of differences near zero would swing wildly). A
 * yardstick at or below zero gives no ratio, and so no pass.
 */
/** One difference of two medians, as the heaps' growth is judged (a ratio of two near-zero heaps means nothing). */
const differenceOfMedians = (a, b) => (a?.length && b?.length ? [median(a) - median(b)] : []);
const ratioOfMedians = (a, b) => (a?.length && b?.length && median(b) > 0 ? [median(a) / median(b)] : []);

/**
 * The rows of the table, in order. `background` is `backgroundBytes()`. `peer` rows carry the
 * official extension's samples beside Pushgate's when a peer was measured.
 */
export function collectMetrics(measured, background) {
  const {
    bytes,
    interactive: i,
    push,
    urlPush,
    farUrlPush,
    heap,
    worker,
    peerBytes,
    receipts,
    historyGrowth,
    tokenGrowth,
    combinedLoad,
  } = measured;
  const metrics = [];
  const add = (id, label, unit, samples = [], peer = undefined) => metrics.push({ id, label, unit, samples, peer });
  const hasPeer = Boolean(peerBytes);

  const popupTabDiff = diff(i.popupTab.interactive, i.blankTab.interactive);
  const popupToolbarDiff = diff(i.popupToolbar.interactive, i.blankToolbar.interactive);
  const peerTabDiff = hasPeer ? diff(i.peerPopupTab.interactive, i.peerBlankTab.interactive) : undefined;
  const peerToolbarDiff = hasPeer ? diff(i.peerPopupToolbar.interactive, i.peerBlankToolbar.interactive) : undefined;
  const heapDiff = diff(heap.popup, heap.blank);
  const peerHeapDiff = hasPeer ? diff(heap.peerPopup, heap.peerBlank) : undefined;
  const boardDiff = diff(i.sidepanelTab.board, i.blankTab.interactive);
  const sidepanelDiff = diff(i.sidepanelTab.interactive, i.blankTab.interactive);
  const sidepanelCphDiff = diff(i.sidepanelCphTab.interactive, i.blankTab.interactive);

  // The targets first, then everything behind them.
  const peerBytesOf = (key) => peerBytes?.samples.map((r) => r[key]);
  add(
    'bytes.popup.raw',
    'Popup at open: bytes loaded, raw (HTML, JS, CSS, images)',
    'bytes',
    bytes.samples.popup.map((r) => r.raw),
    peerBytesOf('raw'),
  );
  add(
    'bytes.popup.jsGzip',
    'Popup at open: JavaScript, gzip',
    'bytes',
    bytes.samples.popup.map((r) => r.jsGzip),
    peerBytesOf('jsGzip'),
  );
  add('ratio.popupTab', 'Popup (tab) interactive − blank page: Pushgate ÷ official', 'ratio', ratioOfMedians(popupTabDiff, peerTabDiff));
  add(
    'ratio.popupToolbar',
    'Popup (toolbar) interactive − blank page: Pushgate ÷ official',
    'ratio',
    ratioOfMedians(popupToolbarDiff, peerToolbarDiff),
  );
  add(
    'ratio.urlPush',
    'Click → link, URL push (toolbar popup): Pushgate ÷ official',
    'ratio',
    ratioOfMedians(urlPush.pushgate.clickToLink, urlPush.peer?.clickToLink),
  );
  add(
    'ratio.farUrlPush',
    'Click → link, URL push (toolbar popup), instance 40 ms away and no connection open: Pushgate ÷ official',
    'ratio',
    ratioOfMedians(farUrlPush?.pushgate.clickToLink, farUrlPush?.peer?.clickToLink),
  );
  add('ratio.heap', 'JS heap after GC, popup − blank page: Pushgate ÷ official', 'ratio', ratioOfMedians(heapDiff, peerHeapDiff));
  add(
    'ratio.workerStart',
    'Service worker start → its script has run: Pushgate ÷ official',
    'ratio',
    ratioOfMedians(worker.scriptEnd, worker.peerScriptEnd),
  );
  add(
    'ratio.sidepanelInteractive',
    'Side panel (tab) interactive − blank page ÷ popup (tab) interactive − blank page, same rounds',
    'ratio',
    ratioOfMedians(sidepanelDiff, popupTabDiff),
  );
  add(
    'ratio.sidepanelCphInteractive',
    'Side panel on Copenhagen (its website feed) interactive − blank page ÷ popup (tab) interactive − blank page, same rounds',
    'ratio',
    ratioOfMedians(sidepanelCphDiff, popupTabDiff),
  );
  add('requests.popupOpen', 'Requests when the popup opens (tab and toolbar)', 'count', i.popupOpenRequests, i.peerPopupOpenRequests);
  add('requests.urlPush', 'Requests that make a URL push', 'count', urlPush.pushgate.creates, urlPush.peer?.creates);
  add('requests.push', 'Requests that make a typed-secret push (instance configured)', 'count', push.creates);
  add(
    'requests.pushLookups',
    'Requests after the link, per push: the look for copies the network made (with a token)',
    'count',
    push.lookups,
  );
  add('requests.airportListReopen', 'Airport-list requests when the side panel opens again', 'count', i.airportListRequests);
  add('requests.receiptsPoll', 'Read receipts: requests per poll, 10 watched pushes, none opened', 'count', receipts?.perPoll);
  add('requests.receiptsHour', 'Read receipts: requests per hour, 10 watched pushes in their first hour', 'count', receipts?.firstHour);
  add('requests.receiptsHourDay', 'Read receipts: requests per hour, 10 watched pushes 1–24 hours old', 'count', receipts?.firstDay);
  add('requests.receiptsHourLater', 'Read receipts: requests per hour, 10 watched pushes older than a day', 'count', receipts?.later);
  add(
    'ratio.historyFirstRows',
    'Pushes page, navigation → first row of "This browser": 50,000 entries ÷ 10',
    'ratio',
    ratioOfMedians(historyGrowth?.large, historyGrowth?.small),
  );
  const token = (key) => [tokenGrowth?.large[key], tokenGrowth?.small[key]];
  add(
    'ratio.tokenFirstRows',
    'With a token, Pushes page, navigation → first row: 50,000 entries ÷ 10',
    'ratio',
    ratioOfMedians(...token('firstRow')),
  );
  add(
    'ratio.tokenStatesKnown',
    'With a token, Pushes page, navigation → states checked: 50,000 entries ÷ 10',
    'ratio',
    ratioOfMedians(...token('statesKnown')),
  );
  add(
    'ratio.receiptsPoll',
    'With a token, a receipts poll in the worker: 50,000 entries ÷ 10',
    'ratio',
    ratioOfMedians(...token('receiptsPoll')),
  );
  add(
    'heap.receiptsPollGrowth',
    "With a token, the worker's heap at its peak in a receipts poll: 50,000 entries − 10",
    'heap',
    differenceOfMedians(...token('receiptsHeap')),
  );
  add(
    'heap.pushGrowth',
    "With a token, the worker's heap at its peak after a push: 50,000 entries − 10",
    'heap',
    differenceOfMedians(...token('pushHeap')),
  );
  add(
    'load.busiestMinute',
    'Receipts of 500 pushes, two Pushes pages, a lockdown of 1,000 pushes and a push at once: requests in the busiest sliding minute',
    'count',
    combinedLoad?.busiestMinute,
  );
  add('load.throttled', 'The same load: 429s', 'count', combinedLoad?.throttled);
  add(
    'load.pushDelay',
    "The same load: the person's push, click → link, under the load − alone",
    'diff',
    differenceOfMedians(combinedLoad?.pushUnderLoad, combinedLoad?.pushAlone),
  );
  add('sidepanel.board.beforeNetwork', 'Side panel: saved wait times shown before any network answer', 'yes', i.sidepanelTab.beforeNetwork);
  add(
    'sidepanelCph.board.beforeNetwork',
    'Side panel on Copenhagen: saved wait times shown before any network answer',
    'yes',
    i.sidepanelCphTab.beforeNetwork,
  );
  addPackageTargets(add, measured);
  add('bytes.background.gzip', 'Background script, gzip', 'bytes', [background.gzip]);

  // Milliseconds, reported.
  for (const [key, label, unit] of [
    ['firstRow', 'Pushes page, navigation → first row', 'ms'],
    ['statesKnown', 'Pushes page, navigation → states checked', 'ms'],
    ['receiptsPoll', 'a receipts poll, alarm → state written', 'ms'],
    ['receiptsHeap', "a receipts poll, the worker's peak heap over its heap before", 'heap'],
    ['pushHeap', "a push, the worker's peak heap over its heap before", 'heap'],
  ]) {
    add(`token.${key}.small`, `With a token, ${label}, 10 history entries`, unit, tokenGrowth?.small[key]);
    add(`token.${key}.large`, `With a token, ${label}, 50,000 history entries`, unit, tokenGrowth?.large[key]);
  }
  add('load.pushAlone', "The person's push alone, click → link", 'ms', combinedLoad?.pushAlone);
  add('load.pushUnderLoad', "The person's push under the load, click → link", 'ms', combinedLoad?.pushUnderLoad);
  add('load.busiestSecond', 'The same load: requests in the busiest sliding second', 'count', combinedLoad?.busiestSecond);
  add('load.lockdown', 'The same load: the lockdown of 1,000 pushes, start → report', 'ms', combinedLoad?.lockdownMs);
  add('history.firstRows.small', 'Pushes page, navigation → first row, 10 history entries', 'ms', historyGrowth?.small);
  add('history.firstRows.large', 'Pushes page, navigation → first row, 50,000 history entries', 'ms', historyGrowth?.large);
  add(
    'interactive.blankTab',
    'Blank extension page (tab): navigation → interactive',
    'ms',
    i.blankTab.interactive,
    i.peerBlankTab?.interactive,
  );
  add('interactive.popupTab', 'Popup (tab): navigation → interactive', 'ms', i.popupTab.interactive, i.peerPopupTab?.interactive);
  add(
    'interactive.popupTab.firstRender',
    'Popup (tab): navigation → texts filled in (its script loaded and run)',
    'ms',
    i.popupTab.firstRender,
  );
  add('interactive.popupTab.diff', 'Popup (tab) − blank page (tab)', 'diff', popupTabDiff, peerTabDiff);
  add(
    'interactive.popupTab.ratio',
    'Popup (tab) ÷ blank page (tab)',
    'ratio',
    ratio(i.popupTab.interactive, i.blankTab.interactive),
    hasPeer ? ratio(i.peerPopupTab.interactive, i.peerBlankTab.interactive) : undefined,
  );
  add(
    'interactive.blankToolbar',
    'Blank extension page (toolbar popup): navigation → interactive',
    'ms',
    i.blankToolbar.interactive,
    i.peerBlankToolbar?.interactive,
  );
  add(
    'interactive.popupToolbar',
    'Popup (toolbar popup): navigation → interactive',
    'ms',
    i.popupToolbar.interactive,
    i.peerPopupToolbar?.interactive,
  );
  add('interactive.popupToolbar.diff', 'Popup (toolbar) − blank page (toolbar)', 'diff', popupToolbarDiff, peerToolbarDiff);
  add(
    'interactive.popupToolbar.ratio',
    'Popup (toolbar) ÷ blank page (toolbar)',
    'ratio',
    ratio(i.popupToolbar.interactive, i.blankToolbar.interactive),
    hasPeer ? ratio(i.peerPopupToolbar.interactive, i.peerBlankToolbar.interactive) : undefined,
  );
  add(
    'push.urlClickToLink',
    'Click → link, URL push (toolbar popup, local server)',
    'ms',
    urlPush.pushgate.clickToLink,
    urlPush.peer?.clickToLink,
  );
  add(
    'push.farUrlClickToLink',
    'Click → link, URL push (toolbar popup, instance 40 ms away, no connection open)',
    'ms',
    farUrlPush?.pushgate.clickToLink,
    farUrlPush?.peer?.clickToLink,
  );
  add(
    'push.clickToLink',
    'Click on Push → link, typed secret (popup as a tab; the official extension has no typed push)',
    'ms',
    push.clickToLink,
  );
  add('push.clickToRequest', '… of which click → request sent', 'ms', push.clickToRequest);
  add('push.answerToLink', '… of which answer received → link on screen', 'ms', push.answerToLink);
  add('heap.blank', 'JS heap after GC: blank page', 'heap', heap.blank, heap.peerBlank);
  add('heap.popup.diff', 'JS heap after GC: popup − blank page', 'heap', heapDiff, peerHeapDiff);
  add('heap.sidepanel.diff', 'JS heap after GC: side panel − blank page', 'heap', diff(heap.sidepanel, heap.blank));
  add('worker.scriptEnd', 'Service worker: start → its script has run', 'ms', worker.scriptEnd, worker.peerScriptEnd);
  add('worker.menus', 'Service worker: start → menus registered (install; the official extension has none)', 'ms', worker.menusRegistered);

  add('interactive.sidepanelTab', 'Side panel (tab): navigation → Airport field ready', 'ms', i.sidepanelTab.interactive);
  add('interactive.sidepanelTab.diff', 'Side panel − blank page (tab)', 'diff', diff(i.sidepanelTab.interactive, i.blankTab.interactive));
  add('sidepanel.board', 'Side panel, board saved: navigation → wait times on screen', 'ms', i.sidepanelTab.board);
  add('sidepanel.board.diff', 'Side panel saved wait times − blank page (tab)', 'diff', boardDiff);
  add('sidepanelCph.board', 'Side panel on Copenhagen, board saved: navigation → wait times on screen', 'ms', i.sidepanelCphTab.board);
  add(
    'ratio.sidepanelBoard',
    'Side panel saved wait times − blank page ÷ popup (tab) − blank page',
    'ratio',
    ratioOfMedians(boardDiff, popupTabDiff),
  );
  // Not judged: the two pages compared directly, round by round. The blank page's own spread adds to
  // both differences above (its times hardly correlate with theirs within a round).
  add(
    'sidepanel.board.minusPopup',
    'Side panel saved wait times − popup (tab), same round',
    'diff',
    diff(i.sidepanelTab.board, i.popupTab.interactive),
  );
  add('sidepanel.board.margin', 'Side panel: first network answer − saved wait times on screen', 'diff', i.sidepanelTab.margin);
  addPackageTimes(add, measured);

  add(
    'bytes.popup.gzip',
    'Popup at open: bytes loaded, gzip',
    'bytes',
    bytes.samples.popup.map((r) => r.gzip),
    peerBytesOf('gzip'),
  );
  for (const [surface, label] of Object.entries(SURFACE_LABELS)) {
    if (surface === 'popup') continue;
    const runs = bytes.samples[surface];
    add(
      `bytes.${surface}.raw`,
      `${label}: bytes loaded, raw`,
      'bytes',
      runs.map((r) => r.raw),
    );
    add(
      `bytes.${surface}.jsGzip`,
      `${label}: JavaScript, gzip`,
      'bytes',
      runs.map((r) => r.jsGzip),
    );
  }
  const afterPush = bytes.samples.popupAfterPush;
  add(
    'bytes.popupAfterPush.raw',
    'Popup: loaded on demand, typing and pushing until the link (not in the opening bytes), raw',
    'bytes',
    afterPush.map((r) => r.raw),
  );
  add(
    'bytes.popupAfterPush.jsGzip',
    'Popup: loaded on demand until the link, JavaScript, gzip',
    'bytes',
    afterPush.map((r) => r.jsGzip),
  );
  add(
    'bytes.popupOlderChrome.raw',
    'Popup on Chrome < 148 (webextension-polyfill loads too): bytes loaded, raw',
    'bytes',
    bytes.samples.popupOlderChrome.map((r) => r.raw),
  );
  add('bytes.background.raw', 'Background script, raw', 'bytes', [background.raw]);
  return metrics;
}

/** bench/results.md: how it was measured, the table, the profile breakdown and what each surface loads. */
export function resultsDocument({ markdown, missed, unjudged, measured, environment, options, peerSource, profile = '' }) {
  const load = (l) => l.map((v) => v.toFixed(2)).join(' ');
  const files = Object.entries(measured.bytes.files)
    .map(([surface, list]) => `- ${FILE_LABELS[surface]}: ${list.join(', ')}`)
    .concat(measured.peerBytes ? [`- Official extension 0.5.0, popup: ${measured.peerBytes.files.join(', ')}`] : [])
    .join('\n');
  const allMismatches = [...measured.bytes.mismatches, ...(measured.peerBytes?.mismatches ?? [])];
  const mismatches = allMismatches.length
    ? `Network sizes that differed from the file served (the build's file is counted): ${allMismatches.join('; ')}.`
    : 'Every network size (`encodedDataLength`) equalled the size of the file served.';
  const loaded = Math.max(...environment.loadBefore.slice(0, 1), ...environment.loadAfter.slice(0, 1)) > 1.5;
  const peerLine = peerSource
    ? `- Official Password Pusher extension 0.5.0 ("official"), loaded from a folder \`${basename(peerSource)}\` into the same Chromium (a copy,
  .output/bench/peer, with the same probe, a \`blank.html\`, \`https://127.0.0.1/*\` and \`http://127.0.0.1/*\` added to its host
  permissions, and a module worker that notes its script's start and end around its own worker). Its instance is the same
  local server behind HTTPS (TLS ended in the bench with a throw-away self-signed certificate made by openssl at run time;
  Chromium runs with --ignore-certificate-errors), so both extensions talk to one server with one request log.`
    : '- No peer this run: the ratios against the official extension are not judged (`npm run bench -- --peer <dir>`).';
  return `# Pushgate benchmark results

Written by \`npm run bench${peerSource ? ' -- --peer <dir>' : ''}\` (bench/run.mjs) on ${new Date().toISOString()}. Commit it with each change that moves a figure.
${
  loaded
    ? `
**Taken under load**: load average ${load(environment.loadBefore)} before, ${load(environment.loadAfter)} after, on ${environment.cpu}
(other jobs shared the machine). Bytes and request counts do not depend on load; the milliseconds and the ratios
between them do, and should be taken again on a quiet machine before they are quoted.
`
    : ''
}${
  options.runs < 11
    ? `
**${options.runs} rounds only** (BENCH_RUNS): the medians are indicative; the targets are judged over at least 11.
`
    : ''
}
- Browser: Debian Chromium ${measured.browserVersion}, headless, with the extension loaded; Node ${environment.node}; ${environment.cpu};
  load average ${load(environment.loadBefore)} before, ${load(environment.loadAfter)} after. Its profile switches off Chromium's omnibox
  popup pages (chrome://flags, test/support/chromium.mjs): each new window otherwise loads them in a renderer of its own,
  about 90 ms of one core during every opening measured.
- Extension: the production build (\`wxt build\`, mode production, minified), with the loopback hosts granted as in
  \`npm run build:test\`, built to .output/bench/chrome-mv3. The browser loads a copy (.output/bench/instrumented) that adds
  only bench files: \`blank.html\` (the blank extension page), \`bench-probe.js\` (the first script of blank.html, popup.html
  and sidepanel.html: notes milestone times) and \`bench-background.js\` with \`bench-worker-start.js\` (the module service
  worker: notes its start and menu registration, then imports background.js). Byte counts leave those out.
${peerLine}
- Each figure: median, min and max of ${options.runs} runs (${options.timedRounds ?? options.runs} rounds for the openings of the popup, the
  side panel and the blank pages and for the URL push, whose ratios compare a few ms) after ${options.warmups} discarded
  warm-up round, interleaved
  where compared (Pushgate, its blank page, the official extension and its blank page take turns within each round, in an
  order rotated every round); differences are taken per round, then summarised. A ratio against the official extension
  is the ratio of the two medians. Byte counts are the same in every run; the background script is counted once, from
  the build. kB = 1000 bytes.

Targets missed: ${missed.length ? missed.map((id) => `\`${id}\``).join(', ') : 'none'}.${unjudged.length ? ` Not judged (no peer): ${unjudged.map((id) => `\`${id}\``).join(', ')}.` : ''}

${markdown}
${profile}
## How each figure is measured

- Bytes: a tab of each surface with the DevTools protocol's network events on; every chrome-extension:// file that finishes
  loading until the page is quiet for 500 ms, counted at its \`Network.loadingFinished.encodedDataLength\`. Gzip: each file
  on its own at level 9 (zlib). JavaScript: the .js files among them. Popup on demand: in a popup tab opened and quiet,
  the files loaded from typing a secret and clicking Push until the page is quiet again after the link is shown. Background: the manifest's service worker and the files
  it imports, from the build. The official extension's popup is counted the same way, from its unmodified folder. ${mismatches}
- webextension-polyfill: Chromium ${measured.browserVersion.split('.')[0]} has the \`browser\` namespace (Chrome 148+), so pages here use it as
  it is and load no polyfill (lib/browser/namespace.ts); the service worker bundles it. "Popup on Chrome < 148" opens the
  popup with \`browser\` deleted before any script runs, as older Chrome has it: the page then loads the polyfill as well.
- Navigation → interactive: \`performance.now()\` (ms since navigation start) in the page, when a MutationObserver first sees
  the first form control present and enabled (popup: the Secret field, which Pushgate's popup enables once its script has
  filled in the texts, while its settings are still being read: typing works from then on and is kept, and a push or any
  other action taken waits for the settings; side panel: the Airport field, enabled and not inside
  anything \`inert\`; blank page: its one input). The official popup has its buttons in its HTML from the start;
  its state is final when its script has set the
  "Push Selected Text" button's \`title\` (after reading its settings, the active tab and the tab's selection): that
  moment, seen by the same MutationObserver. Tabs are opened by Playwright; the toolbar popup by
  \`chrome.action.openPopup()\` from each extension's service worker over a web page tab, read through the DevTools
  protocol. The toolbar baseline is each extension's blank.html shown as its toolbar popup (\`action.setPopup\`).
- Side panel, saved board: the ARN board is saved by a first opening; each measured opening notes when the first queue is
  in the DOM (drawn by the panel's components from the paint snapshot, lib/wait-times/snapshot.ts),
  and compares it with the page's network answers (resource timing \`responseEnd\`, after 400 ms).
- Click → link, URL push: in the toolbar popup over the target page (\`http://127.0.0.1:<port>/\`), 300 ms after the popup is
  interactive. Official: a click on "Push Current URL" → \`#resultLink\` has text. Pushgate: a click on "Use page URL" (fills
  the Secret field with the page URL and chooses the URL kind), 150 ms, then a click on Push → \`.link-text\` in the DOM;
  timed from the click on Push. With the official extension measured, both reach the server through its HTTPS front
  (one connection each, kept open from push to push): plain http would spare Pushgate alone the TLS and the front's hop.
  Clicks are DevTools mouse events at the centre of the button's visible part (headless
  Chromium sometimes shows the toolbar popup narrower than its content). Before the measured click each round waits a
  random part of a frame (0–16.7 ms, the same for both extensions in a round): Chrome holds a page's tasks after a click
  until its next frame, so the click's place in the frame decides whether an answer waits, and fixed pauses (300 ms is
  18 frames) made a whole run fast or slow by chance.
- Click → link, URL push, instance 40 ms away: the same, with both extensions pointed at the instance through a proxy
  (bench/latency-proxy.mjs) that holds every chunk 20 ms each way, TLS passing through it, and every connection through
  it closed before each popup opens, as a browser's are after a while: the handshakes of TCP and TLS, a round trip
  each, come before any request that finds no connection open. Measured with a peer only (its HTTPS front is the
  proxy's target).
- Click → link, typed secret: the click event's time stamp on the Push button → \`.link-text\` in the DOM, popup in a tab, capabilities
  cached. The click is a plain mouse click at the button's centre (\`page.mouse.click\`), sent right after the secret is
  filled in: Playwright's \`page.click\` runs its actionability checks and hit-target listeners inside the page, on the
  popup's main thread, and measured that way the same build took about 1.5 ms more at the median (paired, 40 pushes).
  Pushgate's popup hands the push to its service worker, which sends the POST (lib/share/relay/push-in-background.ts): the split into
  "click → request sent" and "answer received → link" reads the POST's resource timing there, and both sides' times on
  the wall clock (\`performance.timeOrigin\` + offset).
- Single-purpose packages: Pushgate Share and Pushgate Airport built as \`npm run build\` makes them with
  \`PUSHGATE_PACKAGE\` (build/packages.mjs), instrumented the same way (each with its own worker file,
  \`bench-background-share.js\` and \`bench-background-airport.js\`), loaded together with the official extension in a
  browser of their own, configured as the combined one is, and opened in the same interleaved rounds: Share's blank page
  and popup as tab and toolbar popup, Airport's blank page and its side panel on Arlanda and on Copenhagen. Airport has no
  popup, so its side panel is judged against Share's popup of the same rounds (bench/measure-packages.mjs).
- Side panel with its readings: two browsers of the combined build side by side, each configured, its side panel opened
  once on Arlanda; one then holds 20,000 queue readings (the store's cap, eight weeks of every quarter hour, made from the
  first opening's readings), the other only that opening's; the side panel opens in each by turns, navigation → saved
  board on screen (bench/measure-readings.mjs).
- Requests: from the reference server's request log (the official extension's requests reach it through the HTTPS front),
  per opening (including 400 ms after the control is ready) or per push.
- Service worker: ${options.workerRuns ?? options.runs} runs, each in a fresh profile (menus are created on install), both
  extensions installed in the same browser, first by turns (the worker installed first starts while the browser installs
  the other, bench/measure-worker.mjs); \`performance.now()\` of each worker (0 = the worker's time origin) when its
  script has run to the end, and for Pushgate when the last \`contextMenus.create\` callback ran.
- JS heap: \`HeapProfiler.collectGarbage\` twice, then \`Runtime.getHeapUsage().usedSize\`, 600 ms after the page is ready,
  with that page the only page of its extension open (an extension's pages share one renderer process and JS heap; the two
  extensions have one each). Measured after the other rounds, as a popup opened in a browser in use: a page that loads a
  script another page of its extension already ran is handed that page's compiled functions with it, and keeps them. So
  Pushgate's popup opens with its own copies of the modules it starts with (build/page-own-copies.ts; sharing them with
  the other pages, it kept about 80 kB here instead of 64 kB, docs/performance.md, rule 14).

## Files each surface loads

${files}
`;
}
