import { getDb } from '../db';
import { withoutTrailingSlash } from '../url';
import { isPurgeFiller } from './purge-deleted';
import { readEntry, type ReadEntry } from './read-entries';

/**
 * This browser's pushes that may still be open, read from the `byOpen` index (./open-key.ts): what
 * the state check, the receipts, the lockdown and the like ask about costs as many records as are
 * open, never the whole history. Entries no list can hold (pushed without a token) and those of
 * another account are in other ranges of the index and are not read where a list is asked.
 */

/**
 * The open pushes on `baseUrl` that the lists of `accountId` (none: the instance's only lists) may
 * hold: pushed with a token in that account, or with no account (pushed on an instance without
 * accounts, or before Pushgate kept it).
 */
export async function openListedEntries(baseUrl: string, accountId?: string): Promise<ReadEntry[]> {
  const base = withoutTrailingSlash(baseUrl);
  const accounts = accountId ? ['', accountId] : [''];
  const index = (await getDb()).transaction('history').store.index('byOpen');
  const read = await Promise.all(
    accounts.map((account) => index.getAll(IDBKeyRange.bound([base, 'lists', account, -Infinity], [base, 'lists', account, Infinity]))),
  );
  return entriesOf(read.flat());
}

/** Every open push on `baseUrl`, whichever list (or none) holds it: the lockdown tries them all. */
export async function openEntries(baseUrl: string): Promise<ReadEntry[]> {
  const base = withoutTrailingSlash(baseUrl);
  const records = await (await getDb()).getAllFromIndex('history', 'byOpen', IDBKeyRange.bound([base], [base, []]));
  return entriesOf(records);
}

function entriesOf(records: unknown[]): ReadEntry[] {
  return records
    .filter((record) => !isPurgeFiller(record))
    .map(readEntry)
    .filter((entry): entry is ReadEntry => entry !== null && !entry.expired);
}
