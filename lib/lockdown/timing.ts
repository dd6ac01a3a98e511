import { RETRY_BACKOFF_MS } from './answers';

/**
 * The lockdown's retry back-off. Every build uses the real one except `npm run build:test` (and its
 * Firefox twin), which compiles in a shorter one (wxt.config.ts) so the e2e lockdowns do not take
 * minutes; a 429's Retry-After is honoured as the server says in every build. Its pace is the
 * instance's (lib/pace/).
 */
export const lockdownTiming = {
  retryBackoffMs: (import.meta.env.PUSHGATE_LOCKDOWN_BACKOFF_MS ?? RETRY_BACKOFF_MS) as number,
};
