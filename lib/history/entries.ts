import { getDb } from '../db';
import { purgeDeletedHistory } from './purge-deleted';
import { withoutTrailingSlash } from '../url';
import type { CheckedVia } from './push-state';
import type { Push } from '../pwpush/types';
import { tryStorage, withinWriteTime, type HistoryResult } from './storage';
import { readHistory, type ReadEntry } from './read-entries';
import { announceHistoryChange, type HistoryChange } from './changes';
import { withIndexKeys } from './open-key';
import { refreshed } from './refreshed';
import type { HistoryEntry, RecordDetails } from '../records';

/**
 * This browser's pushes, so a person finds a link again, copies it and expires it, with or
 * without an API token. An entry is built field by field from a `Push`, which has neither the
 * payload nor the passphrase (the client drops the echoed one), so neither can reach IndexedDB
 * even when a caller hands in a richer object. The link itself is kept: finding it is the point.
 */

export type { HistoryFailure, HistoryResult } from './storage';
export { HISTORY_WRITE_TIMEOUT_MS } from './storage';
export type { ReadEntry } from './read-entries';
export { forgetExpired } from './sweep';

/** The entry as changed, or `null` when this browser has no entry for that push. */
export type HistoryUpdate = HistoryResult<HistoryEntry | null>;

/** The entry of a push just created, built field by field: nothing else the object carries is kept. */
export function entryFrom(baseUrl: string, push: Push, input: RecordDetails, now: number): HistoryEntry {
  const entry: HistoryEntry = {
    baseUrl: withoutTrailingSlash(baseUrl),
    urlToken: push.urlToken,
    htmlUrl: push.expired ? '' : push.htmlUrl,
    kind: input.kind,
    name: push.name ?? '',
    createdAt: push.createdAt,
    recordedAt: now,
    checkedAt: now,
    checkedVia: 'created',
    expireAfterDays: push.expireAfterDays,
    expireAfterViews: push.expireAfterViews,
    deletableByViewer: push.deletableByViewer,
    retrievalStep: push.retrievalStep,
    passphraseProtected: input.passphraseProtected === true,
    expired: push.expired,
    daysRemaining: push.daysRemaining,
    viewsRemaining: push.viewsRemaining,
  };
  if (push.note) entry.note = push.note;
  if (push.expiredOn) entry.expiredAt = push.expiredOn;
  if (input.withToken !== undefined) entry.withToken = input.withToken;
  if (input.accountId) entry.accountId = input.accountId;
  const names = keptFileNames(input.fileNames);
  if (names) entry.fileNames = names;
  // A string of at most 255 characters: the details cross a port from the popup.
  if (typeof input.ownName === 'string' && input.ownName.trim()) entry.ownName = input.ownName.slice(0, 255);
  return withIndexKeys(entry);
}

/** Records a push just created. Never rejects: a failure (or a 2 s stall) comes back as a failed result. */
export function recordPush(baseUrl: string, push: Push, input: RecordDetails, now = Date.now()): Promise<HistoryResult<HistoryEntry>> {
  return withinWriteTime(
    tryStorage(async () => {
      const entry = entryFrom(baseUrl, push, input, now);
      await (await getDb()).put('history', entry);
      announceHistoryChange('recorded');
      return entry;
    }),
  );
}

/** The recorded pushes, newest first; only those of `baseUrl` when given. Unreadable records are left out (lib/history/read-entries.ts). */
export function listHistory(filter: { baseUrl?: string } = {}): Promise<HistoryResult<ReadEntry[]>> {
  return tryStorage(async () => (await readHistory(filter.baseUrl)).entries);
}

/** Marks a push expired (after "Expire now"), refreshed from the DELETE answer when given. */
export function markExpired(baseUrl: string, urlToken: string, push?: Push, now = Date.now()): Promise<HistoryUpdate> {
  return change('expired', baseUrl, urlToken, (entry) => {
    const next = push ? refreshed(entry, push, now, 'expired-here') : { ...entry, checkedAt: now };
    next.checkedVia = 'expired-here';
    next.expired = true;
    next.expiredAt ??= new Date(now).toISOString();
    next.htmlUrl = '';
    return next;
  });
}

