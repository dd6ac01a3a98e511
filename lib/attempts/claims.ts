import { getDb } from '../db';
import type { Push } from '../pwpush/types';
import { withoutTrailingSlash } from '../url';
import { announceHistoryChange } from '../history/changes';
import { entryFrom } from '../history/entries';
import { tryStorage, withinWriteTime, type HistoryResult } from '../history/storage';
import type { HistoryEntry, RecordDetails } from '../records';

/**
 * Which pushes this browser knows it made, and which attempt made each. A lookup must never take
 * such a push for another attempt's (docs/exactly-once.md), also when no history is kept: so a
 * claim holds a SHA-256 digest of the instance and the push's token, never the token, which is the
 * link. The history entry (when kept), the claim and the end of the attempt are one transaction.
 */

/** How long a claim is kept: far longer than any lookup's window (minutes), short enough to stay small. */
export const CLAIM_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** `kept`: in the history; `not-kept`: no history is kept; `taken`: another attempt (or an earlier push) has it. */
export type Settled = 'kept' | 'not-kept' | 'taken';

export async function pushDigest(baseUrl: string, urlToken: string): Promise<string> {
  const bytes = new TextEncoder().encode(`${withoutTrailingSlash(baseUrl)} ${urlToken}`);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Ends attempt `id` with the push it made: the history entry when `keep`, the claim, and the
 * attempt's deletion, all or nothing. Settling again (both the popup and the background survived)
 * changes nothing. Never rejects; gives up after a short wait.
 */
export function settleAttempt(
  id: string,
  baseUrl: string,
  push: Push,
  details: RecordDetails,
  { keep, now = Date.now() }: { keep: boolean; now?: number },
): Promise<HistoryResult<{ settled: Settled; entry: HistoryEntry | null }>> {
  const work = tryStorage(async () => {
    // Before the transaction: an IndexedDB transaction ends at the first await on anything else.
    const digest = await pushDigest(baseUrl, push.urlToken);
    const tx = (await getDb()).transaction(['attempts', 'history', 'claims'], 'readwrite');
    const history = tx.objectStore('history');
    const claims = tx.objectStore('claims');
    const settle = async (): Promise<{ settled: Settled; entry: HistoryEntry | null }> => {
      const [claim, existing] = await Promise.all([claims.get(digest), history.get([withoutTrailingSlash(baseUrl), push.urlToken])]);
      if (claim ? claim.attemptId !== id : existing) return { settled: 'taken', entry: null };
      await tx.objectStore('attempts').delete(id);
      if (claim) return { settled: existing ? 'kept' : 'not-kept', entry: existing ?? null };
      await claims.put({ digest, attemptId: id, at: now });
      if (!keep) return { settled: 'not-kept', entry: null };
      const entry = entryFrom(baseUrl, push, details, now);
      await history.put(entry);
      return { settled: 'kept', entry };
    };
    // A write that throws (a full disk can refuse the request itself) must not let the rest commit.
    const settling = settle().catch((error: unknown) => {
      tx.abort();
      throw error;
    });
    // Awaiting both: a failed put also rejects `tx.done`, which must not go unhandled.
    const [settled] = await Promise.all([settling, tx.done]);
    if (settled.settled === 'kept') announceHistoryChange('recorded');
    return settled;
  });
  return withinWriteTime(work);
}

/**
 * Of `tokens` (pushes on `baseUrl`), those this browser does not know it made: neither in the
 * history nor claimed, except those `attemptId` itself claimed (a look after a restart finds them again).
 */
export function eligibleTokens(baseUrl: string, attemptId: string, tokens: readonly string[]): Promise<HistoryResult<Set<string>>> {
  return tryStorage(async () => {
    const digests = await Promise.all(tokens.map((token) => pushDigest(baseUrl, token)));
    const db = await getDb();
    const tx = db.transaction(['history', 'claims']);
    const base = withoutTrailingSlash(baseUrl);
    const known = await Promise.all(
      tokens.map(async (token, index) => {
        const [claim, entry] = await Promise.all([
          tx.objectStore('claims').get(digests[index]!),
          tx.objectStore('history').get([base, token]),
        ]);
        return claim ? claim.attemptId !== attemptId : entry !== undefined;
      }),
    );
    return new Set(tokens.filter((_token, index) => !known[index]));
  });
}

/** Forgets claims older than {@link CLAIM_DAYS}. */
export function forgetOldClaims(now = Date.now()): Promise<HistoryResult<number>> {
  return tryStorage(async () => {
    const tx = (await getDb()).transaction('claims', 'readwrite');
    const old = (await tx.store.getAll()).filter((claim) => claim.at < now - CLAIM_DAYS * DAY_MS);
    await Promise.all([...old.map((claim) => tx.store.delete(claim.digest)), tx.done]);
    return old.length;
  });
}
