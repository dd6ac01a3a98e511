import { getDb } from '../db';
import type { HistoryEntry } from '../records';

/**
 * Makes the disk let go of what the history forgot. Chromium keeps IndexedDB in LevelDB, which keeps
 * a deleted record's bytes in its files until a compaction merges them with their deletion, and it
 * compacts a range of keys only when newer files over that same range pile up: a forgotten name,
 * note or link was still in the profile after a restart (test/e2e/forget-on-disk.e2e.ts). So
 * throwaway records spanning the history store's whole key range, and each of its indexes', are written and
 * deleted until LevelDB has compacted that range: about 29 MB of writes, a second or two, no secret
 * among them. Firefox's IndexedDB is SQLite: the same writes cost it little.
 */

const ROUNDS = 12;
const RECORDS_PER_ROUND = 600;
const FILLER = 'x'.repeat(4 * 1024);
/** Keys no instance has; readers skip the records by `isPurgeFiller` should one be read meanwhile. */
const FIRST_KEY = '';
const LAST_KEY = '\uffff';

let running: Promise<void> | null = null;

/** A throwaway record of a purge in progress: readers skip it (./read-entries.ts). */
export function isPurgeFiller(record: unknown): boolean {
  return typeof record === 'object' && record !== null && 'purgeFiller' in record;
}

/** Compacts the history's key range after a forget. Concurrent calls share one run. */
export function purgeDeletedHistory(): Promise<void> {
  running ??= fill().finally(() => {
    running = null;
  });
  return running;
}

async function fill(): Promise<void> {
  const db = await getDb();
  for (let round = 0; round < ROUNDS; round++) {
    const tx = db.transaction('history', 'readwrite');
    const keys: [string, string][] = [];
    for (let i = 0; i < RECORDS_PER_ROUND; i++) {
      // Each round's records reach from the first key to the last, of the store and of every index.
      const baseUrl = i === 0 ? FIRST_KEY : i === RECORDS_PER_ROUND - 1 ? LAST_KEY : `\u0001${(i * 7919) % 1000}`;
      const urlToken = `\u0001purge-${round}-${i}`;
      keys.push([baseUrl, urlToken]);
      // Below and above every real time: the index is spanned, and no list counts them (./read-entries.ts orderedRange).
      const recordedAt = i === RECORDS_PER_ROUND - 1 ? Number.MAX_SAFE_INTEGER : i - RECORDS_PER_ROUND;
      // Not an entry: only the keys and the size matter.
      const openKey = [baseUrl, 'lists', '', recordedAt];
      void tx.store.put({
        baseUrl,
        urlToken,
        recordedAt,
        expiredSince: recordedAt,
        openKey,
        purgeFiller: FILLER,
      } as unknown as HistoryEntry);
    }
    await tx.done;
    const removal = db.transaction('history', 'readwrite');
    await Promise.all([...keys.map((key) => removal.store.delete(key)), removal.done]);
  }
}
