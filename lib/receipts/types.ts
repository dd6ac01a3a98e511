import type { Viewer } from './classify-viewer';

/**
 * What the receipts watcher keeps (storage.local) and shows. Nothing here is a secret: no payload,
 * passphrase, link or URL token. A push is named by the id of its history entry (its `recordedAt`),
 * which the Pushes page finds the row by. The server's audit text (user agent, referrer) is not
 * kept: only what the viewer was taken for.
 */

/** Who opened a push, as lib/receipts/classify-viewer.ts tells it; kept only as that verdict. */
export type ReceiptViewer = Viewer;

/**
 * - `viewed`: a view was counted and views are left;
 * - `last-view`: the view that used the last one up: the push expired after it;
 * - `deleted`: expired before its limits, by its recipient (deletable by viewers) or its owner;
 * - `days-out`: its days ran out.
 */
export type ReceiptEvent = 'viewed' | 'last-view' | 'deleted' | 'days-out';

export interface Receipt {
  /** The history entry's id (its `recordedAt`, as a string). */
  entryId: string;
  event: ReceiptEvent;
  /** When it happened, by the server's clock (ISO 8601). */
  at: string;
  /** Views left after it, for `viewed` and `last-view`. */
  viewsLeft?: number;
  viewer?: ReceiptViewer;
  /**
   * For `deleted`: only its owner could have expired it (not deletable by viewers), or this browser
   * did. Otherwise the expire event names no one (docs/password-pusher.md#audit-log).
   */
  byYou?: true;
  /** When this browser learned of it (ms): newer than the Pushes page's last opening means unseen. */
  foundAt: number;
}

/** What the watcher last knew of one push. */
export interface PushWatch {
  /** Views left as last seen. */
  viewsRemaining: number;
  /** How many audit entries were already read (the audit is oldest first, docs/password-pusher.md#audit-log). */
  auditRead: number;
}

/** A push the watcher asks about: its history entry's id and what the server knows it by. */
export interface WatchedPush extends PushWatch {
  entryId: string;
  urlToken: string;
  /** When this browser recorded it: a round of the poll's walk that began before it may have passed it by. */
  madeAt?: number;
}