/** Refreshes remaining days and views and the expiry from a server answer (by default its lists). */
export function updateFromServer(baseUrl: string, push: Push, now = Date.now(), via: CheckedVia = 'lists'): Promise<HistoryUpdate> {
  return change('changed', baseUrl, push.urlToken, (entry) => refreshed(entry, push, now, via));
}

/**
 * Notes that this browser retrieved a push it made ("Opened here"); `null` when it has no entry.
 * `lastView`: the answer said no view is left, and the server expires the push right after it
 * (docs/password-pusher.md#show), so it is expired now, learned here.
 */
export function markOpenedHere(baseUrl: string, urlToken: string, now = Date.now(), lastView = false): Promise<HistoryUpdate> {
  if (!lastView) return change('changed', baseUrl, urlToken, (entry) => ({ ...entry, openedHereAt: now }));
  return change('expired', baseUrl, urlToken, (entry) => ({
    ...entry,
    openedHereAt: now,
    expired: true,
    expiredAt: entry.expiredAt ?? new Date(now).toISOString(),
    viewsRemaining: 0,
    htmlUrl: '',
    checkedAt: now,
    checkedVia: 'opened-here',
  }));
}

/** Forgets one push (the push itself stays on the server). */
export function removeEntry(baseUrl: string, urlToken: string): Promise<HistoryResult<void>> {
  return tryStorage(async () => {
    await (await getDb()).delete('history', [withoutTrailingSlash(baseUrl), urlToken]);
    announceHistoryChange('forgotten');
  });
}

/** Forgets every push, or those of one instance; resolves how many entries went. */
export function clearHistory(baseUrl?: string): Promise<HistoryResult<number>> {
  return tryStorage(async () => {
    const tx = (await getDb()).transaction('history', 'readwrite');
    const keys = baseUrl === undefined ? await tx.store.getAllKeys() : await tx.store.index('byBaseUrl').getAllKeys(instanceRange(baseUrl));
    await Promise.all([...keys.map((key) => tx.store.delete(key)), tx.done]);
    if (keys.length > 0) {
      announceHistoryChange('forgotten');
      // Forgotten means gone from the disk too, before "Saved" or a lockdown's report says so.
      await purgeDeletedHistory();
    }
    return keys.length;
  });
}

/** All keys `[baseUrl, recordedAt]` of one instance in the `byBaseUrl` index. */
function instanceRange(baseUrl: string): IDBKeyRange {
  const base = withoutTrailingSlash(baseUrl);
  return IDBKeyRange.bound([base, -Infinity], [base, Infinity]);
}

function change(
  kind: HistoryChange,
  baseUrl: string,
  urlToken: string,
  edit: (entry: HistoryEntry) => HistoryEntry,
): Promise<HistoryUpdate> {
  return tryStorage(async () => {
    const tx = (await getDb()).transaction('history', 'readwrite');
    const update = async () => {
      const entry = await tx.store.get([withoutTrailingSlash(baseUrl), urlToken]);
      if (!entry) return null;
      const next = withIndexKeys(edit(entry));
      await tx.store.put(next);
      return next;
    };
    // Awaiting both: a failed put also rejects `tx.done`, which must not go unhandled.
    const [next] = await Promise.all([update(), tx.done]);
    if (next) announceHistoryChange(kind);
    return next;
  });
}

/** At most 20 names of at most 255 characters, as strings: the details cross a port from the popup. */
function keptFileNames(names: unknown): string[] | undefined {
  if (!Array.isArray(names) || names.length === 0) return undefined;
  const kept = names.filter((name): name is string => typeof name === 'string').slice(0, 20);
  return kept.length > 0 ? kept.map((name) => name.slice(0, 255)) : undefined;
}
