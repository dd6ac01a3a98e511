import { getDb } from '../db';
import { withoutTrailingSlash } from '../url';
import type { Push } from '../pwpush/types';
import { announceHistoryChange } from './changes';
import { daysEnd } from './push-state';
import type { ReadEntry } from './read-entries';
import { refreshed } from './refreshed';
import { tryStorage, type HistoryResult } from './storage';
import { withIndexKeys } from './open-key';

/**
 * Writing what the server's lists said of this browser's pushes: the whole opening (or list page)
 * in one transaction, and only the entries it tells something new. Each opening of the Pushes page
 * meets most pushes again unchanged; a transaction and a write for each of them cost as much as
 * the history is long, for nothing.
 */

/**
 * Whether the lists' word on a push says something its entry does not hold. `roundStartedAt`: the
 * state check's round (../push-lists/state-refresh.ts), which counts a push as listed by when the lists last
 * held it, so an entry not yet marked within the round is written.
 */
export function learnsSomething(entry: ReadEntry, push: Push, now: number, roundStartedAt?: number): boolean {
  if (push.expired && !entry.expired) return true;
  if (entry.daysRemaining !== push.daysRemaining || entry.viewsRemaining !== push.viewsRemaining) return true;
  if (entry.expireAfterDays !== push.expireAfterDays || entry.expireAfterViews !== push.expireAfterViews) return true;
  if (entry.deletableByViewer !== push.deletableByViewer || entry.retrievalStep !== push.retrievalStep) return true;
  if (push.expiredOn && push.expiredOn !== entry.expiredAt) return true;
  if (push.name !== undefined && push.name !== entry.name) return true;
  if (push.note !== undefined && push.note !== (entry.note ?? '')) return true;
  if (entry.checkedVia !== 'lists' || entry.checkedAt === undefined || entry.unlistedAt !== undefined) return true;
  if (roundStartedAt !== undefined && entry.checkedAt < roundStartedAt) return true;
  // An answer from before the push's days ran out no longer outweighs the clock (./push-state.ts).
  const end = daysEnd({ createdAt: entry.createdAt, expireAfterDays: entry.expireAfterDays });
  return end !== undefined && entry.checkedAt < end && end <= now;
}

/**
 * In one transaction: the `changed` pushes refreshed from the lists' answer, and the `unlisted`
 * tokens marked as missed by a whole round. Writes nothing, and begins no transaction, when both
 * are empty. Resolves how many entries were written.
 */
export function saveListStates(
  baseUrl: string,
  changed: readonly Push[],
  unlisted: readonly string[],
  now: number,
): Promise<HistoryResult<number>> {
  return tryStorage(async () => {
    if (changed.length + unlisted.length === 0) return 0;
    const base = withoutTrailingSlash(baseUrl);
    const tx = (await getDb()).transaction('history', 'readwrite');
    const write = async () => {
      const [fresh, missed] = await Promise.all([
        Promise.all(changed.map((push) => tx.store.get([base, push.urlToken]))),
        Promise.all(unlisted.map((urlToken) => tx.store.get([base, urlToken]))),
      ]);
      const puts = [
        ...fresh.flatMap((entry, i) => (entry ? [withIndexKeys(refreshed(entry, changed[i]!, now, 'lists'))] : [])),
        ...missed.flatMap((entry) => (entry ? [withIndexKeys({ ...entry, unlistedAt: now })] : [])),
      ];
      await Promise.all(puts.map((entry) => tx.store.put(entry)));
      return puts.length;
    };
    // Awaiting both: a failed put also rejects `tx.done`, which must not go unhandled.
    const [written] = await Promise.all([write(), tx.done]);
    if (written > 0) announceHistoryChange('changed');
    return written;
  });
}
