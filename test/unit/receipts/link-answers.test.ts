import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db';
import { entryFrom } from '@/lib/history/entries';
import { answerReceiptMessages } from '@/lib/receipts/link-answers';
import { askLinkReceipts } from '@/lib/receipts/link-messages';
import { EMPTY_STATE, receiptsState } from '@/lib/receipts/state';
import type { PushWatch } from '@/lib/receipts/types';
import { receiptsUnwatched } from '@/lib/settings';
import { deliverMessagesFrom } from '@/test/support/extension-messages';
import { countIdb } from '@/test/support/idb-reads';
import { makePush } from '@/test/support/pwpush-fixtures';

const BASE = 'https://pwpush.example';

async function seed(count: number, overrides: Parameters<typeof makePush>[0] = {}): Promise<void> {
  const tx = (await getDb()).transaction('history', 'readwrite');
  for (let i = 0; i < count; i++) {
    void tx.store.put(
      entryFrom(BASE, makePush({ urlToken: `t${i}`, ...overrides }), { kind: 'text', passphraseProtected: false }, 5_000 + i),
    );
  }
  await tx.done;
}

describe("the link view's receipts", () => {
  it('find their push by its key: one record read, not the whole history', async () => {
    await seed(1_000);
    answerReceiptMessages();
    deliverMessagesFrom('/popup.html');
    const counts = countIdb();
    expect(await askLinkReceipts(`${BASE}/`, 't42')).toEqual({ watching: true });
    expect(await askLinkReceipts(BASE, 'elsewhere')).toBeNull();
    expect(counts.records).toBe(1);
  });

  it.each<{ case: string; left: number; known?: PushWatch; unwatched?: boolean; ended?: boolean; expired?: boolean; unsaid: boolean }>([
    { case: 'a first view before any poll met the push', left: 4, unsaid: true },
    { case: 'no view yet', left: 5, unsaid: false },
    { case: 'the view the watcher already put into words', left: 4, known: { viewsRemaining: 4, auditRead: 2 }, unsaid: false },
    { case: 'a second view after a first one said', left: 3, known: { viewsRemaining: 4, auditRead: 2 }, unsaid: true },
    { case: 'a push the person stopped watching', left: 4, unwatched: true, unsaid: false },
    { case: 'a push the watcher ended', left: 4, ended: true, unsaid: false },
    { case: 'an expired push', left: 4, expired: true, unsaid: false },
  ])(
    'say when the history heard of a view no receipt has put into words: $case',
    async ({ left, known, unwatched, ended, expired, unsaid }) => {
      await seed(1, { expireAfterViews: 5, viewsRemaining: left, expired: expired === true });
      const id = '5000';
      await receiptsState.setValue({ ...EMPTY_STATE, watch: known ? { [id]: known } : {}, ended: ended ? [id] : [] });
      if (unwatched) await receiptsUnwatched.setValue([id]);
      answerReceiptMessages();
      deliverMessagesFrom('/popup.html');
      const status = await askLinkReceipts(BASE, 't0');
      expect(status?.unsaidView === true).toBe(unsaid);
    },
  );
});
