import { getDb } from '../db';
import { withoutTrailingSlash } from '../url';
import { isPurgeFiller } from './purge-deleted';
import { inOrder, instanceKeys, orderedRange, readEntry, type ReadEntry } from './read-entries';

/**
 * One page of the history, newest first, read with a cursor on an index: what a page shows costs
 * the same at ten entries and at fifty thousand. Records no index orders (no usable `recordedAt`,
 * ./read-entries.ts) come after the ordered ones, so one bad record never hides. Counting is not
 * cheap: Chromium's IndexedDB counts by walking the range (about 300 ms for the index and the store
 * at 50,000 entries, against 4 ms for a page's cursor), so a page is read without counts unless
 * the ordered records end on it, and the total is counted apart (`countHistory`), after the rows.
 */

export interface HistoryPage {
  entries: ReadEntry[];
  /** Records on this page that could not be read at all. */
  unreadable: number;
  /** Whether records follow this page. */
  more: boolean;
  /** Every record of the history (or of the instance), readable or not; counted only on the last page. */
  total?: number;
}

/** Page `page` (from 1) of `perPage` records of every instance, or of `baseUrl`. */
export async function readHistoryPage(page: number, perPage: number, baseUrl?: string): Promise<HistoryPage> {
  const tx = (await getDb()).transaction('history');
  const base = baseUrl === undefined ? undefined : withoutTrailingSlash(baseUrl);
  const index = base === undefined ? tx.store.index('byRecordedAt') : tx.store.index('byBaseUrl');
  const ordered = orderedRange(base);
  const skip = (Math.max(1, Math.trunc(page)) - 1) * perPage;
  const raw: unknown[] = [];
  // One record past the page says whether more follow.
  let cursor = await index.openCursor(ordered, 'prev');
  if (cursor && skip > 0) cursor = await cursor.advance(skip);
  while (cursor && raw.length <= perPage) {
    raw.push(cursor.value);
    cursor = raw.length <= perPage ? await cursor.continue() : null;
  }
  let more = raw.length > perPage;
  let total: number | undefined;
  if (!more) {
    const [indexed, stored] = await Promise.all([index.count(ordered), tx.store.count(storedKeys(base))]);
    total = stored;
    if (stored > indexed) {
      const everything = await tx.store.getAll(storedKeys(base));
      const unordered = everything.filter((record) => !inOrder((record as { recordedAt?: unknown }).recordedAt));
      const from = Math.max(0, skip - indexed);
      raw.push(...unordered.slice(from, from + perPage + 1 - raw.length));
      more = raw.length > perPage;
    }
  }
  const records = raw.slice(0, perPage).filter((record) => !isPurgeFiller(record));
  const entries = records.map(readEntry).filter((entry) => entry !== null);
  return { entries, unreadable: records.length - entries.length, more, ...(total !== undefined && { total }) };
}

/** How many records the history holds (of every instance, or of `baseUrl`), readable or not. */
export async function countHistory(baseUrl?: string): Promise<number> {
  const base = baseUrl === undefined ? undefined : withoutTrailingSlash(baseUrl);
  return (await getDb()).count('history', storedKeys(base));
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
