import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db';
import { entryFrom } from '@/lib/history/entries';
import { scanHistory } from '@/lib/history/scan-history';
import { makePush } from '@/test/support/pwpush-fixtures';

const BASE = 'https://pwpush.example';

/** `count` entries, three to a millisecond, so chunks end inside a run of equal times. */
async function seed(count: number): Promise<void> {
  const tx = (await getDb()).transaction('history', 'readwrite');
  for (let i = 0; i < count; i++) {
    void tx.store.put(
      entryFrom(BASE, makePush({ urlToken: `t${i}` }), { kind: 'text', passphraseProtected: false }, 1 + Math.floor(i / 3)),
    );
  }
  await tx.done;
}

describe('scanHistory', () => {
  it('reads every entry once, newest first, a chunk at a time, with its progress', async () => {
    await seed(100);
    await (await getDb()).put('history', {
      baseUrl: BASE,
      urlToken: 'no-time',
      htmlUrl: '',
      kind: 'text',
      name: '',
      createdAt: '',
      expired: false,
    } as never);
    const seen: string[] = [];
    const progress: number[] = [];
    const end = await scanHistory({
      signal: new AbortController().signal,
      chunk: 7,
      onChunk(entries, { searched, total }) {
        seen.push(...entries.map((entry) => entry.urlToken));
        progress.push(searched);
        expect(total).toBe(101);
      },
    });
    expect(end).toEqual({ searched: 101, total: 101, complete: true });
    expect(new Set(seen).size).toBe(101);
    expect(seen.slice(0, 1)).toEqual(['t99']);
    expect(seen.at(-1)).toBe('no-time');
    expect(progress.slice(0, 3)).toEqual([7, 14, 21]);
  });

  it('stops between chunks when told, saying how far it got', async () => {
    await seed(50);
    const controller = new AbortController();
    const end = await scanHistory({
      signal: controller.signal,
      chunk: 10,
      onChunk(_entries, { searched }) {
        if (searched >= 20) controller.abort();
      },
    });
    expect(end).toEqual({ searched: 20, total: 50, complete: false });
  });
});
