import { fail, ok, type Result } from '../result';

/**
 * How the history's storage fails: never a rejection, a result the caller can tell the person
 * about. IndexedDB refuses a write when the quota is exceeded, when storage is disabled, or waits
 * for ever when another page's old connection blocks an upgrade.
 */

/** Storage refused (quota, disabled, blocked by an old page): `reason` is the DOMException name or `timeout`. */
export interface HistoryFailure {
  kind: 'storage';
  reason: string;
}

export type HistoryResult<T> = Result<T, HistoryFailure>;

/** How long a push waits for its history entry before the link is shown anyway. */
export const HISTORY_WRITE_TIMEOUT_MS = 2000;

/** An open blocked by another page's old connection would wait for ever; a push must not. */
export function withinWriteTime<T>(write: Promise<HistoryResult<T>>, ms = HISTORY_WRITE_TIMEOUT_MS): Promise<HistoryResult<T>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<HistoryResult<T>>((resolve) => {
    timer = setTimeout(() => resolve(fail({ kind: 'storage', reason: 'timeout' })), ms);
  });
  return Promise.race([write, timeout]).finally(() => clearTimeout(timer));
}

/** Runs storage work; a refusal (quota, disabled, closed) comes back as a failed result, never a rejection. */
export async function tryStorage<T>(work: () => Promise<T>): Promise<HistoryResult<T>> {
  try {
    return ok(await work());
  } catch (error) {
    const name = (error as { name?: unknown } | null)?.name;
    return fail({ kind: 'storage', reason: typeof name === 'string' ? name : 'unknown' });
  }
}
