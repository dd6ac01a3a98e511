// Polling for what a browser does in its own time (install-time menus, a popup target, a page
// milestone), shared by the e2e suite and the bench. Plain JavaScript so the bench imports it as is.

/**
 * Calls `check` until it returns a truthy value, and returns that value. A `check` that throws is
 * tried again; its last error is rethrown when time runs out.
 * @template T
 * @param {() => T | Promise<T>} check
 * @param {{ timeoutMs?: number, stepMs?: number }} [options]
 * @returns {Promise<T>}
 */
export async function until(check, { timeoutMs = 5000, stepMs = 100 } = {}) {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, stepMs));
  }
  throw lastError ?? new Error('condition not met in time');
}
