import type { HistoryEntry, OpenKey } from '../records';
import { withSweepKey } from './sweep-key';

/**
 * The key the readers of open pushes go by (lib/db.ts `byOpen`, ./open-entries.ts): present only on
 * an entry not known to be expired, so the index holds what may still be open and nothing else, and
 * a history of fifty thousand expired pushes costs those readers nothing. It sorts by instance, then
 * by whether a list can hold the push, then by account, then by time:
 *
 * - `lists`: pushed with a token (or before Pushgate kept how), so the account's Active and Expired
 *   lists hold it (docs/password-pusher.md#lists): the state check and the receipts ask about it;
 * - `link`: pushed without a token: no list holds it, so nothing is ever sent looking for it, and only
 *   the lockdown reaches it, by its link.
 *
 * The account is the commercial edition's (docs/password-pusher.md#accounts), `''` when none: only
 * that account's lists hold the push. Written with every change of an entry, beside the sweep key.
 */
export function withIndexKeys(entry: HistoryEntry): HistoryEntry {
  const swept = withSweepKey(entry);
  if (swept.expired) {
    if (swept.openKey === undefined) return swept;
    const { openKey: _dropped, ...expired } = swept;
    return expired;
  }
  return { ...swept, openKey: openKeyOf(swept) };
}

export function openKeyOf(entry: Pick<HistoryEntry, 'baseUrl' | 'withToken' | 'accountId' | 'recordedAt'>): OpenKey {
  // A record an older build or a fault left without a usable time still belongs in the index.
  const at = typeof entry.recordedAt === 'number' && Number.isFinite(entry.recordedAt) ? entry.recordedAt : 0;
  return [entry.baseUrl, entry.withToken === false ? 'link' : 'lists', entry.accountId ?? '', at];
}
