import { browser } from 'wxt/browser';
import { t, tCount } from '../i18n';
import type { PushLabelSource } from '../history/push-label';
import { receiptMessage } from './receipt-text';
import type { Receipt } from './types';

/**
 * Receipts as system notifications, and their click. More than `GROUP_ABOVE` at once (the first
 * poll after a day offline, a push forwarded to a whole team) make one notification, not a storm.
 * What a click opens is kept in the notification id: the service worker may be stopped between
 * showing it and the click.
 */

const PREFIX = 'pushgate-receipt:';
export const GROUP_ABOVE = 3;

export async function notifyReceipts(receipts: readonly Receipt[], pushes: ReadonlyMap<string, PushLabelSource>): Promise<void> {
  if (receipts.length === 0) return;
  const icon = browser.runtime.getURL('/icons/128.png');
  if (receipts.length > GROUP_ABOVE) {
    await browser.notifications.create(`${PREFIX}:${crypto.randomUUID()}`, {
      type: 'basic',
      iconUrl: icon,
      title: t('notifyReceiptsTitle'),
      message: tCount(receipts.length, 'notifyReceiptsGroupedOne', 'notifyReceiptsGrouped'),
    });
    return;
  }
  for (const receipt of receipts) {
    await browser.notifications.create(`${PREFIX}${receipt.entryId}:${crypto.randomUUID()}`, {
      type: 'basic',
      iconUrl: icon,
      title: t('notifyReceiptTitle'),
      message: receiptMessage(receipt, pushes.get(receipt.entryId) ?? {}),
    });
  }
}

/** The Pushes page at the push's row (`#push=<entry id>`), or at its top for a grouped notification. */
export function pushesPageFor(entryId: string): string {
  return browser.runtime.getURL(entryId ? `/pushes.html#push=${encodeURIComponent(entryId)}` : '/pushes.html');
}

/** Registered in the background's first turn; other notifications are left to their own listener. */
export function listenForReceiptClicks(): void {
  browser.notifications.onClicked.addListener(async (id) => {
    if (!id.startsWith(PREFIX)) return;
    const entryId = id.slice(PREFIX.length, id.indexOf(':', PREFIX.length));
    await browser.tabs.create({ url: pushesPageFor(entryId) });
    await browser.notifications.clear(id);
  });
}
