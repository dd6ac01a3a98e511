import type { ReadEntry } from '../history/read-entries';
import { sameInstance } from '../push-lists/rows';
import type { ReceiptsState } from './state';
import type { PushWatch, WatchedPush } from './types';

/** Which of this browser's pushes the watcher asks about, and what it knew of each. */

/** The id a push is named by in receipts, notifications and `pushes.html#push=<id>`: never its token. */
export function entryIdOf(entry: Pick<ReadEntry, 'recordedAt'>): string | undefined {
  return entry.recordedAt === undefined ? undefined : String(entry.recordedAt);
}

export interface Watched {
  pushes: WatchedPush[];
  /** `createdAt` (ms) of each, for the schedule. */
  createdAt: number[];
}

/**
 * The active pushes made on `baseUrl`, the instance the token was saved for (a push made on another
 * instance is never asked about: its token is not ours to send there), that the person did not stop
 * watching and that have not ended. A push not seen before starts from its own limits: made here, it
 * had all its views and no audit read. On a commercial instance a push made in another account than
 * `accountId` waits: that account's lists, which a poll reads, do not hold it (docs/password-pusher.md#accounts).
 */
export function watchedPushes(
  entries: readonly ReadEntry[],
  state: ReceiptsState,
  unwatched: readonly string[],
  baseUrl: string,
  accountId?: string,
): Watched {
  const skip = new Set([...unwatched, ...state.ended]);
  const pushes: WatchedPush[] = [];
  const createdAt: number[] = [];
  for (const entry of entries) {
    const entryId = entryIdOf(entry);
    if (!entryId || entry.expired || skip.has(entryId) || !sameInstance(entry.baseUrl, baseUrl)) continue;
    if (entry.accountId && entry.accountId !== accountId) continue;
    const known = state.watch[entryId];
    const views = viewsSaid(known, entry.expireAfterViews);
    if (views === undefined) continue;
    const push: WatchedPush = { entryId, urlToken: entry.urlToken, viewsRemaining: views, auditRead: known?.auditRead ?? 0 };
    if (entry.recordedAt !== undefined) push.madeAt = entry.recordedAt;
    pushes.push(push);
    const created = Date.parse(entry.createdAt);
    createdAt.push(Number.isFinite(created) ? created : (entry.recordedAt ?? 0));
  }
  return { pushes, createdAt };
}

/**
 * The views left after the last view the watcher put into words: what it last saw, or, for a push
 * it has not met yet (the watch keeps only pushes that changed), all of its views.
 */
function viewsSaid(known: PushWatch | undefined, expireAfterViews: number | undefined): number | undefined {
  return known?.viewsRemaining ?? expireAfterViews;
}

/**
 * Whether a list read elsewhere (the Pushes page's lists and state check) saw fewer views left than
 * the watcher has put into words: a view nobody has said who made yet. The Pushes page and the
 * popup's link view then ask for a poll at once (./link-messages.ts `askPollNow`). The first view
 * counts too: a link preview opens a push seconds after it is sent, before any poll met it.
 */
export function hasUnsaidView(listed: { viewsRemaining?: number; expireAfterViews?: number }, known: PushWatch | undefined): boolean {
  const said = viewsSaid(known, listed.expireAfterViews);
  return listed.viewsRemaining !== undefined && said !== undefined && listed.viewsRemaining < said;
}
