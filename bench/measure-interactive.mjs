// Navigation → interactive (the first form control present and enabled), interleaved in one run:
// the blank page, the popup and the side panel as tabs, and the blank page and the popup as the
// real toolbar popup. The side panel opens with a saved board: the time until its queues are on
// screen, and whether that was before any network answer. Also counts the requests each opening
// sends: to the Password Pusher server for the popup, to the airport list for the side panel.
// The side panel opens twice a round: on Arlanda (Swedavia's API) and on Copenhagen (its website
// feed), each set as the default airport just before its opening.
// With a peer: its blank page and popup, as a tab and as the toolbar popup, in the same rounds.
import { isAirportListRequest, showAirport } from './servers.mjs';
import { networkAnswers, sleep, waitForMarks } from './marks.mjs';
import { inRotatedOrder } from './stats.mjs';

/** Requests sent after the first form control is ready (capability checks, list refreshes) land in this time. */
const SETTLE_MS = 400;
const POPUP_VIEWPORT = { width: 380, height: 640 };
const SIDEPANEL_VIEWPORT = { width: 360, height: 760 };

const KINDS = [
  { name: 'blankTab', path: 'blank.html' },
  { name: 'popupTab', path: 'popup.html', viewport: POPUP_VIEWPORT },
  { name: 'sidepanelTab', path: 'sidepanel.html', viewport: SIDEPANEL_VIEWPORT, airport: 'ARN' },
  { name: 'sidepanelCphTab', path: 'sidepanel.html', viewport: SIDEPANEL_VIEWPORT, airport: 'CPH' },
  { name: 'blankToolbar', path: 'blank.html', toolbar: true },
  { name: 'popupToolbar', path: 'popup.html', toolbar: true },
];
const PEER_KINDS = [
  { name: 'peerBlankTab', path: 'blank.html', peer: true },
  { name: 'peerPopupTab', path: 'popup', peer: true, viewport: POPUP_VIEWPORT },
  { name: 'peerBlankToolbar', path: 'blank.html', peer: true, toolbar: true },
  { name: 'peerPopupToolbar', path: 'popup', peer: true, toolbar: true },
];

/**
 * @param targetPage a web page tab; it is the active tab whenever the toolbar popup opens.
 * @returns per kind `{ interactive[] }`; side panel also `board[]`, `beforeNetwork[]`,
 * `firstAnswer[]` and `margin[]` (first answer − board; runs with an answer); `popupOpenRequests[]` and
 * `airportListRequests[]`; with a peer also its kinds and `peerPopupOpenRequests[]`.
 */
export async function measureInteractive(bench, servers, targetPage, { runs, warmups }) {
  const kinds = bench.peer ? [...KINDS, ...PEER_KINDS] : KINDS;
  const result = Object.fromEntries(kinds.map(({ name }) => [name, { interactive: [] }]));
  for (const panel of [result.sidepanelTab, result.sidepanelCphTab])
    Object.assign(panel, { board: [], beforeNetwork: [], firstAnswer: [], margin: [] });
  const popupOpenRequests = [];
  const airportListRequests = [];
  const peerPopupOpenRequests = [];

  for (let round = 0; round < warmups + runs; round++) {
    const keep = round >= warmups;
    await inRotatedOrder(kinds, round, async (kind) => {
      const pwpushBefore = servers.pwpush.requests.length;
      const listBefore = servers.airport.requests.filter(isAirportListRequest).length;
      if (kind.airport) await showAirport(await bench.worker(), kind.airport);
      const { evaluate, close } = await openKind(bench, kind, targetPage);
      const marks = await waitForMarks(evaluate, kind.airport ? ['interactive', 'board'] : ['interactive']);
      await sleep(SETTLE_MS);
      const answers = await networkAnswers(evaluate);
      await close();
      if (!keep) return;
      result[kind.name].interactive.push(marks.interactive);
      if (marks.firstRender !== undefined) {
        result[kind.name].firstRender ??= [];
        result[kind.name].firstRender.push(marks.firstRender);
      }
      if (kind.airport) {
        const panel = result[kind.name];
        const firstAnswer = answers.length ? Math.min(...answers) : Infinity;
        panel.board.push(marks.board);
        panel.beforeNetwork.push(marks.board < firstAnswer ? 1 : 0);
        if (answers.length) {
          panel.firstAnswer.push(firstAnswer);
          panel.margin.push(firstAnswer - marks.board);
        }
        if (kind.name === 'sidepanelTab')
          airportListRequests.push(servers.airport.requests.filter(isAirportListRequest).length - listBefore);
      }
      if (kind.name.startsWith('popup')) popupOpenRequests.push(servers.pwpush.requests.length - pwpushBefore);
      if (kind.name.startsWith('peerPopup')) peerPopupOpenRequests.push(servers.pwpush.requests.length - pwpushBefore);
    });
  }
  return { ...result, popupOpenRequests, airportListRequests, peerPopupOpenRequests };
}

async function openKind(bench, kind, targetPage) {
  const ext = kind.peer ? bench.peer : bench;
  const path = kind.path === 'popup' ? ext.popupPath : kind.path;
  if (kind.toolbar) {
    await targetPage.bringToFront();
    const popup = await ext.openToolbarPopup(path);
    return { evaluate: (expression) => popup.evaluate(expression), close: () => popup.close() };
  }
  const page = await ext.open(path, { viewport: kind.viewport });
  return { evaluate: (expression) => page.evaluate(expression), close: () => page.close() };
}
