import { browser } from 'wxt/browser';
import { readState, unseenCount } from './receipts/state';
import { receiptsSeenAt } from './settings/receipts';
import { whatsNew } from './settings/whats-new';

/**
 * The toolbar icon's badge, which two things share: read receipts found since the Pushes page was
 * last opened (their count), and an update with new behaviour not yet looked at (a dot, until
 * "What's new" is seen). The count says more and wins; the dot shows again once it is read.
 */
export const WHATS_NEW_DOT = '•';

export function badgeText(unseenReceipts: number, whatsNewUnseen: boolean): string {
  if (unseenReceipts > 0) return String(unseenReceipts);
  return whatsNewUnseen ? WHATS_NEW_DOT : '';
}

/**
 * Paints the badge from what is stored; the one writer of its text. Receipts are sharing's: the
 * Airport package paints only the dot, and carries no receipts code (test/build/bundles.test.ts).
 */
export async function paintBadge(): Promise<void> {
  const [receipts, note] = await Promise.all([import.meta.env.PUSHGATE_SHARE ? unseenReceipts() : 0, whatsNew.getValue()]);
  await browser.action.setBadgeText({ text: badgeText(receipts, note !== null && !note.seen) });
}

async function unseenReceipts(): Promise<number> {
  const [state, seenAt] = await Promise.all([readState(), receiptsSeenAt.getValue()]);
  return unseenCount(state, seenAt);
}
