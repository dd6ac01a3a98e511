import { readOne, type ReadEntry } from '../history/read-entries';
import { receiptsOn, receiptsUnwatched, setWatching } from '../settings';
import { type LinkReceipts, receiptMessages } from './link-messages';
import { receiptLine } from './receipt-text';
import { latestReceipts, readState } from './state';
import { entryIdOf, hasUnsaidView } from './watch-list';

/** The background's answers to the link view (lib/receipts/link-messages.ts). */

/** The push's entry is read by its key (`readOne`): the link view asks at every opening, whatever the history holds. */
async function status(entry: ReadEntry | null): Promise<LinkReceipts | null> {
  const entryId = entry ? entryIdOf(entry) : undefined;
  if (!entry || !entryId || !(await receiptsOn.getValue())) return null;
  const [state, unwatched] = await Promise.all([readState(), receiptsUnwatched.getValue()]);
  const receipt = latestReceipts(state).get(entryId);
  const watching = !unwatched.includes(entryId);
  // The history heard of a view (the Pushes page read the lists) that no receipt has put into words yet.
  const unsaid = watching && !entry.expired && !state.ended.includes(entryId) && hasUnsaidView(entry, state.watch[entryId]);
  return { watching, ...(receipt && { line: receiptLine(receipt) }), ...(unsaid && { unsaidView: true }) };
}

/** Only the extension's own pages are answered (lib/browser/messaging.ts). `pollNow` is the background's budgeted poll. */
export function answerReceiptMessages(pollNow: () => Promise<boolean> = async () => false): () => void {
  return receiptMessages.answer({
    'receipts:poll-now': () => pollNow(),
    'receipts:status': async ({ baseUrl, urlToken }) => status(await readOne(baseUrl, urlToken)),
    'receipts:watch': async ({ baseUrl, urlToken, watching }) => {
      const entry = await readOne(baseUrl, urlToken);
      const entryId = entry ? entryIdOf(entry) : undefined;
      if (entryId) await setWatching(entryId, watching);
      return status(entry);
    },
  });
}
