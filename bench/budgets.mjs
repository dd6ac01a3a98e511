// The budgets of issue 5 ("Release quality", section 1), each beside the official Password Pusher
// extension 0.5.0's figure, measured the same way on this kind of machine (as quoted in the issue).
// kB = 1000 bytes.

/** @typedef {{ max?: number, exactly?: number, everyRun?: boolean, text: string, official: string }} Budget */

/** @type {Record<string, Budget>} keyed by metric id (see run.mjs). */
export const BUDGETS = {
  'bytes.popup.raw': { max: 45_000, text: '≤ 45 kB', official: '90 kB (40 kB code + 50 kB logo)' },
  'bytes.popup.jsGzip': { max: 20_000, text: '≤ 20 kB', official: '–' },
  'bytes.background.gzip': { max: 15_000, text: '≤ 15 kB', official: '–' },
  'interactive.popupTab.diff': { max: 40, text: '≤ +40 ms', official: '+65 ms' },
  'interactive.popupToolbar.diff': { max: 40, text: '≤ +40 ms', official: '+48 ms' },
  'push.clickToLink': { max: 15, text: '≤ 15 ms', official: '15.6 ms' },
  'sidepanel.board.diff': { max: 100, text: '≤ +100 ms', official: '–' },
  'sidepanel.board.beforeNetwork': { everyRun: true, text: 'every run', official: '–' },
  'requests.push': { exactly: 1, text: 'exactly 1, every run', official: '–' },
  'requests.popupOpen': { exactly: 0, text: '0, every run', official: '–' },
  'requests.airportListReopen': { exactly: 0, text: '0, every run', official: '–' },
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
