import { pushTime, unnamedPushLabel, type PushLabelSource } from '../history/push-label';
import { t, tCount } from '../i18n';
import type { Receipt, ReceiptEvent } from './types';
import { viewerText } from './viewer-text';

/**
 * A receipt in words. A push is named by its owner's label, or by its kind and when it was made:
 * never by its link, its secret or anything the server wrote (a notification can show on a lock
 * screen and be synced to other devices).
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

/** “Wifi at the cabin”, or "Your text push of 27 Nov 2026, 09:15", or a file push's file names. */
export function pushLabel(push: PushLabelSource): string {
  return push.name ? t('notifyReceiptNamed', push.name) : unnamedPushLabel(push);
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
  return t(SENTENCE_KEYS[receipt.event], pushLabel(push), pushTime(receipt.at)) + openedBy(receipt) + viewsLeft(receipt);
}

/** The row's and the link view's line: the same without naming the push. */
export function receiptLine(receipt: Receipt): string {
  return t(ROW_KEYS[receipt.event], pushTime(receipt.at)) + openedBy(receipt) + viewsLeft(receipt);
}
