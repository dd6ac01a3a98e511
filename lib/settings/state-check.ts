import { storage } from './storage-item';

/**
 * Where the Pushes page's state check stopped walking the account's lists (lib/push-lists/cursor.ts
 * reads and writes it): the instance, a list, a page number and a time; no push and no token.
 * Only the Pushes page loads it, so it is not in ./index.ts.
 */
export interface StoredListCursor {
  baseUrl: string;
  list: 'active' | 'expired';
  page: number;
  roundStartedAt: number;
}

export const stateCheckCursor = /* @__PURE__ */ storage.defineItem<StoredListCursor | null>('local:stateCheckCursor', {
  fallback: null,
  version: 1,
});
