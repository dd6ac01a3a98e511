import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db';
import { entryFrom } from '@/lib/history/entries';
import { countHistory, readHistoryPage } from '@/lib/history/read-page';
import { countIdb } from '@/test/support/idb-reads';
import { makePush } from '@/test/support/pwpush-fixtures';

const BASE = 'https://pwpush.example';
const OTHER = 'http://127.0.0.1:5100';

/** `count` entries in one transaction, recorded at 1, 2, … (so `n{count}` is the newest). */
async function seed(count: number, baseUrl = BASE, prefix = 'n'): Promise<void> {
  const tx = (await getDb()).transaction('history', 'readwrite');
  for (let i = 1; i <= count; i++) {
    void tx.store.put(entryFrom(baseUrl, makePush({ urlToken: `${prefix}${i}` }), { kind: 'text', passphraseProtected: false }, i));
  }
  await tx.done;
}

async function putRaw(...records: Record<string, unknown>[]): Promise<void> {
  const db = await getDb();
  for (const record of records) await db.put('history', record as never);
}

const tokens = (page: { entries: { urlToken: string }[] }) => page.entries.map((entry) => entry.urlToken);

describe('readHistoryPage', () => {
  it('reads one page newest first, and whether more follow, without counting', async () => {
    await seed(120);
    const counts = countIdb();
    const second = await readHistoryPage(2, 50);
    expect(tokens(second)).toEqual(Array.from({ length: 50 }, (_, i) => `n${70 - i}`));
    expect(second).toMatchObject({ more: true });
    expect(second.total).toBeUndefined();
    expect(counts.getAlls).toBe(0);
    expect(counts.records).toBeLessThanOrEqual(52);
  });

  it('counts on the page where the ordered records end, and apart', async () => {
    await seed(120);
    expect(await readHistoryPage(3, 50)).toMatchObject({ more: false, total: 120 });
    expect(await countHistory()).toBe(120);
    expect(await countHistory(OTHER)).toBe(0);
  });

  it('lists records no index orders after the ordered ones, on the page they fall on', async () => {
    await seed(3);
    const bad = { htmlUrl: '', kind: 'text', name: '', createdAt: '', expired: false };
    await putRaw({ baseUrl: BASE, urlToken: 'no-time', ...bad }, { baseUrl: BASE, urlToken: 'text-time', recordedAt: 'Tuesday', ...bad });
    await putRaw({ baseUrl: BASE, urlToken: 'negative', recordedAt: -5, ...bad }, { baseUrl: BASE, urlToken: 404, ...bad });
    const first = await readHistoryPage(1, 4);
    const second = await readHistoryPage(2, 4);
    // In key order after the ordered ones: the record keyed by a number first, which cannot be read.
    expect(tokens(first)).toEqual(['n3', 'n2', 'n1']);
    expect(first.unreadable).toBe(1);
    expect(tokens(second)).toEqual(['negative', 'no-time', 'text-time']);
    expect(first.total).toBe(7);
  });

  it('of one instance: only its records, ordered or not', async () => {
    await seed(3);
    await seed(2, OTHER, 'o');
    await putRaw({ baseUrl: BASE, urlToken: 'no-time', htmlUrl: '', kind: 'text', name: '', createdAt: '', expired: false });
    const page = await readHistoryPage(1, 50, `${BASE}/`);
    expect(tokens(page)).toEqual(['n3', 'n2', 'n1', 'no-time']);
    expect(page.total).toBe(4);
  });

  it('neither lists nor counts the throwaway records of a purge in progress (lib/history/purge-deleted.ts)', async () => {
    await seed(2);
    await putRaw(
      { baseUrl: '', urlToken: 'purge-0-0', recordedAt: -600, purgeFiller: 'x' },
      { baseUrl: '\u0001437', urlToken: 'purge-0-1', recordedAt: -599, purgeFiller: 'x' },
      { baseUrl: '\uffff', urlToken: 'purge-0-599', recordedAt: Number.MAX_SAFE_INTEGER, purgeFiller: 'x' },
    );
    const page = await readHistoryPage(1, 50);
    expect(tokens(page)).toEqual(['n2', 'n1']);
    expect(page.total).toBe(2);
    expect(page.unreadable).toBe(0);
  });
});
