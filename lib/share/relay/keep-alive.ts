import { browser } from 'wxt/browser';

/** How often an out push calls the browser, so that Chrome does not stop the worker under it (docs/architecture.md). */
export const KEEP_ALIVE_MS = 20_000;

/**
 * Chrome stops a service worker after 30 s without an event or an extension API call, and one
 * whose fetch answer takes longer than that (docs/architecture.md, "Files over the port"): a file
 * upload on a slow line, or a look that waits half a minute. While `work` runs, a cheap API call
 * every 20 s counts as activity.
 */
export async function keptAlive<T>(work: Promise<T>): Promise<T> {
  const timer = setInterval(ping, KEEP_ALIVE_MS);
  try {
    return await work;
  } finally {
    clearInterval(timer);
  }
}

function ping() {
  try {
    void browser.runtime.getPlatformInfo().catch(() => undefined);
  } catch {
    // An extension context that went away throws at once: nothing is left to keep alive.
  }
}
