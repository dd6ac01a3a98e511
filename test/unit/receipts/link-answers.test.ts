import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db';
import { entryFrom } from '@/lib/history/entries';
import { entryIdFor } from '@/lib/receipts/link-answers';
import { countIdb } from '@/test/support/idb-reads';
import { makePush } from '@/test/support/pwpush-fixtures';

const BASE = 'https://pwpush.example';

describe("the link view's receipts", () => {
  it('find their push by its key: one record read, not the whole history', async () => {
    const tx = (await getDb()).transaction('history', 'readwrite');
    for (let i = 0; i < 1_000; i++) {
      void tx.store.put(entryFrom(BASE, makePush({ urlToken: `t${i}` }), { kind: 'text', passphraseProtected: false }, 5_000 + i));
    }
    await tx.done;
    const counts = countIdb();
    expect(await entryIdFor(`${BASE}/`, 't42')).toBe('5042');
    expect(await entryIdFor(BASE, 'elsewhere')).toBeUndefined();
    expect(counts.records).toBe(1);
  });
});
