// The two single-purpose packages (build/packages.mjs) opening as a person meets them, judged by the
// combined package's targets: Pushgate Share's popup against the official extension's, and Pushgate
// Airport's side panel (it has no popup) against Pushgate Share's popup in the same rounds. Both
// packages and the official extension are loaded in one browser, configured as a returning person's
// (bench/servers.mjs), and open in turns, in an order rotated every round, as measure-interactive.mjs
// does for the combined one.
import { until } from './browser.mjs';
import { networkAnswers, sleep, waitForMarks } from './marks.mjs';
import { configurePeer } from './peer.mjs';
import { configureExtension, showAirport } from './servers.mjs';
import { inRotatedOrder } from './stats.mjs';

/** As measure-interactive.mjs: the page's own requests and work settle before the next opening. */
const SETTLE_MS = 400;
const POPUP_VIEWPORT = { width: 380, height: 640 };
const SIDEPANEL_VIEWPORT = { width: 360, height: 760 };

const KINDS = [
  { name: 'shareBlankTab', ext: 'share', path: 'blank.html' },
  { name: 'sharePopupTab', ext: 'share', path: 'popup.html', viewport: POPUP_VIEWPORT },
  { name: 'shareBlankToolbar', ext: 'share', path: 'blank.html', toolbar: true },
  { name: 'sharePopupToolbar', ext: 'share', path: 'popup.html', toolbar: true },
  { name: 'airportBlankTab', ext: 'airport', path: 'blank.html' },
  { name: 'airportSidepanelTab', ext: 'airport', path: 'sidepanel.html', viewport: SIDEPANEL_VIEWPORT, airport: 'ARN' },
  { name: 'airportSidepanelCphTab', ext: 'airport', path: 'sidepanel.html', viewport: SIDEPANEL_VIEWPORT, airport: 'CPH' },
];
const PEER_KINDS = [
  { name: 'peerBlankTab', ext: 'peer', path: 'blank.html' },
  { name: 'peerPopupTab', ext: 'peer', path: 'popup', viewport: POPUP_VIEWPORT },
  { name: 'peerBlankToolbar', ext: 'peer', path: 'blank.html', toolbar: true },
  { name: 'peerPopupToolbar', ext: 'peer', path: 'popup', toolbar: true },
];

/**
 * @param bench from `launchBench(share.instrumentedDir, { also: [airport], peer })`.
 * @returns per kind `{ interactive[] }`; the side panels also `board[]` and `beforeNetwork[]`.
 */
export async function measurePackages(bench, servers, { runs, warmups }) {
  const handles = { share: bench, airport: bench.also[0], peer: bench.peer };
  const targetPage = await prepare(handles, servers);
  const kinds = bench.peer ? [...KINDS, ...PEER_KINDS] : KINDS;
  const result = Object.fromEntries(kinds.map(({ name }) => [name, { interactive: [] }]));
  for (const name of ['airportSidepanelTab', 'airportSidepanelCphTab']) Object.assign(result[name], { board: [], beforeNetwork: [] });

  for (let round = 0; round < warmups + runs; round++) {
    await inRotatedOrder(kinds, round, async (kind) => {
      const ext = handles[kind.ext];
      if (kind.airport) await showAirport(await ext.worker(), kind.airport);
      const { evaluate, close } = await openKind(ext, kind, targetPage);
      const marks = await waitForMarks(evaluate, kind.airport ? ['interactive', 'board'] : ['interactive']);
      await sleep(SETTLE_MS);
      const answers = kind.airport ? await networkAnswers(evaluate) : [];
      await close();
      if (round < warmups) return;
      result[kind.name].interactive.push(marks.interactive);
      if (kind.airport) {
        result[kind.name].board.push(marks.board);
        result[kind.name].beforeNetwork.push(marks.board < Math.min(...answers) ? 1 : 0);
      }
    });
  }
  return result;
}

/**
 * Both packages configured and opened once (the capabilities, the airport list and both boards
 * saved), the official extension configured, and one web page left open: the toolbar popup's target.
 */
async function prepare({ share, airport, peer }, servers) {
  await configureExtension(await share.worker(), servers);
  await configureExtension(await airport.worker(), servers);
  if (peer) await configurePeer(await peer.worker(), { instanceUrl: servers.pwpushHttps.url, token: servers.pwpush.users[0].token });
  // Pushgate Share and the official extension open a page of theirs on install: let them, then close them.
  await sleep(2000);
  const context = share.context;
  const targetPage = await context.newPage();
  await targetPage.goto(servers.targetPageUrl);
  for (const page of context.pages()) if (page !== targetPage) await page.close();

  const popup = await share.open('popup.html');
  await waitForMarks((expression) => popup.evaluate(expression), ['interactive']);
  await sleep(1000);
  await popup.close();
  for (const [iata, server] of [
    ['CPH', servers.cph],
    ['ARN', servers.airport],
  ]) {
    const before = server.requests.length;
    await showAirport(await airport.worker(), iata);
    const panel = await airport.open('sidepanel.html');
    await waitForMarks((expression) => panel.evaluate(expression), ['interactive', 'board']);
    await until(() => server.requests.length > before);
    await sleep(1000);
    await panel.close();
  }
  return targetPage;
}

async function openKind(ext, kind, targetPage) {
  const path = kind.path === 'popup' ? ext.popupPath : kind.path;
  if (kind.toolbar) {
    await targetPage.bringToFront();
    const popup = await ext.openToolbarPopup(path);
    return { evaluate: (expression) => popup.evaluate(expression), close: () => popup.close() };
  }
  const page = await ext.open(path, { viewport: kind.viewport });
  return { evaluate: (expression) => page.evaluate(expression), close: () => page.close() };
}
