import type { AuditEntry, Push } from '../pwpush/types';
import type { PushWatch, Receipt, ReceiptViewer } from './types';

/** What one poll makes of a push's new audit entries and of its expiry. */

const DAY_MS = 86_400_000;

/**
 * Whether a listed push is over. The Active list keeps a push whose views or days ran out until
 * something touches it (docs/password-pusher.md#lists), with 0 left: that is over too.
 */
export function isOver(push: Push): boolean {
  return push.expired || push.viewsRemaining === 0 || push.daysRemaining === 0;
}

/**
 * A receipt for each counted view among the new entries, oldest first. `view` and `failed_view`
 * both use up a view (docs/password-pusher.md#push-json); only `view` showed the secret, so only it
 * is a receipt. Owner and administrator views count nothing and are no receipt.
 */
export function auditReceipts(
  watch: PushWatch & { entryId: string },
  entries: readonly AuditEntry[],
  now: number,
  classify?: (userAgent: string, referrer: string) => ReceiptViewer,
): { receipts: Receipt[]; viewsRemaining: number } {
  let left = watch.viewsRemaining;
  const receipts: Receipt[] = [];
  for (const entry of entries) {
    if (entry.kind !== 'view' && entry.kind !== 'failed_view') continue;
    left = Math.max(0, left - 1);
    if (entry.kind !== 'view') continue;
    receipts.push({
      entryId: watch.entryId,
      event: left === 0 ? 'last-view' : 'viewed',
      at: entry.createdAt,
      viewsLeft: left,
      viewer: classify ? classify(entry.userAgent, entry.referrer) : { kind: 'unknown' },
      foundAt: now,
    });
  }
  return { receipts, viewsRemaining: left };
}

/**
 * The receipt of a push's end, unless its last view already said it: `deleted` when an expire
 * event exists (docs/password-pusher.md#push-json), `last-view` when its views ran out, else its
 * days ran out (at `created_at` + days, docs/password-pusher.md#push-json).
 */
export function expiryReceipt(entryId: string, push: Push, lastReceipt: Receipt | undefined, now: number): Receipt | undefined {
  const at = push.expiredOn ?? new Date(now).toISOString();
  // Not deletable by viewers: only its owner's token could expire it (docs/password-pusher.md#delete).
  if (push.deleted) return { entryId, event: 'deleted', at, ...(push.deletableByViewer !== true && { byYou: true }), foundAt: now };
  if (push.viewsRemaining === 0) {
    if (lastReceipt?.event === 'last-view') return undefined;
    return { entryId, event: 'last-view', at, viewsLeft: 0, foundAt: now };
  }
  const daysEnd = Date.parse(push.createdAt) + push.expireAfterDays * DAY_MS;
  return {
    entryId,
    event: 'days-out',
    at: push.expiredOn ?? new Date(Number.isFinite(daysEnd) ? daysEnd : now).toISOString(),
    foundAt: now,
  };
}
