import { readOne } from '../history/read-entries';
import type { Receipt, WatchedPush } from './types';

/**
 * Expiries this browser made itself ("Expire now" while a poll was out): its history entry says so
 * (`checkedVia: 'expired-here'`), read before the poll's answers overwrite it. Those are "by you";
 * the server's expire event names no one (docs/password-pusher.md#audit-log).
 */
export async function withOwnExpiries(receipts: readonly Receipt[], watched: readonly WatchedPush[], baseUrl: string): Promise<Receipt[]> {
  const tokens = new Map(watched.map((push) => [push.entryId, push.urlToken]));
  return Promise.all(
    receipts.map(async (receipt) => {
      const urlToken = tokens.get(receipt.entryId);
      if (receipt.event !== 'deleted' || receipt.byYou || urlToken === undefined) return receipt;
      const entry = await readOne(baseUrl, urlToken).catch(() => null);
      return entry?.checkedVia === 'expired-here' ? { ...receipt, byYou: true as const } : receipt;
    }),
  );
}
