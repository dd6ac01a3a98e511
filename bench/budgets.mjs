// The targets, each taken within one run so that it holds on any
// machine: bytes are absolute (they do not depend on the machine); times and heap are ratios
// against the official Password Pusher extension measured in the same browser, in the same
// rounds, or against the blank page of the same extension. Milliseconds are reported, not judged.
// kB = 1000 bytes.

/**
 * @typedef {{ max?: number, exactly?: number, everyRun?: boolean, needsPeer?: boolean, text: string }} Budget
 * `needsPeer`: judged only when a peer is measured (`npm run bench -- --peer <dir>`).
 */

/** @type {Record<string, Budget>} keyed by metric id (see report.mjs). */
export const BUDGETS = {
  // 35 kB until round 4; the organisation's policy (a locked instance and ceilings must hold for the
  // first push, so the popup reads them at opening), the commercial account and Request a secret
  // took it to 35.3 kB after its HTML lost 1.3 kB of indentation (docs/performance.md, rule 21).
  // The opening itself is judged as a ratio (ratio.popupTab, ratio.popupToolbar).
  'bytes.popup.raw': { max: 36_000, text: '≤ 36 kB' },
  'bytes.popup.jsGzip': { max: 13_000, text: '≤ 13 kB' },
  'ratio.popupTab': { max: 0.5, needsPeer: true, text: '≤ 0.5 × official' },
  'ratio.popupToolbar': { max: 0.5, needsPeer: true, text: '≤ 0.5 × official' },
  'ratio.urlPush': { max: 0.8, needsPeer: true, text: '≤ 0.8 × official' },
  'ratio.farUrlPush': { max: 0.8, needsPeer: true, text: '≤ 0.8 × official' },
  'ratio.heap': { max: 1.5, needsPeer: true, text: '≤ 1.5 × official' },
  // The background's bytes matter through its start, which every alarm, menu push and port pays: a
  // service worker cannot load code on demand, so its size is reported and its start is judged.
  'ratio.workerStart': { max: 1.5, needsPeer: true, text: '≤ 1.5 × official' },
  'ratio.sidepanelInteractive': { max: 2, text: '≤ 2 × popup (tab)' },
  'ratio.sidepanelCphInteractive': { max: 2, text: '≤ 2 × popup (tab)' },
  // The single-purpose packages (bench/measure-packages.mjs) meet the combined one's targets. Pushgate
  // Airport has no popup: its side panel is judged against Pushgate Share's popup in the same rounds.
  'ratio.sharePopupTab': { max: 0.5, needsPeer: true, text: '≤ 0.5 × official' },
  'ratio.sharePopupToolbar': { max: 0.5, needsPeer: true, text: '≤ 0.5 × official' },
  'ratio.airportSidepanelInteractive': { max: 2, text: '≤ 2 × Share popup (tab)' },
  'ratio.airportSidepanelCphInteractive': { max: 2, text: '≤ 2 × Share popup (tab)' },
  // The readings behind "usual at this hour" load after the first paint (lib/readings/): a full store
  // must not delay the saved board, judged as the history's growth is.
  'ratio.readingsBoard': { max: 1.2, text: "≤ 1.2 × with one opening's readings" },
  'ratio.historyFirstRows': { max: 1.2, text: '≤ 1.2 × at 10 entries' },
  'ratio.tokenFirstRows': { max: 1.2, text: '≤ 1.2 × at 10 entries' },
  'ratio.tokenStatesKnown': { max: 1.5, text: '≤ 1.5 × at 10 entries' },
  'ratio.receiptsPoll': { max: 1.5, text: '≤ 1.5 × at 10 entries' },
  // Flat: the whole history read once took 40 MB (a poll) and 32 MB (after a push) at 50,000 entries.
  'heap.receiptsPollGrowth': { max: 1_000_000, text: '≤ 1 MB' },
  'heap.pushGrowth': { max: 1_000_000, text: '≤ 1 MB' },
  // Password Pusher's throttle allows 120 a minute per IP; 100 leaves room for the person's other tabs.
  'load.busiestMinute': { max: 100, text: '≤ 100' },
  'load.throttled': { exactly: 0, text: '0' },
  'load.pushDelay': { max: 1_000, text: '≤ +1 s' },
  'sidepanel.board.beforeNetwork': { everyRun: true, text: 'every run' },
  'sidepanelCph.board.beforeNetwork': { everyRun: true, text: 'every run' },
  'airportSidepanel.board.beforeNetwork': { everyRun: true, text: 'every run' },
  'airportSidepanelCph.board.beforeNetwork': { everyRun: true, text: 'every run' },
  'requests.push': { exactly: 1, text: 'exactly 1, every run' },
  'requests.urlPush': { exactly: 1, text: 'exactly 1, every run' },
  // With a token, one list read after the link finds a copy made by a request Chromium sent twice
  // (docs/exactly-once.md): never more, never before the link.
  'requests.pushLookups': { exactly: 1, text: 'exactly 1, after the link' },
  'requests.popupOpen': { exactly: 0, text: '0, every run' },
  'requests.airportListReopen': { exactly: 0, text: '0, every run' },
  // One Active page holds 50 pushes: 10 watched ones cost one request a poll, and a poll a minute at most.
  'requests.receiptsPoll': { exactly: 1, text: 'exactly 1' },
  'requests.receiptsHour': { max: 60, text: '≤ 60 (the throttle allows 120 a minute)' },
};

/**
 * Whether a summary meets its budget: a limit applies to the median; an exact count and a
 * yes/no must hold in every run (min and max).
 */
export function meetsBudget(budget, { median, min, max }) {
  if (budget.max !== undefined) return median <= budget.max;
  if (budget.exactly !== undefined) return min === budget.exactly && max === budget.exactly;
  if (budget.everyRun) return min === 1;
  throw new Error('a budget needs max, exactly or everyRun');
}
