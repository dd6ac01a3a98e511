import { getDb } from '../db';
import { announceHistoryChange } from './changes';
import { purgeDeletedHistory } from './purge-deleted';
import { tryStorage, type HistoryResult } from './storage';

/**
 * Forgetting pushes that expired long ago, a bounded batch at a time: every push and every opening
 * of the Pushes page sweeps, so reading the whole history each time would make both slower as it
 * grows. The `byExpiredSince` index (./sweep-key.ts) holds only expired entries, ordered by when
 * they expired: a sweep reads the ones it forgets and nothing else.
 */

/** Entries forgotten per sweep at most: the rest go at the next push or opening. */
export const SWEEP_BATCH = 100;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Forgets pushes that expired more than `days` days ago. Only the server's word (or "Expire now")
 * counts as expired: a push's days say nothing about a Pro instance's durations, and views may run
 * out sooner. Resolves how many went.
 */
export function forgetExpired(days: number, now = Date.now(), batch = SWEEP_BATCH): Promise<HistoryResult<number>> {
  return tryStorage(async () => {
    const tx = (await getDb()).transaction('history', 'readwrite');
    // From 0: a purge's throwaway records (./purge-deleted.ts) sit below every real time.
    const due = IDBKeyRange.bound(0, now - days * DAY_MS);
    const forget = async () => {
      let forgotten = 0;
      let cursor = await tx.store.index('byExpiredSince').openCursor(due);
      while (cursor && forgotten < batch) {
        await tx.store.delete(cursor.primaryKey);
        forgotten += 1;
        cursor = forgotten < batch ? await cursor.continue() : null;
      }
      return forgotten;
    };
    // Awaiting both: a failed delete also rejects `tx.done`, which must not go unhandled.
    const [forgotten] = await Promise.all([forget(), tx.done]);
    // Only a real change: every page runs this when it loads the history, and an announcement
    // each time would have two open Pushes tabs reload each other for ever.
    if (forgotten > 0) {
      announceHistoryChange('forgotten');
      // In the background of whoever swept: the list is shown meanwhile.
      void purgeDeletedHistory().catch(() => undefined);
    }
    return forgotten;
  });
}
