// The results table, as markdown.
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

/**
 * One row per metric: median, min, max, budget, the official extension's figure, pass.
 * @param metrics `{ id, label, unit, samples }[]`; `unit` is a key of FORMAT.
 * @returns the markdown and the ids of metrics that missed their budget.
 */
export function renderTable(metrics) {
  const missed = [];
  const rows = metrics.map(({ id, label, unit, samples }) => {
    const summary = summarize(samples);
    const format = FORMAT[unit];
    const budget = BUDGETS[id];
    let pass = '';
    if (budget) {
      const ok = summary.n > 0 && meetsBudget(budget, summary);
      if (!ok) missed.push(id);
      pass = ok ? 'pass' : '**MISS**';
    }
    let cells = summary.n ? [format(summary.median), format(summary.min), format(summary.max)] : ['–', '–', '–'];
    // A yes/no: how many runs said yes says more than a median.
    if (unit === 'yes' && summary.n) cells = [`yes in ${samples.filter(Boolean).length} of ${summary.n}`, format(summary.min), format(summary.max)];
    return `| ${label} | ${cells.join(' | ')} | ${budget?.text ?? ''} | ${budget?.official ?? ''} | ${pass} |`;
  });
  const header = ['| Metric | Median | Min | Max | Budget | Official 0.5.0 | Pass |', '|---|---:|---:|---:|---|---|---|'];
  return { markdown: [...header, ...rows].join('\n'), missed };
}
