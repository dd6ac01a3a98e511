import { createContext } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { sameInstance, type PushRow } from '@/lib/push-lists/rows';
import type { PollFailure } from '@/lib/receipts/schedule';
import { latestReceipts, readState, receiptsState, unseenCount } from '@/lib/receipts/state';
import type { Receipt } from '@/lib/receipts/types';
import { askPollNow } from '@/lib/receipts/link-messages';
import { entryIdOf, hasUnsaidView } from '@/lib/receipts/watch-list';
import { receiptsOn, receiptsSeenAt, receiptsUnwatched } from '@/lib/settings';
import type { Connection } from '../../../lib/push-lists/loaders';

/** What the Pushes page shows of read receipts: each push's newest one, whether it is watched, why polls wait. */

export interface RowReceipts {
  entryId: string;
  receipt?: Receipt;
  /** Receipts are on, a token is saved for its instance and the push is active: "Stop watching" applies. */
  watchable: boolean;
  watching: boolean;
}

export interface ReceiptsView {
  /** What a row of this browser's history shows of receipts; undefined for any other row. */
  forRow(row: PushRow): RowReceipts | undefined;
  failure?: PollFailure;
  on: boolean;
}

const NONE: ReceiptsView = { forRow: () => undefined, on: false };

export const ReceiptsContext = createContext<ReceiptsView>(NONE);

/**
 * From the row itself, not from a read of the history: the page reads only the rows it shows, and
 * a read of every entry at each receipt would cost as much as the history is long.
 */
async function load(connection: Connection | null, askPoll: () => void): Promise<ReceiptsView> {
  const [state, unwatched, on] = await Promise.all([readState(), receiptsUnwatched.getValue(), receiptsOn.getValue()]);
  const latest = latestReceipts(state);
  const skip = new Set(unwatched);
  const ended = new Set(state.ended);
  const active = on && Boolean(connection?.token);
  return {
    forRow(row) {
      const entryId = row.inHistory ? entryIdOf(row) : undefined;
      if (!entryId) return undefined;
      const watchable = active && !row.expired && !ended.has(entryId) && sameInstance(row.baseUrl, connection!.baseUrl);
      const watching = watchable && !skip.has(entryId);
      // The lists this page read show a view the watcher has not yet put into words (who opened it).
      // Asked for at once, not at the next alarm (a minute on).
      if (watching && hasUnsaidView(row, state.watch[entryId])) askPoll();
      return { entryId, receipt: latest.get(entryId), watchable, watching };
    },
    failure: active ? state.failure : undefined,
    on: active,
  };
}

/**
 * Reads the receipts and follows their changes. Opening the page (and every receipt that arrives
 * while it is open) marks them seen, which clears the toolbar badge.
 */
export function useReceipts(connection: Connection | null | undefined): ReceiptsView {
  const [view, setView] = useState<ReceiptsView>(NONE);
  useEffect(() => {
    if (connection === undefined) return;
    let live = true;
    // Once per opening of the page: the poll's receipt reloads the view, and a second ask would wait on the budget anyway.
    let asked = false;
    const askPoll = () => {
      if (asked) return;
      asked = true;
      setTimeout(() => void askPollNow(), 0);
    };
    const reload = () => {
      void load(connection, askPoll).then((next) => {
        if (live) setView(next);
      });
      void markSeen();
    };
    reload();
    const stops = [receiptsState.watch(reload), receiptsUnwatched.watch(reload), receiptsOn.watch(reload)];
    return () => {
      live = false;
      for (const stop of stops) stop();
    };
  }, [connection]);
  return view;
}

/** Written only when a receipt is unseen: every write of storage.local wakes each listener of it. */
async function markSeen(): Promise<void> {
  const [state, seenAt] = await Promise.all([readState(), receiptsSeenAt.getValue()]);
  if (unseenCount(state, seenAt) > 0) await receiptsSeenAt.setValue(Date.now());
}

/** `pushes.html#push=<entry id>` (a receipt's notification): scrolls to that row and marks it, once it is drawn. */
export function useRowFromHash(): void {
  useEffect(() => {
    const id = /^#push=([0-9]+)$/.exec(location.hash)?.[1];
    if (!id) return;
    let tries = 0;
    const timer = setInterval(() => {
      const row = document.querySelector<HTMLElement>(`tr[data-entry-id="${id}"]`);
      tries += 1;
      if (!row && tries < 50) return;
      clearInterval(timer);
      if (!row) return;
      row.classList.add('receipt-target');
      row.scrollIntoView({ block: 'center' });
    }, 100);
    return () => clearInterval(timer);
  }, []);
}
