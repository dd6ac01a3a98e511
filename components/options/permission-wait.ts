/**
 * How long a permission answer may take before the page says it is waiting: an origin already
 * granted answers within a few ms and no prompt shows, so nothing should flash.
 */
const PROMPT_SHOWN_AFTER_MS = 150;

/**
 * Awaits the browser's permission answer, calling `onWaiting` once if it takes long enough that
 * the browser is showing its prompt (which may sit behind the page or be easy to overlook).
 */
export async function whileWaiting<T>(answer: Promise<T>, onWaiting: () => void): Promise<T> {
  const timer = setTimeout(onWaiting, PROMPT_SHOWN_AFTER_MS);
  try {
    return await answer;
  } finally {
    clearTimeout(timer);
  }
}
