import { displayLocale, t } from '../i18n';
import type { PushKind } from '../pwpush/types';
import { shortText } from '../short-text';

/** What names a push where a person must tell it from the others. */
export interface PushLabelSource {
  /** The server's copy of the name: shown in its own isolated element on the Pushes page, never in a notification. */
  name?: string;
  /** The name as typed in this browser (lib/records.ts), what a notification names the push by. */
  ownName?: string;
  kind?: PushKind;
  createdAt?: string;
  fileNames?: readonly string[];
}

const UNNAMED_KEYS: Record<PushKind, string> = {
  text: 'notifyReceiptUnnamedText',
  url: 'notifyReceiptUnnamedUrl',
  qr: 'notifyReceiptUnnamedQr',
  file: 'notifyReceiptUnnamedFile',
};

let format: Intl.DateTimeFormat | undefined;

/** "27 Nov 2026, 10:42" in the person's language and time zone; "" when unreadable. */
export function pushTime(iso: string | number | undefined): string {
  const date = new Date(iso ?? Number.NaN);
  if (Number.isNaN(date.getTime())) return '';
  format ??= new Intl.DateTimeFormat(displayLocale(), { dateStyle: 'medium', timeStyle: 'short' });
  return format.format(date);
}

/**
 * A push without a name: a file push by its file names, any other by its kind and when it was
 * made ("Your text push of 27 Nov 2026, 09:15"), so that two of them are told apart.
 */
export function unnamedPushLabel(push: PushLabelSource): string {
  if (push.fileNames?.length) return shortText(push.fileNames.join(', '));
  const when = pushTime(push.createdAt);
  // A record without a readable time (a bad record, lib/history/read-entries.ts) says only that it has no name.
  if (!when) return t('pushesUntitled');
  const key = push.kind && Object.hasOwn(UNNAMED_KEYS, push.kind) ? UNNAMED_KEYS[push.kind] : 'notifyReceiptUnnamed';
  return t(key, when);
}
