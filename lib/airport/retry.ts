import type { AirportError } from './types';

/** First retry after a transient failure. */
export const FIRST_RETRY_MS = 30_000;
/** Never wait longer than this between retries, whatever the refresh interval. */
export const MAX_RETRY_MS = 15 * 60_000;

/**
 * Failures that say nothing about the data or the key: keep the last good data (marked stale)
 * and retry with backoff. Quota and rate limits are not transient: they have their own wait.
 */
export function isTransient(error: AirportError): boolean {
  return TRANSIENT.has(error.kind);
}

/** A website that refuses, answers a page or changed its data may serve again later (docs/airport-sources.md#faults). */
const TRANSIENT = new Set<AirportError['kind']>(['server', 'timeout', 'network', 'malformed', 'blocked', 'not-a-feed', 'feed-changed']);

/**
 * The wait before retry number `attempt` (1 = after the first failure): 30 s, 1 min, 2 min, 4 min …,
 * capped at the refresh interval and at 15 minutes. Deterministic; add jitter in the caller if wanted.
 */
export function nextRetryDelay(attempt: number, refreshIntervalMs: number = MAX_RETRY_MS): number {
  const cap = Math.max(FIRST_RETRY_MS, Math.min(refreshIntervalMs, MAX_RETRY_MS));
  const step = Math.max(1, Math.floor(attempt)) - 1;
  // 2^step grows past any cap quickly; stop doubling before the number gets silly.
  return Math.min(cap, FIRST_RETRY_MS * 2 ** Math.min(step, 20));
}

/**
 * When to try again after `error`, in milliseconds, or null when only the person can fix it
 * (key, airport code, unsupported airport, bad request, wrong base URL). Quota and rate limits
 * wait for the server's `Retry-After` (or one refresh interval when it gave none).
 */
export function retryDelay(error: AirportError, attempt: number, refreshIntervalMs: number = MAX_RETRY_MS): number | null {
  if (error.kind === 'quota' || error.kind === 'rate-limited') {
    return error.retryAfterSeconds !== undefined ? error.retryAfterSeconds * 1000 : Math.max(refreshIntervalMs, FIRST_RETRY_MS);
  }
  return isTransient(error) ? nextRetryDelay(attempt, refreshIntervalMs) : null;
}
