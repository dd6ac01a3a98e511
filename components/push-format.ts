import { dateTimeFormat } from '@/lib/date-time';
import { t } from '@/lib/i18n';
import type { PushKind } from '@/lib/pwpush/types';

/** Words and dates for the pushes page's cells. */

const KIND_KEYS: Record<PushKind, string> = {
  text: 'pushesKindText',
  url: 'pushesKindUrl',
  qr: 'pushesKindQr',
  file: 'pushesKindFile',
};

/** "Text", "URL"…; "unknown" for a push the server listed: the API never says its kind. */
export function kindLabel(kind: PushKind | undefined): string {
  return kind && Object.hasOwn(KIND_KEYS, kind) ? t(KIND_KEYS[kind]) : t('pushesUnknown');
}

/** A server timestamp (ISO 8601 UTC) in the person's own time zone and language; "" when unreadable. */
export function localTime(iso: string, withSeconds = false): string {
  const date = new Date(iso);
  if (!iso || Number.isNaN(date.getTime())) return '';
  return dateTimeFormat(withSeconds).format(date);
}

export function yesNo(value: boolean): string {
  return value ? t('pushesYes') : t('pushesNo');
}

/** `null` is a URL push, which no viewer may expire (docs/password-pusher.md#push-json). */
export function deletableLabel(value: boolean | null): string {
  return value === null ? t('pushesOwnerOnly') : yesNo(value);
}

export function countLabel(value: number | undefined): string {
  return value === undefined ? t('pushesUnknown') : String(value);
}
