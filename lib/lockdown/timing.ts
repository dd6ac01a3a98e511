import { RETRY_BACKOFF_MS } from './answers';
import { PACE_MS } from './pace';

/**
 * The lockdown's pace and retry back-off. Every build uses the real ones except `npm run build:test`
 * (and its Firefox twin), which compiles in shorter ones (wxt.config.ts) so the e2e lockdowns do
 * not take minutes; a 429's Retry-After is honoured as the server says in every build.
 */
export const lockdownTiming = {
  paceMs: (import.meta.env.PUSHGATE_LOCKDOWN_PACE_MS ?? PACE_MS) as number,
  retryBackoffMs: (import.meta.env.PUSHGATE_LOCKDOWN_BACKOFF_MS ?? RETRY_BACKOFF_MS) as number,
};
