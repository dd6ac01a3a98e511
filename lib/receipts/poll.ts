import type { HttpError } from '../http';
import { walkLists, type ListCursor, type ListFetcher } from '../push-lists/list-walk';
import { hasNextPage, MAX_PAGE, PAGE_SIZE } from '../push-lists/rows';
import type { AuditEntry, Page, Push, PushResult } from '../pwpush/types';
import { auditReceipts, expiryReceipt, isOver } from './receipts-of';
import type { PushWatch, Receipt, ReceiptViewer, WatchedPush } from './types';

/**
 * One poll of the receipts watcher, the cheapest reading first: the Active list tells every
 * watched push's views left (one request for up to 50 pushes), read as one walk through the Active
 * and then the Expired list that each poll carries on from where the last one stopped
 * (lib/push-lists/list-walk.ts), and the audit log only for a push whose views changed, from the
 * first entry not yet read. Pure: the server is reached through the fetchers given, and nothing is
 * stored here.
 */

export type AuditFetcher = (urlToken: string, page: number) => Promise<PushResult<Page<AuditEntry>>>;

/** Where the walk stands between polls, and which watched pushes (by entry id) it met since its round began. */
export interface ReceiptsWalk extends ListCursor {
  seen: string[];
}

export interface PollDeps {
  active: ListFetcher;
  expired: ListFetcher;
  audit: AuditFetcher;
  now: number;
  /** At most this many requests (lib/receipts/schedule.ts); what is left over waits for the next poll. */
  maxRequests: number;
  /** Who a user agent and referrer belong to; without it every viewer is `unknown`. */
  classify?: (userAgent: string, referrer: string) => ReceiptViewer;
  /** Where the last poll's walk stopped; none: a new round from Active page 1. */
  walk?: ReceiptsWalk | null;
}

export interface PollOutcome {
  requests: number;
  receipts: Receipt[];
  /** The new state of each push still watched that changed; the others stay as they were. */
  watch: Map<string, PushWatch>;
  /** Pushes no longer watched: expired, or in neither list any more. */
  ended: string[];
  /** The server's word on each push that changed, by entry id, for the history. */
  changed: Map<string, Push>;
  /** Where the next poll goes on. */
  walk: ReceiptsWalk | null;
  /** The failure that ended the poll early (what was learned before it is kept). */
  failure?: HttpError;
}

export async function poll(watched: readonly WatchedPush[], deps: PollDeps): Promise<PollOutcome> {
  const before = deps.walk ?? null;
  const outcome: PollOutcome = { requests: 0, receipts: [], watch: new Map(), ended: [], changed: new Map(), walk: before };
  const budget = () => deps.maxRequests - outcome.requests;
  const byToken = new Map(watched.map((push) => [push.urlToken, push]));
  const found = new Map<string, Push>();
  const seen = new Set(before?.seen ?? []);
  // Each push found with fewer views than known costs at least one audit read: the walk leaves room for it.
  const audits = () => [...found].filter(([token, push]) => push.viewsRemaining < byToken.get(token)!.viewsRemaining).length;

  const walk = await walkLists({
    lists: { active: deps.active, expired: deps.expired },
    cursor: before && { list: before.list, page: before.page, roundStartedAt: before.roundStartedAt },
    now: deps.now,
    mayAsk: (requests) => requests + audits() < deps.maxRequests,
    onPage: (_list, page) => {
      for (const push of page.items) {
        const watch = byToken.get(push.urlToken);
        if (!watch || found.has(push.urlToken)) continue;
        found.set(push.urlToken, push);
        seen.add(watch.entryId);
      }
    },
    satisfied: () => found.size === byToken.size,
  });
  outcome.requests = walk.requests;
  if (walk.failure) {
    // Nothing learned is kept, the walk's place included: the next poll reads the same pages.
    outcome.failure = walk.failure;
    return outcome;
  }
  if (walk.endedRound === undefined) outcome.walk = { ...walk.cursor, seen: [...seen] };
  else {
    // A whole round through both lists met it nowhere: purged, or no longer the account's.
    const round = walk.endedRound;
    for (const push of watched) if (!seen.has(push.entryId) && (push.madeAt ?? 0) < round) outcome.ended.push(push.entryId);
    outcome.walk = { ...walk.cursor, seen: [] };
  }

  for (const [urlToken, push] of found) {
    const watch = byToken.get(urlToken)!;
    const result = await readPush(watch, push, deps, outcome, budget);
    if (result === 'stop') break;
  }
  return outcome;
}

/** Reads what changed of one listed push; `stop` when a failure or the budget ends the poll. */
async function readPush(
  watch: WatchedPush,
  push: Push,
  deps: PollDeps,
  outcome: PollOutcome,
  budget: () => number,
): Promise<'next' | 'stop'> {
  const over = isOver(push);
  let state: PushWatch = { viewsRemaining: watch.viewsRemaining, auditRead: watch.auditRead };
  let complete = true;
  if (push.viewsRemaining < watch.viewsRemaining) {
    const entries: AuditEntry[] = [];
    let page = Math.floor(watch.auditRead / PAGE_SIZE) + 1;
    for (; page <= MAX_PAGE; page += 1) {
      if (budget() <= 0) {
        complete = false;
        break;
      }
      outcome.requests += 1;
      const answer = await deps.audit(watch.urlToken, page);
      if (!answer.ok) {
        // Not the owner's any more, or purged: nothing more will be learned of it.
        if (answer.error.kind === 'forbidden' || answer.error.kind === 'not-found') {
          outcome.ended.push(watch.entryId);
          return 'next';
        }
        outcome.failure = answer.error;
        complete = false;
        break;
      }
      const skip = page === Math.floor(watch.auditRead / PAGE_SIZE) + 1 ? watch.auditRead % PAGE_SIZE : 0;
      entries.push(...answer.value.items.slice(skip));
      if (!hasNextPage(answer.value)) break;
    }
    const read = auditReceipts(watch, entries, deps.now, deps.classify);
    outcome.receipts.push(...read.receipts);
    state = { viewsRemaining: complete ? push.viewsRemaining : read.viewsRemaining, auditRead: watch.auditRead + entries.length };
    if (!complete) {
      if (entries.length > 0) outcome.watch.set(watch.entryId, state);
      return 'stop';
    }
  }
  if (over) {
    const last = outcome.receipts.findLast((receipt) => receipt.entryId === watch.entryId);
    const receipt = expiryReceipt(watch.entryId, push, last, deps.now);
    if (receipt) outcome.receipts.push(receipt);
    outcome.ended.push(watch.entryId);
    outcome.changed.set(watch.entryId, push);
  } else if (state.viewsRemaining !== watch.viewsRemaining || state.auditRead !== watch.auditRead) {
    outcome.watch.set(watch.entryId, state);
    outcome.changed.set(watch.entryId, push);
  }
  return 'next';
}
