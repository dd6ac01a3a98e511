import { managedItem } from './managed-item';
import { storage } from './storage-item';

/**
 * Read receipts (lib/receipts): the one switch, the pushes the person stopped watching, and when
 * the Pushes page last showed the receipts. None of it is secret; a push is named by its history
 * entry's id (its `recordedAt`), never by its link or URL token.
 */

/** On by default: it does anything only once an API token is saved (nothing is polled without one). The organisation may set it. */
export const receiptsOn = /* @__PURE__ */ managedItem(
  storage.defineItem<boolean>('local:receiptsOn', { fallback: true, version: 1 }),
  (stored, policy) => policy.receipts ?? stored,
);

/** History entry ids of the pushes not to watch ("Stop watching" in a row or the link view). */
export const receiptsUnwatched = /* @__PURE__ */ storage.defineItem<string[]>('local:receiptsUnwatched', { fallback: [], version: 1 });

/** When the Pushes page last opened (ms): receipts found since are unseen and counted on the toolbar badge. */
export const receiptsSeenAt = /* @__PURE__ */ storage.defineItem<number>('local:receiptsSeenAt', { fallback: 0, version: 1 });

/** Stops or resumes watching one push. */
export async function setWatching(entryId: string, watching: boolean): Promise<void> {
  const unwatched = new Set(await receiptsUnwatched.getValue());
  if (watching) unwatched.delete(entryId);
  else unwatched.add(entryId);
  await receiptsUnwatched.setValue([...unwatched]);
}
