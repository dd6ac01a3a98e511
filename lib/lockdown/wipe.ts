import { clearCopiedSecretNow } from '../browser/clipboard/background-copy';
import { getDb } from '../db';
import { announceHistoryChange } from '../history/changes';
import { purgeDeletedHistory } from '../history/purge-deleted';
import { forgetToken, myFlight, recentAirports } from '../settings';
import { PAINT_SNAPSHOT_KEY } from '../wait-times/snapshot-key';
import type { WipeOutcome } from './state';

/**
 * The lockdown's wipe of this browser's data, each part on its own so one refusal does not keep
 * the others: the history (with the pushes being sent and the claims, docs/exactly-once.md),
 * recent airports and My flight, the token, and a copied secret still on the clipboard.
 */
export async function wipeThisBrowser(keepTokenForSession: boolean): Promise<WipeOutcome> {
  const [history, airports, token, clipboard] = await Promise.all([
    forgetHistory(),
    forgetAirports(),
    forgetToken(keepTokenForSession).catch(() => 'failed' as const),
    clearCopiedSecretNow().catch(() => 'failed' as const),
  ]);
  return { history, airports, token, clipboard };
}

async function forgetHistory(): Promise<boolean> {
  try {
    const tx = (await getDb()).transaction(['history', 'attempts', 'claims'], 'readwrite');
    await Promise.all([tx.objectStore('history').clear(), tx.objectStore('attempts').clear(), tx.objectStore('claims').clear(), tx.done]);
    announceHistoryChange('forgotten');
    // Gone from the disk too, not only from the list (../history/purge-deleted.ts).
    await purgeDeletedHistory();
    return true;
  } catch {
    return false;
  }
}

async function forgetAirports(): Promise<boolean> {
  try {
    await Promise.all([recentAirports.removeValue(), myFlight.removeValue()]);
    // The side panel's first-paint copy holds them too. Chrome's service worker has no
    // localStorage: there the page that shows the lockdown drops it (components/lockdown).
    if (typeof localStorage !== 'undefined') localStorage.removeItem(PAINT_SNAPSHOT_KEY);
    return true;
  } catch {
    return false;
  }
}
