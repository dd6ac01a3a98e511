import { getDb } from '../db';
import { withoutTrailingSlash } from '../url';
import type { PushKind } from '../pwpush/types';
import type { CheckedVia } from './push-state';
import { isPurgeFiller } from './purge-deleted';
import type { HistoryEntry } from '../records';

/**
 * Reading the history as it is on disk, not as the types say: an older build, a disk fault or a
 * bug may have written any record, and one bad record must never hide the others. A record is
 * read field by field; a field that does not hold what it should is left out (shown as unknown),
 * and a record whose key is unusable (no token to copy, expire or forget it by) is counted, not listed.
 */

/** An entry as read back: the fields a bad record may lack are optional. */
export type ReadEntry = Pick<
  HistoryEntry,
  'baseUrl' | 'urlToken' | 'htmlUrl' | 'name' | 'createdAt' | 'deletableByViewer' | 'retrievalStep' | 'passphraseProtected' | 'expired'
> &
  Partial<HistoryEntry>;

export interface HistoryListing {
  /** Newest first; records without a usable `recordedAt` last. */
  entries: ReadEntry[];
  /** Records that could not be read at all. */
  unreadable: number;
}

const KINDS: readonly string[] = ['text', 'url', 'qr', 'file'] satisfies PushKind[];
const VIAS: readonly string[] = ['created', 'lists', 'expired-here', 'opened-here'] satisfies CheckedVia[];
/** The largest time a `Date` holds: past it formatting throws a `RangeError`. */
const MAX_TIME = 8.64e15;

/** The records of every instance, or of `baseUrl`. */
export async function readHistory(baseUrl?: string): Promise<HistoryListing> {
  const tx = (await getDb()).transaction('history');
  const base = baseUrl === undefined ? undefined : withoutTrailingSlash(baseUrl);
  const [indexed, all] = await Promise.all([
    base === undefined ? tx.store.index('byRecordedAt').getAll(orderedRange()) : tx.store.index('byBaseUrl').getAll(orderedRange(base)),
    // A record whose `recordedAt` is missing or not a number is in no index (lib/db.ts): only the
    // store itself has it. Counting is cheap; the whole store is read only when they differ.
    tx.store.count(base === undefined ? undefined : instanceKeys(base)),
  ]);
  let raw: unknown[] = indexed.reverse();
  if (all !== indexed.length) {
    const everything = await tx.store.getAll(base === undefined ? undefined : instanceKeys(base));
    raw = raw.concat(everything.filter((record) => !inOrder((record as { recordedAt?: unknown }).recordedAt)));
  }
  raw = raw.filter((record) => !isPurgeFiller(record));
  const entries = raw.map(readEntry).filter((entry) => entry !== null);
  return { entries, unreadable: raw.length - entries.length };
}

/** The record of one push, read field by field; null when there is none or it cannot be read. */
export async function readOne(baseUrl: string, urlToken: string): Promise<ReadEntry | null> {
  const record: unknown = await (await getDb()).get('history', [withoutTrailingSlash(baseUrl), urlToken]);
  return record === undefined || isPurgeFiller(record) ? null : readEntry(record);
}

/** Every key `[baseUrl, anything]`: arrays sort after every other key type. */
export function instanceKeys(base: string): IDBKeyRange {
  return IDBKeyRange.bound([base], [base, []]);
}

/**
 * The index keys of the times the list is ordered by: exactly the records `inOrder` accepts, so
 * every record is either in the ordered part or in the rest, never both.
 */
export function orderedRange(base?: string): IDBKeyRange {
  return base === undefined ? IDBKeyRange.bound(0, MAX_TIME) : IDBKeyRange.bound([base, 0], [base, MAX_TIME]);
}

/** A `recordedAt` the list can be ordered by: a time no earlier than 1970 that a `Date` holds. */
export function inOrder(value: unknown): value is number {
  return isTime(value) && value >= 0;
}

/** One stored record read field by field; null when it has no usable key. */
export function readEntry(raw: unknown): ReadEntry | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const record = raw as Record<string, unknown>;
  if (!text(record.baseUrl) || !text(record.urlToken)) return null;
  const entry: ReadEntry = {
    baseUrl: record.baseUrl as string,
    urlToken: record.urlToken as string,
    htmlUrl: text(record.htmlUrl),
    name: text(record.name),
    createdAt: text(record.createdAt),
    deletableByViewer: record.deletableByViewer === null ? null : record.deletableByViewer === true,
    retrievalStep: record.retrievalStep === true,
    passphraseProtected: record.passphraseProtected === true,
    expired: record.expired === true,
  };
  if (typeof record.kind === 'string' && KINDS.includes(record.kind)) entry.kind = record.kind as PushKind;
  if (text(record.note)) entry.note = record.note as string;
  if (text(record.ownName)) entry.ownName = record.ownName as string;
  if (Array.isArray(record.fileNames) && record.fileNames.every((name) => typeof name === 'string')) {
    entry.fileNames = record.fileNames as string[];
  }
  if (text(record.expiredAt)) entry.expiredAt = record.expiredAt as string;
  if (isTime(record.recordedAt)) entry.recordedAt = record.recordedAt;
  if (isTime(record.openedHereAt)) entry.openedHereAt = record.openedHereAt;
  if (isTime(record.unlistedAt)) entry.unlistedAt = record.unlistedAt;
  if (typeof record.withToken === 'boolean') entry.withToken = record.withToken;
  if (text(record.accountId)) entry.accountId = record.accountId as string;
  // A state is claimed only with both when and how it was checked (lib/history/push-state.ts).
  if (isTime(record.checkedAt)) {
    entry.checkedAt = record.checkedAt;
    if (typeof record.checkedVia === 'string' && VIAS.includes(record.checkedVia)) entry.checkedVia = record.checkedVia as CheckedVia;
  }
  for (const key of ['expireAfterDays', 'expireAfterViews', 'daysRemaining', 'viewsRemaining'] as const) {
    if (isCount(record[key])) entry[key] = record[key];
  }
  return entry;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function isTime(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= MAX_TIME;
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}
