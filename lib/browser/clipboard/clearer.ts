import { sameCopiedText } from './same-text';

/**
 * Clears a copied secret from the clipboard after a delay, but only when the clipboard still
 * holds it: whatever the person copied since is theirs and stays. The secret is kept in this
 * object's memory only (never in any storage, never logged) and forgotten once the delay is up.
 * Runs where a clipboard can be read without focus: Chrome's offscreen document, Firefox's
 * background page (lib/browser/clipboard/background-copy.ts decides which).
 */

/** Reading and writing the clipboard of the document this runs in. */
export interface ClipboardAccess {
  /** The clipboard's text, or null when it cannot be read. */
  read(): Promise<string | null>;
  /** Empties the clipboard; false when the browser refused. */
  clear(): Promise<boolean>;
}

export interface ClipboardClearer {
  /** Clears `text` from the clipboard after `delayMs`, replacing any clear still waiting. */
  schedule(text: string, delayMs: number): void;
  /** A secret is held and waiting for its time. */
  isPending(): boolean;
  /** Drops the waiting secret without reading the clipboard: the lockdown empties it whatever it holds. */
  forget(): void;
}

/** `onSettled` runs when nothing is pending any more, so the caller can close the document. */
export function createClipboardClearer(access: ClipboardAccess, onSettled: () => void): ClipboardClearer {
  let pending: { text: string; timer: ReturnType<typeof setTimeout> } | null = null;

  async function fire(entry: NonNullable<typeof pending>): Promise<void> {
    try {
      const current = await access.read().catch(() => null);
      // A newer copy arrived while reading: that one is cleared at its own time, not this one's.
      if (pending !== entry || current === null || !sameCopiedText(entry.text, current)) return;
      await access.clear().catch(() => false);
    } finally {
      if (pending === entry) {
        pending = null;
        onSettled();
      }
    }
  }

  return {
    schedule(text, delayMs) {
      if (pending) clearTimeout(pending.timer);
      const entry = { text, timer: undefined as unknown as ReturnType<typeof setTimeout> };
      entry.timer = setTimeout(() => void fire(entry), delayMs);
      pending = entry;
    },
    isPending: () => pending !== null,
    forget() {
      if (!pending) return;
      clearTimeout(pending.timer);
      pending = null;
      onSettled();
    },
  };
}
