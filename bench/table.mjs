// The results table, as markdown: Pushgate and the official extension side by side.
import { BUDGETS, meetsBudget } from './budgets.mjs';
import { summarize } from './stats.mjs';

const FORMAT = {
  bytes: (v) => `${(v / 1000).toFixed(1)} kB`,
  ms: (v) => `${v.toFixed(1)} ms`,
  diff: (v) => `${v >= 0 ? '+' : '−'}${Math.abs(v).toFixed(1)} ms`,
  ratio: (v) => `×${v.toFixed(2)}`,
  count: (v) => String(v),
  yes: (v) => (v === 1 ? 'yes' : 'no'),
  heap: (v) => `${v >= 0 ? '' : '−'}${(Math.abs(v) / 1000).toFixed(0)} kB`,
};

/** "median (min–max)", or one value when all runs agree; yes/no as a count of runs. */
function cell(samples, unit) {
  const summary = summarize(samples ?? []);
  if (!summary.n) return '–';
  const format = FORMAT[unit];
  if (unit === 'yes') return `yes in ${samples.filter(Boolean).length} of ${summary.n}`;
  if (summary.min === summary.max) return format(summary.median);
  return `${format(summary.median)} (${format(summary.min)} – ${format(summary.max)})`;
}

/**
 * One row per metric: Pushgate, the official extension (when measured), target, pass.
 * @param metrics `{ id, label, unit, samples, peer? }[]`; `unit` is a key of FORMAT; `peer` the
 * official extension's samples of the same metric.
 * @param hasPeer whether a peer was measured: budgets that need one are otherwise not judged.
 * @returns the markdown, the ids of metrics that missed their budget, and those not judged.
 */
export function renderTable(metrics, { hasPeer }) {
  const missed = [];
  const unjudged = [];
  const rows = metrics.map(({ id, label, unit, samples, peer }) => {
    const budget = BUDGETS[id];
    let pass = '';
    if (budget?.needsPeer && !hasPeer) {
      unjudged.push(id);
      pass = 'needs --peer';
    } else if (budget) {
      const summary = summarize(samples);
      const ok = summary.n > 0 && meetsBudget(budget, summary);
      if (!ok) missed.push(id);
      pass = ok ? 'pass' : '**MISS**';
    }
    return `| ${label} | ${cell(samples, unit)} | ${peer ? cell(peer, unit) : ''} | ${budget?.text ?? ''} | ${pass} |`;
  });
  const header = ['| Metric | Pushgate: median (min – max) | Official 0.5.0, same run | Target | Pass |', '|---|---:|---:|---|---|'];
  return { markdown: [...header, ...rows].join('\n'), missed, unjudged };
}
