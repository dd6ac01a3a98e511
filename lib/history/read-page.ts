import { getDb } from '../db';
import { withoutTrailingSlash } from '../url';
import { isPurgeFiller } from './purge-deleted';
import { inOrder, instanceKeys, orderedRange, readEntry, type ReadEntry } from './read-entries';

/**
 * One page of the history, newest first, read with a cursor on an index: what a page shows costs
 * the same at ten entries and at fifty thousand. Records no index orders (no usable `recordedAt`,
 * ./read-entries.ts) come after the ordered ones, so one bad record never hides; they are read
 * only when a cheap count says there are any and the page reaches them.
 */

export interface HistoryPage {
  entries: ReadEntry[];
  /** Records on this page that could not be read at all. */
  unreadable: number;
  /** Every record of the history (or of the instance), readable or not. */
  total: number;
}

/** Page `page` (from 1) of `perPage` records of every instance, or of `baseUrl`. */
export async function readHistoryPage(page: number, perPage: number, baseUrl?: string): Promise<HistoryPage> {
  const tx = (await getDb()).transaction('history');
  const base = baseUrl === undefined ? undefined : withoutTrailingSlash(baseUrl);
  const index = base === undefined ? tx.store.index('byRecordedAt') : tx.store.index('byBaseUrl');
  const ordered = orderedRange(base);
  const [indexed, total] = await Promise.all([index.count(ordered), tx.store.count(storedKeys(base))]);
  const skip = (Math.max(1, Math.trunc(page)) - 1) * perPage;
  const raw: unknown[] = [];
  if (skip < indexed) {
    let cursor = await index.openCursor(ordered, 'prev');
    if (cursor && skip > 0) cursor = await cursor.advance(skip);
    while (cursor && raw.length < perPage) {
      raw.push(cursor.value);
      cursor = raw.length < perPage ? await cursor.continue() : null;
    }
  }
  if (raw.length < perPage && total > indexed) {
    const everything = await tx.store.getAll(storedKeys(base));
    const unordered = everything.filter((record) => !inOrder((record as { recordedAt?: unknown }).recordedAt));
    const from = Math.max(0, skip - indexed);
    raw.push(...unordered.slice(from, from + perPage - raw.length));
  }
  const records = raw.filter((record) => !isPurgeFiller(record));
  const entries = records.map(readEntry).filter((entry) => entry !== null);
  return { entries, unreadable: records.length - entries.length, total };
}

/**
 * The store's keys of real records: a purge's throwaway records (./purge-deleted.ts) have base URLs
 * no instance has, before and after every real one, so a purge running meanwhile changes no count.
 */
export function storedKeys(base?: string): IDBKeyRange {
  return base === undefined ? IDBKeyRange.bound([FIRST_REAL], [LAST_REAL], false, true) : instanceKeys(base);
}

const FIRST_REAL = '\u0002';
const LAST_REAL = '\uffff';
