import type { Push } from '../pwpush/types';
import type { CheckedVia } from './push-state';
import type { HistoryEntry } from '../records';

/** An entry as a server answer about its push (an answer to a DELETE, a list, a retrieval) leaves it. */

/** Copies only named fields of the answer: a `RetrievedPush` passed here leaves its payload behind. */
export function refreshed(entry: HistoryEntry, push: Push, now: number, via: CheckedVia): HistoryEntry {
  const next: HistoryEntry = {
    ...entry,
    expireAfterDays: push.expireAfterDays,
    expireAfterViews: push.expireAfterViews,
    deletableByViewer: push.deletableByViewer,
    retrievalStep: push.retrievalStep,
    daysRemaining: push.daysRemaining,
    viewsRemaining: push.viewsRemaining,
    // Expiry is final; an "active" answer may lag behind a DELETE already seen
    // (docs/password-pusher.md#lists).
    expired: entry.expired || push.expired,
    checkedAt: now,
    checkedVia: via,
  };
  if (push.expiredOn) next.expiredAt = push.expiredOn;
  if (next.expired) next.htmlUrl = '';
  if (via === 'lists') delete next.unlistedAt;
  // DELETE answers carry no name or note (docs/password-pusher.md#push-json): keep what was known.
  if (push.name !== undefined) next.name = push.name;
  if (push.note) next.note = push.note;
  else if (push.note === '') delete next.note;
  return next;
}
