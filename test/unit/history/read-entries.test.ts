import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db';
import { readEntry, readHistory } from '@/lib/history/read-entries';

const BASE = 'https://pwpush.example';
const OTHER = 'http://127.0.0.1:5100';

function raw(baseUrl: string, urlToken: unknown, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { baseUrl, urlToken, htmlUrl: '', kind: 'text', name: '', createdAt: '', expired: false, ...extra };
}

async function putRaw(...records: Record<string, unknown>[]): Promise<void> {
  const db = await getDb();
  for (const record of records) await db.put('history', record as never);
}

describe('readHistory of one instance', () => {
  it('finds its records that no index holds, and counts those it cannot read, never another instance’s', async () => {
    await putRaw(
      raw(BASE, 'indexed', { recordedAt: 2 }),
      raw(BASE, 'unindexed'),
      raw(BASE, 'badtime', { recordedAt: 'Tuesday' }),
      raw(BASE, 404),
      raw(OTHER, 'elsewhere'),
    );

    const listing = await readHistory(`${BASE}/`);

    expect(listing.entries.map((entry) => entry.urlToken)).toEqual(['indexed', 'badtime', 'unindexed']);
    expect(listing.unreadable).toBe(1);
  });
});

describe('readHistory while a purge runs', () => {
  it('neither lists nor counts its throwaway records (lib/history/purge-deleted.ts)', async () => {
    await putRaw(raw(BASE, 'kept', { recordedAt: 2 }), { baseUrl: '\uffff', urlToken: 'purge-0-599', recordedAt: 5, purgeFiller: 'xxxx' });
    const listing = await readHistory();
    expect(listing.entries.map((entry) => entry.urlToken)).toEqual(['kept']);
    expect(listing.unreadable).toBe(0);
  });
});

describe('readEntry', () => {
  it('leaves out a time no Date can hold, and the way it was checked with it', () => {
    const entry = readEntry(raw(BASE, 'k', { checkedAt: 9e15, checkedVia: 'lists', openedHereAt: -Infinity }));
    expect(entry).not.toHaveProperty('checkedAt');
    expect(entry).not.toHaveProperty('checkedVia');
    expect(entry).not.toHaveProperty('openedHereAt');
  });

  it('reads nothing from a record that is not an object or has no usable key', () => {
    expect(readEntry(null)).toBeNull();
    expect(readEntry('text')).toBeNull();
    expect(readEntry(raw(BASE, ''))).toBeNull();
    expect(readEntry(raw('', 'k'))).toBeNull();
  });
});
