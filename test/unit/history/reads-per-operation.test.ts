import { beforeEach, describe, expect, it, vi } from 'vitest';
import { localAttemptBook } from '@/lib/attempts/local-book';
import { expireCopiesOf } from '@/lib/attempts/resolve';
import { getDb } from '@/lib/db';
import { entryFrom, markExpired } from '@/lib/history/entries';
import { ownEntries } from '@/lib/lockdown/own-entries';
import { refreshHistoryStates } from '@/lib/push-lists/loaders';
import { pollReceipts, reschedule } from '@/lib/receipts/background';
import { madeHereAsQrPush } from '@/lib/receive/qr-push';
import { ok } from '@/lib/result';
import type { Push } from '@/lib/pwpush/types';
import type { HistoryEntry } from '@/lib/records';
import { configure, makePage, makePush, pwpush } from '@/test/components/pushes/fixtures';
import { countIdb } from '@/test/support/idb-reads';
import { BASE_URL } from '@/test/support/pwpush-fixtures';

// What each operation that asks about "the pushes of this instance that are still open" reads from
// IndexedDB, with a history of 200 and of 2,000 entries beside the same 10 open pushes: the
// records read must not grow with the history (lib/history/open-key.ts). `countIdb` counts the
// records handed out by `get`, `getAll` and cursors, whatever the machine.

const OTHER = 'https://other.example';
const NOW = Date.now();
const DAY = 86_400_000;

/** The 10 open pushes made with the token, on the Active list's first page as the server has them. */
const mine = Array.from({ length: 10 }, (_, i) => makePush({ urlToken: `mine${i}`, createdAt: new Date(NOW - i * 1_000).toISOString() }));

/**
 * `size` more entries of the kinds none of these operations must read: expired ones (recently, so
 * no sweep forgets them meanwhile), and ones on another instance; with `unlisted`, also open ones no
 * list of this account holds (pushed without a token, or in another account), which the lockdown
 * alone reaches.
 */
async function seed(size: number, { unlisted }: { unlisted: boolean }) {
  const tx = (await getDb()).transaction('history', 'readwrite');
  const details = { kind: 'text' as const, passphraseProtected: false };
  mine.forEach((push, i) => void tx.store.put(entryFrom(BASE_URL, push, { ...details, withToken: true }, NOW - 10_000 + i)));
  for (let i = 0; i < size; i++) {
    const push = makePush({ urlToken: `filler${i}` });
    const at = NOW - 20 * DAY + i;
    let entry: HistoryEntry;
    if (i % 4 === 0) entry = entryFrom(OTHER, push, { ...details, withToken: true }, at);
    else if (i % 4 === 1 && unlisted) entry = entryFrom(BASE_URL, push, { ...details, withToken: false }, at);
    else if (i % 4 === 2 && unlisted) entry = entryFrom(BASE_URL, push, { ...details, withToken: true, accountId: 'other' }, at);
    else entry = entryFrom(BASE_URL, { ...push, expired: true, expiredOn: new Date(NOW - DAY).toISOString() }, details, at);
    void tx.store.put(entry);
  }
  await tx.done;
}

/** Records read by `operation` at a history of 200 and of 2,000 entries beside the same open pushes. */
async function readsAt(sizes: number[], operation: () => Promise<unknown>, options = { unlisted: true }) {
  const reads: number[] = [];
  for (const size of sizes) {
    const db = await getDb();
    await db.clear('history');
    await seed(size, options);
    const counts = countIdb();
    await operation();
    reads.push(counts.records);
    vi.restoreAllMocks();
  }
  return reads;
}

beforeEach(async () => {
  vi.resetAllMocks();
  await configure();
  pwpush.activePushes.mockResolvedValue(ok(makePage(mine)));
  pwpush.expiredPushes.mockResolvedValue(ok(makePage([])));
});

describe('records read per operation, at 200 and at 2,000 history entries', () => {
  it("the Pushes page's state check", async () => {
    const reads = await readsAt([200, 2_000], () => refreshHistoryStates({ baseUrl: BASE_URL, token: 'api-token' }, NOW));
    expect(reads[1]).toBe(reads[0]);
    expect(reads[0]).toBeLessThanOrEqual(2 * mine.length);
  });

  it("the receipts watcher's poll, and its look after a push is recorded", async () => {
    const reads = await readsAt([200, 2_000], async () => {
      await pollReceipts();
      await reschedule();
    });
    expect(reads[1]).toBe(reads[0]);
    expect(reads[0]).toBeLessThanOrEqual(4 * mine.length);
  });

  it("the lockdown's pass through this browser's own pushes", async () => {
    // Its targets are every open push on the instance, with or without a token: the rest must cost nothing.
    const reads = await readsAt([200, 2_000], () => ownEntries({ baseUrl: BASE_URL, withToken: false }, new Set()), { unlisted: false });
    expect(reads[1]).toBe(reads[0]);
    expect(reads[0]).toBe(mine.length);
  });

  it("the receive view's check for a QR push made here", async () => {
    const reads = await readsAt([200, 2_000], () => madeHereAsQrPush(BASE_URL, 'mine3'));
    expect(reads).toEqual([1, 1]);
  });

  it('the look for copies the network made of a push just answered', async () => {
    const named: Push = { ...mine[0]!, createdAt: new Date(NOW).toISOString() };
    const attempt = {
      id: 'attempt-1',
      baseUrl: BASE_URL,
      startedAt: NOW - 100,
      input: { kind: 'text' as const, payload: 'the secret' },
      edition: 'oss',
      answered: { push: named, at: NOW },
    };
    const copy: Push = { ...named, urlToken: 'copy1' };
    pwpush.activePushes.mockResolvedValue(ok(makePage([copy, ...mine])));
    const reads = await readsAt([200, 2_000], () =>
      expireCopiesOf(attempt, { cfg: { baseUrl: BASE_URL, token: 'api-token' }, book: localAttemptBook, now: () => NOW }),
    );
    expect(reads[1]).toBe(reads[0]);
    expect(reads[0]).toBeLessThanOrEqual(4);
  });
});

describe('an entry leaves the open pushes once it is known to be expired', () => {
  it('so the state check no longer reads it', async () => {
    await seed(0, { unlisted: false });
    for (const push of mine.slice(0, 5)) await markExpired(BASE_URL, push.urlToken);
    const counts = countIdb();
    await refreshHistoryStates({ baseUrl: BASE_URL, token: 'api-token' }, NOW);
    const readBefore = counts.records;
    expect(readBefore).toBeLessThanOrEqual(2 * 5);
  });
});
