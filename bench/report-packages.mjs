// The rows of the single-purpose packages' openings (bench/measure-packages.mjs) and of the side
// panel beside a full readings store (bench/measure-readings.mjs): the judged ones, then the times.
import { paired, summarize } from './stats.mjs';

const diff = (a, b) => paired(a, b, (x, y) => x - y);
const median = (samples) => summarize(samples).median;
const ratioOfMedians = (a, b) => (a?.length && b?.length && median(b) > 0 ? [median(a) / median(b)] : []);

/** Judged as the combined package is: its targets (bench/budgets.mjs) for each single-purpose package. */
export function addPackageTargets(add, { packages: p, readings }) {
  if (!p) return;
  const shareTab = diff(p.sharePopupTab.interactive, p.shareBlankTab.interactive);
  const peerTab = p.peerPopupTab && diff(p.peerPopupTab.interactive, p.peerBlankTab.interactive);
  const peerToolbar = p.peerPopupToolbar && diff(p.peerPopupToolbar.interactive, p.peerBlankToolbar.interactive);
  add('ratio.sharePopupTab', 'Pushgate Share: popup (tab) interactive − blank page ÷ official', 'ratio', ratioOfMedians(shareTab, peerTab));
  add(
    'ratio.sharePopupToolbar',
    'Pushgate Share: popup (toolbar) interactive − blank page ÷ official',
    'ratio',
    ratioOfMedians(diff(p.sharePopupToolbar.interactive, p.shareBlankToolbar.interactive), peerToolbar),
  );
  for (const [id, kind, airport] of [
    ['airportSidepanel', p.airportSidepanelTab, 'Arlanda'],
    ['airportSidepanelCph', p.airportSidepanelCphTab, 'Copenhagen'],
  ]) {
    add(
      `ratio.${id}Interactive`,
      `Pushgate Airport: side panel on ${airport} (tab) interactive − its blank page ÷ Pushgate Share's popup (tab) − its blank page, same rounds`,
      'ratio',
      ratioOfMedians(diff(kind.interactive, p.airportBlankTab.interactive), shareTab),
    );
    add(
      `${id}.board.beforeNetwork`,
      `Pushgate Airport: ${airport}'s saved wait times shown before any network answer`,
      'yes',
      kind.beforeNetwork,
    );
  }
  if (!readings) return;
  add(
    'ratio.readingsBoard',
    `Side panel, navigation → saved wait times: ${readings.kept.full.toLocaleString('en')} queue readings kept ÷ ${readings.kept.few}`,
    'ratio',
    ratioOfMedians(readings.full.board, readings.few.board),
  );
}

/** Reported, not judged. */
export function addPackageTimes(add, { packages: p, readings }) {
  if (p) {
    add('share.blankTab', 'Pushgate Share: blank extension page (tab): navigation → interactive', 'ms', p.shareBlankTab.interactive);
    add('share.popupTab', 'Pushgate Share: popup (tab): navigation → interactive', 'ms', p.sharePopupTab.interactive);
    add('share.popupToolbar', 'Pushgate Share: popup (toolbar popup): navigation → interactive', 'ms', p.sharePopupToolbar.interactive);
    add('airport.blankTab', 'Pushgate Airport: blank extension page (tab): navigation → interactive', 'ms', p.airportBlankTab.interactive);
    add(
      'airport.sidepanelTab',
      'Pushgate Airport: side panel on Arlanda (tab): navigation → Airport field ready',
      'ms',
      p.airportSidepanelTab.interactive,
    );
    add(
      'airport.sidepanelTab.board',
      'Pushgate Airport: side panel on Arlanda, board saved: navigation → wait times on screen',
      'ms',
      p.airportSidepanelTab.board,
    );
    add(
      'airport.sidepanelCphTab',
      'Pushgate Airport: side panel on Copenhagen (tab): navigation → Airport field ready',
      'ms',
      p.airportSidepanelCphTab.interactive,
    );
  }
  if (readings) {
    add('readings.few.board', `Side panel, ${readings.kept.few} readings kept: navigation → saved wait times`, 'ms', readings.few.board);
    add(
      'readings.full.board',
      `Side panel, ${readings.kept.full.toLocaleString('en')} readings kept: navigation → saved wait times`,
      'ms',
      readings.full.board,
    );
    add(
      'readings.full.interactive',
      `Side panel, ${readings.kept.full.toLocaleString('en')} readings kept: navigation → Airport field ready`,
      'ms',
      readings.full.interactive,
    );
  }
}
