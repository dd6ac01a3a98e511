/**
 * The pace of list requests, shared by "Search all pages" and the state check: Password Pusher's
 * throttle allows 60 requests a second and 120 a minute per IP (docs/password-pusher.md#throttling).
 * After the first few requests one a second, half the minute's allowance, so the rest of the page
 * (state checks, copy, expire) keeps room.
 */
export const UNPACED_REQUESTS = 3;
export const PACE_MS = 1_000;

/** Resolves after `ms`, or at once when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });
}
