import { openEntries } from '../history/open-entries';
import { tryStorage } from '../history/storage';
import { ownOrder } from './own-pass';
import type { OwnEntry } from './step-deps';
import type { LockdownState } from './state';

/**
 * This browser's pushes on the lockdown's instance that may still be open and that the Active
 * list did not hold, oldest first. A push made with a token is left out when the token's lists
 * were read to their end (then it is no longer active, or not this account's); without a token,
 * or when a list failed, every open entry is tried. The one read of the history a lockdown makes,
 * so the runner keeps the answer in memory for the rest of the pass.
 */
export async function ownEntries(state: Pick<LockdownState, 'baseUrl' | 'withToken' | 'listFailure'>, listed: ReadonlySet<string>) {
  // The open pushes' index: an expired push needs no lockdown, and a long history of them costs nothing here.
  const history = await tryStorage(() => openEntries(state.baseUrl));
  if (!history.ok) return [];
  const listsComplete = state.withToken && !state.listFailure;
  const entries: OwnEntry[] = [];
  for (const entry of history.value) {
    if (entry.expired || !entry.htmlUrl || listed.has(entry.urlToken)) continue;
    if (listsComplete && entry.withToken === true) continue;
    const own: OwnEntry = {
      urlToken: entry.urlToken,
      name: entry.name,
      createdAt: entry.createdAt,
      recordedAt: entry.recordedAt ?? 0,
      deletableByViewer: entry.deletableByViewer,
    };
    if (entry.withToken !== undefined) own.withToken = entry.withToken;
    if (entry.kind) own.kind = entry.kind;
    if (entry.expireAfterDays !== undefined) own.expireAfterDays = entry.expireAfterDays;
    if (entry.viewsRemaining !== undefined) own.viewsRemaining = entry.viewsRemaining;
    entries.push(own);
  }
  return entries.sort(ownOrder);
}
