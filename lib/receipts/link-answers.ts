import { readHistory } from '../history/read-entries';
import { sameInstance } from '../history/push-lists';
import { receiptsOn, receiptsUnwatched, setWatching } from '../settings';
import { type LinkReceipts, receiptMessages } from './link-messages';
import { receiptLine } from './receipt-text';
import { latestReceipts, readState } from './state';
import { entryIdOf } from './watch-list';

/** The background's answers to the link view (lib/receipts/link-messages.ts). */

async function entryIdFor(baseUrl: string, urlToken: string): Promise<string | undefined> {
  const { entries } = await readHistory();
  const entry = entries.find((candidate) => candidate.urlToken === urlToken && sameInstance(candidate.baseUrl, baseUrl));
  return entry ? entryIdOf(entry) : undefined;
}

async function status(entryId: string | undefined): Promise<LinkReceipts | null> {
  if (!entryId || !(await receiptsOn.getValue())) return null;
  const [state, unwatched] = await Promise.all([readState(), receiptsUnwatched.getValue()]);
  const receipt = latestReceipts(state).get(entryId);
  return { watching: !unwatched.includes(entryId), ...(receipt && { line: receiptLine(receipt) }) };
}

/** Only the extension's own pages are answered (lib/browser/messaging.ts). */
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
