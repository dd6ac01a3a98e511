import { emptyClipboardNow } from '../browser/clipboard/background-copy';
import { getDb } from '../db';
import { announceHistoryChange } from '../history/changes';
import { purgeDeletedHistory } from '../history/purge-deleted';
import { receiptsState } from '../receipts/state';
import { forgetToken } from '../settings';
import { compactLocalStorage } from '../settings/compact-local';
import { forgetAirportData } from '../wait-times/forget';
import type { WipeOutcome } from './state';

/**
 * The lockdown's wipe of this browser's data, each part on its own so one refusal does not keep
 * the others: the history (with the pushes being sent and the claims, docs/exactly-once.md) and the
 * read receipts kept of it, the airport data (recent airports, My flight, the queue readings, the
 * saved boards and the watches: lib/wait-times/forget.ts), the token, and the clipboard, emptied
 * unread. Then `storage.local` is rewritten from scratch, so the removed values leave its files too.
 */
export async function wipeThisBrowser(keepTokenForSession: boolean): Promise<WipeOutcome> {
  // Only a package with the side panel keeps airports (build/packages.ts).
  const airports = import.meta.env.PUSHGATE_AIRPORT ? forgetAirportData() : null;
  const [history, token, clipboard] = await Promise.all([
    forgetHistory(),
    forgetToken(keepTokenForSession).catch(() => 'failed' as const),
    emptyClipboardNow().then(
      (emptied) => (emptied ? ('emptied' as const) : ('failed' as const)),
      () => 'failed' as const,
    ),
  ]);
  const outcome: WipeOutcome = { history, token, clipboard };
  if (import.meta.env.PUSHGATE_AIRPORT) outcome.airports = await airports!;
  outcome.compacted = await compactLocalStorage();
  return outcome;
}

async function forgetHistory(): Promise<boolean> {
  try {
    const tx = (await getDb()).transaction(['history', 'attempts', 'claims'], 'readwrite');
    await Promise.all([tx.objectStore('history').clear(), tx.objectStore('attempts').clear(), tx.objectStore('claims').clear(), tx.done]);
    announceHistoryChange('forgotten');
    // What the receipts watcher knew of those pushes goes with them (it names none by its link).
    await receiptsState.removeValue();
    // Gone from the disk too, not only from the list (../history/purge-deleted.ts).
    await purgeDeletedHistory();
    return true;
  } catch {
    return false;
  }
}
