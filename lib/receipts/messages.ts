import { defineMessages } from '../browser/messaging';
import { readHistory } from '../history/read-entries';
import { sameInstance } from '../history/push-lists';
import { receiptsOn, receiptsUnwatched, setWatching } from '../settings';
import { latestReceipts, readState } from './state';
import type { Receipt } from './types';
import { entryIdOf } from './watch-list';

/**
 * The popup's link view asks the background about one push's receipts: the popup knows the push
 * by its token, the receipts by its history entry, and reading the history in the popup would
 * load IndexedDB's code on its heap (README, Performance rules).
 */

export interface LinkReceipts {
  watching: boolean;
  receipt?: Receipt;
}

const receiptMessages = defineMessages<{
  'receipts:status': { request: { baseUrl: string; urlToken: string }; response: LinkReceipts | null };
  'receipts:watch': { request: { baseUrl: string; urlToken: string; watching: boolean }; response: LinkReceipts | null };
}>();

export function askLinkReceipts(baseUrl: string, urlToken: string): Promise<LinkReceipts | null> {
  return receiptMessages.send('receipts:status', { baseUrl, urlToken }).catch(() => null);
}

export function setLinkWatching(baseUrl: string, urlToken: string, watching: boolean): Promise<LinkReceipts | null> {
  return receiptMessages.send('receipts:watch', { baseUrl, urlToken, watching }).catch(() => null);
}

async function entryIdFor(baseUrl: string, urlToken: string): Promise<string | undefined> {
  const { entries } = await readHistory();
  const entry = entries.find((candidate) => candidate.urlToken === urlToken && sameInstance(candidate.baseUrl, baseUrl));
  return entry ? entryIdOf(entry) : undefined;
}

async function status(entryId: string | undefined): Promise<LinkReceipts | null> {
  if (!entryId || !(await receiptsOn.getValue())) return null;
  const [state, unwatched] = await Promise.all([readState(), receiptsUnwatched.getValue()]);
  return { watching: !unwatched.includes(entryId), receipt: latestReceipts(state).get(entryId) };
}

/** The background's side; only the extension's own pages are answered (lib/browser/messaging.ts). */
export function answerReceiptMessages(): () => void {
  return receiptMessages.answer({
    'receipts:status': async ({ baseUrl, urlToken }) => status(await entryIdFor(baseUrl, urlToken)),
    'receipts:watch': async ({ baseUrl, urlToken, watching }) => {
      const entryId = await entryIdFor(baseUrl, urlToken);
      if (entryId) await setWatching(entryId, watching);
      return status(entryId);
    },
  });
}
