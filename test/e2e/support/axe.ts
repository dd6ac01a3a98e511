import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import type axe from 'axe-core';
import type { ToolbarPopup } from '../pages/toolbar-popup';

const AXE_SOURCE = readFileSync(join(dirname(createRequire(import.meta.url).resolve('axe-core')), 'axe.min.js'), 'utf8');

/** The impacts that fail a test; `moderate` and `minor` are advice (best practices). */
const BLOCKING = ['serious', 'critical'];

export interface A11yCheckOptions {
  /** What to check (axe's context: selectors to include/exclude); the whole document by default. */
  context?: axe.SerialContextObject | string;
  /** Colour schemes to check in turn: the theme has a light and a dark palette. Both by default. */
  colorSchemes?: Array<'light' | 'dark'>;
}

/** One serious or critical problem, as plain data that survives the trip out of the page. */
interface Finding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
  summary: string;
}

/**
 * Runs in the page: axe over the context, only the violations, reduced to serialisable findings.
 * Plain JavaScript without imports or helpers, because its source text is sent to the page.
 */
async function findViolations(args: { context: unknown; blocking: string[] }): Promise<Finding[]> {
  const engine = (globalThis as unknown as { axe: typeof axe }).axe;
  const results = await engine.run((args.context ?? document) as axe.ElementContext, { resultTypes: ['violations'] });
  return results.violations
    .filter((violation) => args.blocking.includes(violation.impact ?? ''))
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
      summary: violation.nodes[0]?.failureSummary?.replace(/\s+/g, ' ') ?? '',
    }));
}

function toLines(findings: Finding[], where: string): string[] {
  return findings.map((f) => `${f.impact} ${f.rule} (${where}): ${f.help} — at ${f.targets.join(', ')} — ${f.summary}`);
}

/** One readable failure listing every finding (an assertion diff would show only "Array(n)"). */
function failOn(lines: string[], state: string): void {
  if (lines.length > 0) throw new Error(`Accessibility violations in ${state}:\n${lines.join('\n')}`);
}

/**
 * Fails when axe-core finds a serious or critical violation in the page as it is now, in each
 * colour scheme, listing rule, impact, elements and the fix axe suggests.
 *
 * Extension pages have the CSP `script-src 'self'`, so `page.addScriptTag({ content })` is
 * refused ("Executing inline script violates the following Content Security Policy directive").
 * `page.evaluate(source)` is not: Playwright sends it with the DevTools protocol
 * (`Runtime.evaluate`), which the page's CSP does not govern. axe itself needs no eval.
 */
export async function expectNoSeriousA11yViolations(page: Page, state: string, options: A11yCheckOptions = {}): Promise<void> {
  const lines: string[] = [];
  for (const colorScheme of options.colorSchemes ?? ['light', 'dark']) {
    await page.emulateMedia({ colorScheme });
    // A reload or a new view drops the injected script: inject it again when missing.
    if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(AXE_SOURCE);
    const findings = await page.evaluate(findViolations, { context: options.context ?? null, blocking: BLOCKING });
    lines.push(...toLines(findings, `${colorScheme} theme`));
  }
  await page.emulateMedia({ colorScheme: null });
  failOn(lines, state);
}

/**
 * The same check in the real toolbar popup, which Playwright cannot address as a page: axe is
 * sent over the DevTools protocol too (see `ToolbarPopup.evaluate`), in the browser's own theme.
 */
export async function expectNoSeriousA11yViolationsInToolbarPopup(popup: ToolbarPopup, state: string): Promise<void> {
  if (!(await popup.evaluate<boolean>(`'axe' in globalThis`))) await popup.evaluate(`${AXE_SOURCE}; true`);
  const findings = await popup.evaluate<Finding[]>(
    `(${findViolations.toString()})(${JSON.stringify({ context: null, blocking: BLOCKING })})`,
  );
  failOn(toLines(findings, 'toolbar popup'), state);
}
