import { getDb, type QueueReading } from '../db';
import type { Slot } from './slot';

/**
 * The readings in IndexedDB (lib/db.ts, store `readings`): one per checkpoint and quarter hour of
 * a day (a later reading in the same quarter hour replaces the earlier), at most 8 weeks old and
 * at most `READINGS_CAP` of them. Each write prunes a bounded number, oldest first, so no write
 * ever walks the whole store. Every call swallows storage errors: readings are a nicety, never a
 * reason for the board to fail.
 */

/** Eight weeks: eight of each weekday, and no older habit of an airport than that. */
export const READINGS_MAX_AGE_MS = 8 * 7 * 24 * 60 * 60_000;
/**
 * About 2 MB at ~100 bytes a record: eight weeks of every quarter hour of a day for four
 * checkpoints (8 × 7 × 96 = 5,376 each), far more than a person who looks now and then keeps.
 */
export const READINGS_CAP = 20_000;
/** Records one write may delete: a write stays short; the next one goes on. */
export const PRUNE_BATCH = 200;

/** Keeps `readings` (those older than eight weeks are not kept), then prunes. Resolves false when storage failed. */
export async function keepReadings(readings: readonly QueueReading[], now: number = Date.now()): Promise<boolean> {
  const fresh = readings.filter((reading) => reading.at > now - READINGS_MAX_AGE_MS);
  try {
    if (fresh.length > 0) {
      const tx = (await getDb()).transaction('readings', 'readwrite');
      await Promise.all([...fresh.map((reading) => tx.store.put(reading)), tx.done]);
    }
    await pruneReadings(now);
    return true;
  } catch {
    return false;
  }
}

/**
 * Deletes at most `batch` readings: first those older than eight weeks, then, while more than
 * `cap` are kept, the oldest. Resolves how many went.
 */
export async function pruneReadings(now: number = Date.now(), batch = PRUNE_BATCH, cap = READINGS_CAP): Promise<number> {
  const tx = (await getDb()).transaction('readings', 'readwrite');
  const byAt = tx.store.index('byAt');
  let deleted = 0;
  const expired = IDBKeyRange.upperBound(now - READINGS_MAX_AGE_MS);
  for (let cursor = await byAt.openCursor(expired); cursor && deleted < batch; cursor = await cursor.continue()) {
    await cursor.delete();
    deleted += 1;
  }
  let over = (await tx.store.count()) - cap;
  for (let cursor = over > 0 && deleted < batch ? await byAt.openCursor() : null; cursor; cursor = await cursor.continue()) {
    await cursor.delete();
    deleted += 1;
    over -= 1;
    if (over <= 0 || deleted >= batch) break;
  }
  await tx.done;
  return deleted;
}

/** The readings of one airport from one source in the given slots (any checkpoint, any week), or none when storage fails. */
export async function readingsIn(source: string, iata: string, slots: readonly Slot[]): Promise<QueueReading[]> {
  try {
    const index = (await getDb()).transaction('readings', 'readonly').store.index('bySlot');
    const code = iata.toUpperCase();
    const found = await Promise.all(slots.map(({ weekday, step }) => index.getAll([source, code, weekday, step])));
    return found.flat();
  } catch {
    return [];
  }
}

/** Forgets every reading: the history's switch, "Forget airport data" and the lockdown. Resolves false when storage failed. */
export async function forgetReadings(): Promise<boolean> {
  try {
    await (await getDb()).clear('readings');
    return true;
  } catch {
    return false;
  }
}
