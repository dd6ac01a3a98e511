import { t } from '@/lib/i18n';
import type { Viewer } from './classify-viewer';
import { LINK_PREVIEWERS } from './link-previewers';

export interface ViewerText {
  /** Who opened the push, as a phrase: "Slack's link preview", "a browser". */
  who: string;
  /** For a link preview or mail scanner only: that it was no person, and what that means. */
  warning?: string;
}

/**
 * A viewer in words, as the audit log, the receipts row and the notification say it. An unknown
 * agent is never called a person; a preview or scanner this version's table no longer lists (a
 * receipt kept by an older one) is still said to be a machine.
 */
export function viewerText(viewer: Viewer): ViewerText {
  if (viewer.kind === 'browser') return { who: t('pushesViewerBrowser') };
  if (viewer.kind === 'unknown') return { who: t('pushesViewerUnknown') };
  const entry = LINK_PREVIEWERS.find((previewer) => previewer.id === viewer.id);
  const who = t(entry?.nameKey ?? 'pushesViewerMachine');
  return { who, warning: t('pushesViewerWarning', who) };
}
