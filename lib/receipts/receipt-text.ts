import { pushTime, unnamedPushLabel, type PushLabelSource } from '../history/push-label';
import { t, tCount } from '../i18n';
import { notificationText } from '../short-text';
import type { Receipt, ReceiptEvent } from './types';
import { viewerText } from './viewer-text';

/**
 * A receipt in words. A push is named by what its owner typed as its name, or by its kind and when
 * it was made: never by its link, its secret or anything the server wrote (a notification can show
 * on a lock screen and be synced to other devices, and a hostile instance can send any name).
 */

const SENTENCE_KEYS: Record<ReceiptEvent, string> = {
  viewed: 'notifyReceiptViewed',
  'last-view': 'notifyReceiptLastView',
  deleted: 'notifyReceiptDeleted',
  'days-out': 'notifyReceiptDaysOut',
};

const ROW_KEYS: Record<ReceiptEvent, string> = {
  viewed: 'pushesReceiptViewed',
  'last-view': 'pushesReceiptLastView',
  deleted: 'pushesReceiptDeleted',
  'days-out': 'pushesReceiptDaysOut',
};

/**
 * Password Pusher's expire event names no user (docs/password-pusher.md#audit-log): "by you" only
 * when no one else could have (not deletable by viewers) or this browser did it.
 */
function sentenceKey(receipt: Receipt, keys: Record<ReceiptEvent, string>, byYou: string): string {
  return receipt.event === 'deleted' && receipt.byYou ? byYou : keys[receipt.event];
}

/**
 * When it happened, by the server's clock but never after this browser learned of it nor before
 * the push was made (a year-9999 view is shown as when it was found); unreadable: when it was found.
 */
function when(at: string, foundAt: number, createdAt?: string): number {
  const time = Date.parse(at);
  if (Number.isNaN(time)) return foundAt;
  const created = createdAt === undefined ? Number.NaN : Date.parse(createdAt);
  const floor = Number.isNaN(created) || created > foundAt ? Number.NEGATIVE_INFINITY : created;
  return Math.min(Math.max(time, floor), foundAt);
}

/**
 * “Wifi at the cabin”, or "Your text push of 27 Nov 2026, 09:15", or a file push's file names, each
 * quoted as a notification quotes text (lib/short-text.ts); its time no later than `now`.
 */
export function pushLabel(push: PushLabelSource, now: number): string {
  if (push.ownName) return t('notifyReceiptNamed', notificationText(push.ownName));
  if (push.fileNames?.length) return notificationText(push.fileNames.join(', '));
  const created = push.createdAt === undefined ? Number.NaN : Date.parse(push.createdAt);
  return unnamedPushLabel({ kind: push.kind, createdAt: new Date(Number.isNaN(created) ? now : Math.min(created, now)).toISOString() });
}

/** "4 views left." after a counted view; nothing for the others. */
function viewsLeft(receipt: Receipt): string {
  return receipt.event === 'viewed' && receipt.viewsLeft !== undefined
    ? ` ${tCount(receipt.viewsLeft, 'notifyReceiptViewLeft', 'notifyReceiptViewsLeft')}`
    : '';
}

/** Who opened it: a link preview or scanner with the warning that no person did, else "Opened by a browser." */
function openedBy(receipt: Receipt): string {
  if (!receipt.viewer) return '';
  const text = viewerText(receipt.viewer);
  return ` ${text.warning ?? t('notifyReceiptOpenedBy', text.who)}`;
}

/** The notification's text: which push, what happened when, by whom, how many views are left. */
export function receiptMessage(receipt: Receipt, push: PushLabelSource): string {
  const at = pushTime(when(receipt.at, receipt.foundAt, push.createdAt));
  return (
    t(sentenceKey(receipt, SENTENCE_KEYS, 'notifyReceiptDeletedByYou'), pushLabel(push, receipt.foundAt), at) +
    openedBy(receipt) +
    viewsLeft(receipt)
  );
}

/** The row's and the link view's line: the same without naming the push. */
export function receiptLine(receipt: Receipt): string {
  return (
    t(sentenceKey(receipt, ROW_KEYS, 'pushesReceiptDeletedByYou'), pushTime(when(receipt.at, receipt.foundAt))) +
    openedBy(receipt) +
    viewsLeft(receipt)
  );
}
