import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db';
import { entryFrom, forgetExpired, listHistory } from '@/lib/history/entries';
import { SWEEP_BATCH } from '@/lib/history/sweep';
import { loadHistoryPage } from '@/lib/push-lists/loaders';
import { countIdb } from '@/test/support/idb-reads';
import { makePush } from '@/test/support/pwpush-fixtures';

const BASE = 'https://pwpush.example';
const DAY = 86_400_000;
const NOW = Date.parse('2026-09-30T12:00:00.000Z');
const details = { kind: 'text', passphraseProtected: false } as const;

/** `live` open pushes and `old` pushes that expired 40 days ago, in one transaction. */
async function seed(live: number, old: number): Promise<void> {
  const tx = (await getDb()).transaction('history', 'readwrite');
  for (let i = 0; i < live; i++) void tx.store.put(entryFrom(BASE, makePush({ urlToken: `live${i}` }), details, i + 1));
  const expiredOn = new Date(NOW - 40 * DAY).toISOString();
  for (let i = 0; i < old; i++) {
    void tx.store.put(entryFrom(BASE, makePush({ urlToken: `old${i}`, expired: true, expiredOn }), details, live + i + 1));
  }
  await tx.done;
}

async function count(): Promise<number> {
  const listed = await listHistory();
  if (!listed.ok) throw new Error('history unreadable');
  return listed.value.length;
}

describe('the sweep of expired entries', () => {
  it('touches only what it forgets: none of 2,000 open pushes is read', async () => {
    await seed(2_000, 3);
    const counts = countIdb();
    expect(await forgetExpired(30, NOW)).toEqual({ ok: true, value: 3 });
    expect(counts.getAlls).toBe(0);
    expect(counts.records).toBeLessThanOrEqual(4);
    expect(counts.deletes).toBe(3);
  });

  it('forgets a bounded batch each time; the next sweep goes on', async () => {
    await seed(10, SWEEP_BATCH + 5);
    const counts = countIdb();
    expect(await forgetExpired(30, NOW)).toEqual({ ok: true, value: SWEEP_BATCH });
    expect(counts.records).toBeLessThanOrEqual(SWEEP_BATCH + 1);
    expect(await forgetExpired(30, NOW)).toEqual({ ok: true, value: 5 });
    expect(await count()).toBe(10);
  });

  it('reads nothing but one index step when nothing is due', async () => {
    await seed(2_000, 0);
    const counts = countIdb();
    expect(await forgetExpired(30, NOW)).toEqual({ ok: true, value: 0 });
    expect(counts.records).toBe(0);
    expect(counts.puts + counts.deletes).toBe(0);
  });
});
describe('"This browser" on the Pushes page, sweep included', () => {
  it('reads the records of the page it shows, at 2,000 entries as at 10', async () => {
    await seed(2_000, 0);
    const counts = countIdb();
    const page = await loadHistoryPage(3);
    expect(page.ok && page.value.items.map((row) => row.urlToken).slice(0, 2)).toEqual(['live1899', 'live1898']);
    expect(page.ok && page.value.served).toBe(50);
    expect(counts.getAlls).toBe(0);
    expect(counts.records).toBeLessThanOrEqual(60);
  });
});
