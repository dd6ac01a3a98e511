import { stateCheckCursor } from '../settings/state-check';
import { MAX_PAGE, sameInstance } from './rows';
import type { ListCursor } from './state-refresh';

/**
 * Where the Pushes page's state check stopped walking the account's lists, so that the next
 * opening goes on from there (lib/push-lists/state-refresh.ts). A stored value may be anything an
 * older build or a fault wrote: one that is not a usable cursor starts a new round.
 */

/** The cursor for `baseUrl`; null when none, or when it was kept for another instance. */
export async function readListCursor(baseUrl: string): Promise<ListCursor | null> {
  const stored = await stateCheckCursor.getValue().catch(() => null);
  if (!stored || typeof stored.baseUrl !== 'string' || !sameInstance(stored.baseUrl, baseUrl)) return null;
  const { list, page, roundStartedAt } = stored;
  if (
    (list !== 'active' && list !== 'expired') ||
    !Number.isInteger(page) ||
    page < 1 ||
    page > MAX_PAGE ||
    typeof roundStartedAt !== 'number'
  )
    return null;
  return { list, page, roundStartedAt };
}

export async function saveListCursor(baseUrl: string, cursor: ListCursor): Promise<void> {
  await stateCheckCursor.setValue({ baseUrl, ...cursor }).catch(() => undefined);
}
