import { storage } from '../settings/storage-item';
import type { ReceiptsWalk } from './poll';
import type { PollFailure } from './schedule';
import type { PushWatch, Receipt } from './types';

/**
 * What the watcher keeps between polls, in storage.local: the service worker may be stopped
 * between two alarms, so nothing of a poll lives only in memory. No secret, link or URL token.
 */
export interface ReceiptsState {
  /** By history entry id. */
  watch: Record<string, PushWatch>;
  /** Entry ids no longer watched: expired, or gone from the instance. */
  ended: string[];
  /** The newest receipts, oldest first (at most `KEPT_RECEIPTS`). */
  receipts: Receipt[];
  lastPollAt?: number;
  lastRequests?: number;
  /** The last poll failed: polls wait, and the Pushes page says why until when. */
  failure?: PollFailure;
  /** Where the polls' walk through the lists stands (./poll.ts), and on which instance and account. */
  walk?: ReceiptsWalk & { baseUrl: string; accountId?: string };
}

export const KEPT_RECEIPTS = 200;

export const EMPTY_STATE: ReceiptsState = { watch: {}, ended: [], receipts: [] };

export const receiptsState = /* @__PURE__ */ storage.defineItem<ReceiptsState>('local:receiptsState', {
  fallback: EMPTY_STATE,
  version: 1,
});

export async function readState(): Promise<ReceiptsState> {
  return { ...EMPTY_STATE, ...(await receiptsState.getValue()) };
}

/** The receipts found after `seenAt`: the toolbar badge's count. */
export function unseenCount(state: ReceiptsState, seenAt: number): number {
  return state.receipts.filter((receipt) => receipt.foundAt > seenAt).length;
}

/** Each push's newest receipt, by entry id: what its row and the link view say. */
export function latestReceipts(state: ReceiptsState): Map<string, Receipt> {
  return new Map(state.receipts.map((receipt) => [receipt.entryId, receipt]));
}
