import { forgetOldClaims, settleAttempt, type Settled } from '../attempts/claims';
import { clearHistory, forgetExpired, type HistoryResult } from './entries';
import type { Push } from '../pwpush/types';
import { getHistorySettings } from '../settings';
import type { HistoryEntry, RecordDetails } from '../records';

/**
 * The person's choices about the history (options page): keep one at all, and for how long after
 * a push expired. Applied where the history is written (the background) and read (the pushes page).
 */

/**
 * Ends attempt `id` with the push it made: in the history unless the person keeps none, claimed
 * either way (../attempts/claims.ts); then sweeps out what expired long ago.
 */
export async function settleIfKept(
  id: string,
  baseUrl: string,
  push: Push,
  details: RecordDetails,
): Promise<HistoryResult<{ settled: Settled; entry: HistoryEntry | null }>> {
  const settings = await getHistorySettings();
  const settled = await settleAttempt(id, baseUrl, push, details, { keep: settings.keep });
  await Promise.all([settings.keep ? forgetExpired(settings.forgetExpiredAfterDays) : undefined, forgetOldClaims()]);
  return settled;
}

/** Before the history is shown: forget or drop the links of expired pushes, or everything when no history is kept. */
export async function applyHistorySettings(now = Date.now()): Promise<void> {
  const settings = await getHistorySettings();
  if (!settings.keep) await clearHistory();
  else await forgetExpired(settings.forgetExpiredAfterDays, now);
}
