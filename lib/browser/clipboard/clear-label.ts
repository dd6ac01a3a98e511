import { t } from '../../i18n';
import type { ClearClipboardSeconds } from '../../settings';
import type { Clearing } from './clearing';

const LABEL_KEYS: Record<ClearClipboardSeconds, string> = {
  0: 'clearClipboardOff',
  30: 'clearClipboard30s',
  60: 'clearClipboard1m',
  300: 'clearClipboard5m',
};

/** "Off", "30 seconds", "1 minute", "5 minutes": the settings page's choices, and the receive view's hint. */
export function clearClipboardLabel(seconds: ClearClipboardSeconds): string {
  return t(LABEL_KEYS[seconds]);
}

/** What a secret's Copy says about clearing it: when, or why it stays; nothing until the setting is read. */
export function secretCopyHint(clearing: Clearing | null): string {
  if (clearing === null) return '';
  if (clearing.seconds === 0) return t('receiveCopyNotCleared');
  if (!clearing.allowed) return t('receiveCopyNotAllowed');
  return t('receiveCopyClearedAfter', clearClipboardLabel(clearing.seconds));
}
