import { storage } from '../settings/storage-item';
import { MAX_PAGE, sameInstance } from './push-lists';
import type { ListCursor } from './state-refresh';

/**
 * Where the Pushes page's state check stopped walking the account's lists, so that the next
 * opening goes on from there (lib/history/state-refresh.ts). A list name, a page number, a time and
 * the instance: no push, no token.
 */

interface StoredCursor extends ListCursor {
  baseUrl: string;
}

const stateCheckCursor = /* @__PURE__ */ storage.defineItem<StoredCursor | null>('local:stateCheckCursor', { fallback: null, version: 1 });

/** The cursor for `baseUrl`; null when none, or when it was kept for another instance. */
export async function readListCursor(baseUrl: string): Promise<ListCursor | null> {
  const stored = await stateCheckCursor.getValue().catch(() => null);
  if (!stored || !sameInstance(stored.baseUrl, baseUrl)) return null;
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
