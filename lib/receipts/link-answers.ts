import { readOne } from '../history/read-entries';
import { receiptsOn, receiptsUnwatched, setWatching } from '../settings';
import { type LinkReceipts, receiptMessages } from './link-messages';
import { receiptLine } from './receipt-text';
import { latestReceipts, readState } from './state';
import { entryIdOf } from './watch-list';

/** The background's answers to the link view (lib/receipts/link-messages.ts). */

/** The push's entry by its key: the link view asks at every opening, whatever the history holds. */
export async function entryIdFor(baseUrl: string, urlToken: string): Promise<string | undefined> {
  const entry = await readOne(baseUrl, urlToken);
  return entry ? entryIdOf(entry) : undefined;
}

async function status(entryId: string | undefined): Promise<LinkReceipts | null> {
  if (!entryId || !(await receiptsOn.getValue())) return null;
  const [state, unwatched] = await Promise.all([readState(), receiptsUnwatched.getValue()]);
  const receipt = latestReceipts(state).get(entryId);
  return { watching: !unwatched.includes(entryId), ...(receipt && { line: receiptLine(receipt) }) };
}

/** Only the extension's own pages are answered (lib/browser/messaging.ts). `pollNow` is the background's budgeted poll. */
export function answerReceiptMessages(pollNow: () => Promise<boolean> = async () => false): () => void {
  return receiptMessages.answer({
    'receipts:poll-now': () => pollNow(),
    'receipts:status': async ({ baseUrl, urlToken }) => status(await entryIdFor(baseUrl, urlToken)),
    'receipts:watch': async ({ baseUrl, urlToken, watching }) => {
      const entryId = await entryIdFor(baseUrl, urlToken);
      if (entryId) await setWatching(entryId, watching);
      return status(entryId);
    },
  });
}
