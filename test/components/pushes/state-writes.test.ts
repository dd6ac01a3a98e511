import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadServerPage, refreshHistoryStates } from '@/lib/push-lists/loaders';
import { getDb } from '@/lib/db';
import { entryFrom, listHistory } from '@/lib/history/entries';
import { ok } from '@/lib/result';
import type { Push } from '@/lib/pwpush/types';
import { countIdb } from '@/test/support/idb-reads';
import { BASE_URL, makePage, makePush, pwpush } from './fixtures';

const { activePushes, expiredPushes } = pwpush;

const connection = { baseUrl: BASE_URL, token: 'api-token' };
const NOW = Date.now();

/** 40 pushes of this browser, all on the Active list's first page as the server has them. */
async function seedListed(): Promise<Push[]> {
  const pushes = Array.from({ length: 40 }, (_, i) => makePush({ urlToken: `t${i}`, createdAt: new Date(NOW).toISOString() }));
  const tx = (await getDb()).transaction('history', 'readwrite');
  pushes.forEach((push, i) => void tx.store.put(entryFrom(BASE_URL, push, { kind: 'text', passphraseProtected: false }, NOW - 1_000 + i)));
  await tx.done;
  return pushes;
}

function serve(pushes: Push[]) {
  activePushes.mockResolvedValue(ok(makePage(pushes)));
  expiredPushes.mockResolvedValue(ok(makePage([])));
}

beforeEach(() => {
  vi.resetAllMocks();
});

describe('the states learnt from the lists are written', () => {
  it('in one transaction for the whole opening', async () => {
    const pushes = await seedListed();
    serve(pushes.map((push, i) => (i < 5 ? { ...push, viewsRemaining: push.viewsRemaining - 1 } : push)));
    const counts = countIdb();
    await refreshHistoryStates(connection, NOW);
    expect(counts.writeTransactions).toBe(1);
    const listed = await listHistory();
    expect(listed.ok && listed.value.filter((entry) => entry.checkedVia === 'lists')).toHaveLength(40);
  });

  it('not at all when an opening learns nothing new', async () => {
    const pushes = await seedListed();
    serve(pushes);
    await refreshHistoryStates(connection, NOW);
    const counts = countIdb();
    await refreshHistoryStates(connection, NOW + 60_000);
    expect(counts.puts).toBe(0);
    expect(counts.writeTransactions).toBe(0);
  });

  it('again for a push whose views changed since', async () => {
    const pushes = await seedListed();
    serve(pushes);
    await refreshHistoryStates(connection, NOW);
    serve(pushes.map((push) => (push.urlToken === 't7' ? { ...push, viewsRemaining: 0, expired: true } : push)));
    const counts = countIdb();
    await refreshHistoryStates(connection, NOW + 60_000);
    expect(counts.puts).toBe(1);
    const listed = await listHistory();
    expect(listed.ok && listed.value.find((entry) => entry.urlToken === 't7')).toMatchObject({ expired: true, htmlUrl: '' });
  });
});

describe('a page of a server list', () => {
  it('reads the history entries of its own pushes only, not the whole history', async () => {
    const pushes = await seedListed();
    const tx = (await getDb()).transaction('history', 'readwrite');
    for (let i = 0; i < 2_000; i++) {
      void tx.store.put(entryFrom(BASE_URL, makePush({ urlToken: `old${i}` }), { kind: 'text', passphraseProtected: false }, i + 1));
    }
    await tx.done;
    serve(pushes.slice(0, 10));
    const counts = countIdb();
    const page = await loadServerPage('active', connection, 1, () => undefined);
    expect(page.ok && page.value.items.every((row) => row.inHistory)).toBe(true);
    expect(counts.records).toBeLessThanOrEqual(20);
  });
});
