import { defineMessages } from '../browser/messaging';

/**
 * The popup's link view asks the background about one push's receipts: the popup knows the push
 * by its token, the receipts by its history entry, and reading the history (IndexedDB) or putting a
 * receipt into words (the previewers' table) in the popup would load that code on its heap, whose
 * size is a bench target (docs/performance.md). So the answer is the line to show, already in words.
 */

export interface LinkReceipts {
  watching: boolean;
  /** The newest receipt in words, when there is one. */
  line?: string;
  /**
   * The history heard of a view the watcher has not put into words (who opened it): the link view
   * asks for a poll at once (`askPollNow`) and says it is asking, never a bare "opened".
   */
  unsaidView?: true;
}

export const receiptMessages = defineMessages<{
  'receipts:status': { request: { baseUrl: string; urlToken: string }; response: LinkReceipts | null };
  'receipts:watch': { request: { baseUrl: string; urlToken: string; watching: boolean }; response: LinkReceipts | null };
  /** A page (the Pushes page, the popup's link view) saw a view the watcher has not put into words yet: poll now, within the schedule's ceiling. */
  'receipts:poll-now': { request: Record<string, never>; response: boolean };
}>();

export function askLinkReceipts(baseUrl: string, urlToken: string): Promise<LinkReceipts | null> {
  return receiptMessages.send('receipts:status', { baseUrl, urlToken }).catch(() => null);
}

/** Asks the background for a poll now; false when it was not run (the ceiling, a failure's wait, no background). */
export function askPollNow(): Promise<boolean> {
  return receiptMessages.send('receipts:poll-now', {}).catch(() => false);
}

export function setLinkWatching(baseUrl: string, urlToken: string, watching: boolean): Promise<LinkReceipts | null> {
  return receiptMessages.send('receipts:watch', { baseUrl, urlToken, watching }).catch(() => null);
}
