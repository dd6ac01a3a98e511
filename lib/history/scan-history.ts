import { getDb } from '../db';
import { isPurgeFiller } from './purge-deleted';
import { inOrder, orderedRange, readEntry, type ReadEntry } from './read-entries';
import { storedKeys } from './read-page';

/**
 * The whole history read newest first a chunk at a time, for the filter: each chunk is its own
 * short transaction, so a push being recorded meanwhile is not kept waiting behind a read of
 * fifty thousand entries (its write gives up after 2 s, ./storage.ts), and the page draws its
 * progress between chunks. Each chunk starts where the last one ended, by time; entries recorded in
 * the same millisecond are told apart by their keys.
 */

export interface ScanProgress {
  /** Records looked at so far. */
  searched: number;
  /** Records in the history when the scan began. */
  total: number;
}

export interface ScanOptions {
  signal: AbortSignal;
  /** Records per transaction. */
  chunk?: number;
  onChunk(entries: ReadEntry[], progress: ScanProgress): void;
}

/** Resolves how far it got; `complete` is false when stopped. */
export async function scanHistory({ signal, chunk = 250, onChunk }: ScanOptions): Promise<ScanProgress & { complete: boolean }> {
  const db = await getDb();
  const first = db.transaction('history');
  const [total, ordered] = await Promise.all([first.store.count(storedKeys()), first.store.index('byRecordedAt').count(orderedRange())]);
  let searched = 0;
  let last: number | undefined;
  let atLast = new Set<string>();
  const emit = (raw: unknown[]) => {
    const records = raw.filter((record) => !isPurgeFiller(record));
    searched += records.length;
    onChunk(
      records.map(readEntry).filter((entry) => entry !== null),
      { searched, total },
    );
  };
  while (!signal.aborted) {
    const tx = db.transaction('history');
    const range = last === undefined ? orderedRange() : IDBKeyRange.bound(0, last);
    let cursor = await tx.store.index('byRecordedAt').openCursor(range, 'prev');
    const raw: unknown[] = [];
    while (cursor && raw.length < chunk) {
      const key = cursor.key as number;
      const id = JSON.stringify(cursor.primaryKey);
      if (key !== last || !atLast.has(id)) {
        if (key !== last) atLast = new Set();
        last = key;
        atLast.add(id);
        raw.push(cursor.value);
      }
      cursor = raw.length < chunk ? await cursor.continue() : null;
    }
    if (raw.length === 0) break;
    emit(raw);
  }
  // Records no index orders (./read-entries.ts) come last, and are read only when there are any.
  if (!signal.aborted && total > ordered) {
    const everything = await db.getAll('history', storedKeys());
    emit(everything.filter((record) => !inOrder((record as { recordedAt?: unknown }).recordedAt)));
  }
  return { searched, total, complete: !signal.aborted };
}
