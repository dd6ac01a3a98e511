// Reading the probe's marks (bench/probe/bench-probe.js) from a page.
import { until } from './browser.mjs';

const TIMEOUT_MS = 10000;

/**
 * Waits until the probe has every mark in `names` and returns all marks (ms since navigation).
 * One awaited evaluation, not polling: polling would take the measured page's main thread.
 * @param evaluate runs an expression in the page and returns its (awaited) value.
 */
export async function waitForMarks(evaluate, names) {
  // Retried while the probe is not there yet (a toolbar popup may be attached before it loads).
  return until(() => evaluate(`window.__benchWait?.(${JSON.stringify(names)}, ${TIMEOUT_MS}) ?? null`), {
    timeoutMs: TIMEOUT_MS,
    stepMs: 20,
  });
}

/** When each of the page's network answers (http/https fetches) was complete, in ms since navigation. */
export function networkAnswers(evaluate) {
  return evaluate(`performance.getEntriesByType('resource').filter((e) => /^https?:/.test(e.name)).map((e) => e.responseEnd)`);
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
