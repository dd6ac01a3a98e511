import { storage } from './storage-item';

/** What this browser keeps: the history of pushes made in it, and how long a copied secret stays on the clipboard. */

/** What this browser keeps of the pushes made in it (lib/history/entries.ts): links, names and notes, never a secret. */
export interface HistorySettings {
  keep: boolean;
  /** A push known to be expired is forgotten this many days after it expired. */
  forgetExpiredAfterDays: number;
}

const DEFAULT_HISTORY_SETTINGS: HistorySettings = { keep: true, forgetExpiredAfterDays: 30 };

export const historySettings = /* @__PURE__ */ storage.defineItem<HistorySettings>('local:historySettings', {
  fallback: DEFAULT_HISTORY_SETTINGS,
  version: 1,
});

export async function getHistorySettings(): Promise<HistorySettings> {
  return historySettingsOf(await historySettings.getValue());
}

/** The stored settings with the defaults of what is not stored (a read of several items at once hands them over as stored). */
export function historySettingsOf(stored: Partial<HistorySettings> | null | undefined): HistorySettings {
  return { ...DEFAULT_HISTORY_SETTINGS, ...stored };
}

/** The choices of "Clear copied secrets after", in seconds; 0 is Off. */
export const CLEAR_CLIPBOARD_CHOICES = [0, 30, 60, 300] as const;
export type ClearClipboardSeconds = (typeof CLEAR_CLIPBOARD_CHOICES)[number];

/** How long a retrieved secret that was copied stays on the clipboard (lib/browser/clipboard/clearer.ts). */
export const clearClipboardAfterSeconds = /* @__PURE__ */ storage.defineItem<ClearClipboardSeconds>('local:clearClipboardAfterSeconds', {
  fallback: 60,
  version: 1,
});

/** The stored choice, or the default when what is stored is not one of the choices. */
export async function getClearClipboardAfterSeconds(): Promise<ClearClipboardSeconds> {
  const stored = await clearClipboardAfterSeconds.getValue();
  return CLEAR_CLIPBOARD_CHOICES.includes(stored) ? stored : clearClipboardAfterSeconds.fallback;
}

/**
 * Whether a copied link of a push without a passphrase is cleared like a copied secret, after the
 * same time: such a link is all it takes to open the secret. A push with a passphrase keeps its link.
 */
export const clearCopiedLinks = /* @__PURE__ */ storage.defineItem<boolean>('local:clearCopiedLinks', {
  fallback: true,
  version: 1,
});

/** The stored choice; anything but `false` is the default, on. */
export async function getClearCopiedLinks(): Promise<boolean> {
  return (await clearCopiedLinks.getValue()) !== false;
}
