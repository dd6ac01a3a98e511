import type { HttpError } from '../http';
import { hasNextPage, MAX_PAGE, PAGE_SIZE } from '../push-lists/rows';
import type { ListFetcher } from '../push-lists/state-refresh';
import type { AuditEntry, Page, Push, PushResult } from '../pwpush/types';
import { auditReceipts, expiryReceipt, isOver } from './receipts-of';
import type { PushWatch, Receipt, ReceiptViewer, WatchedPush } from './types';

/**
 * One poll of the receipts watcher, the cheapest reading first: the Active list tells every
 * watched push's views left (one request for up to 50 pushes), the Expired list is read only
 * when a watched push went missing from Active, and the audit log only for a push whose views
 * changed, from the first entry not yet read. Pure: the server is reached through the fetchers
 * given, and nothing is stored here.
 */

export type AuditFetcher = (urlToken: string, page: number) => Promise<PushResult<Page<AuditEntry>>>;

export interface PollDeps {
  active: ListFetcher;
  expired: ListFetcher;
  audit: AuditFetcher;
  now: number;
  /** At most this many requests (lib/receipts/schedule.ts); what is left over waits for the next poll. */
  maxRequests: number;
  /** Who a user agent and referrer belong to; without it every viewer is `unknown`. */
  classify?: (userAgent: string, referrer: string) => ReceiptViewer;
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
  /** The failure that ended the poll early (what was learned before it is kept). */
  failure?: HttpError;
}

export async function poll(watched: readonly WatchedPush[], deps: PollDeps): Promise<PollOutcome> {
  const outcome: PollOutcome = { requests: 0, receipts: [], watch: new Map(), ended: [], changed: new Map() };
  const budget = () => deps.maxRequests - outcome.requests;
  const byToken = new Map(watched.map((push) => [push.urlToken, push]));
  const found = new Map<string, Push>();

  const readList = async (fetchPage: ListFetcher): Promise<'done' | 'cut' | 'failed'> => {
    for (let page = 1; found.size < byToken.size && page <= MAX_PAGE; page += 1) {
      if (budget() <= 0) return 'cut';
      outcome.requests += 1;
      const answer = await fetchPage(page);
      if (!answer.ok) {
        outcome.failure = answer.error;
        return 'failed';
      }
      for (const push of answer.value.items) if (byToken.has(push.urlToken)) found.set(push.urlToken, push);
      if (!hasNextPage(answer.value)) break;
    }
    return 'done';
  };

  const active = await readList(deps.active);
  if (active === 'failed') return outcome;
  // Only a list read to its end proves a push left it; one cut short by the budget proves nothing.
  if (active === 'done' && found.size < byToken.size) {
    const expired = await readList(deps.expired);
    if (expired === 'failed') return outcome;
    if (expired === 'done') for (const push of watched) if (!found.has(push.urlToken)) outcome.ended.push(push.entryId);
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
