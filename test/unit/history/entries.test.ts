import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDB } from 'idb';
import { DB_NAME, DB_VERSION, getDb } from '@/lib/db';
import {
  HISTORY_WRITE_TIMEOUT_MS,
  clearHistory,
  listHistory,
  markExpired,
  recordPush,
  removeEntry,
  markOpenedHere,
  updateFromServer,
  type ReadEntry,
} from '@/lib/history/entries';
import { saveListStates } from '@/lib/history/list-states';
import { openEntries, openListedEntries } from '@/lib/history/open-entries';
import type { Push, RetrievedPush } from '@/lib/pwpush/types';
import { makePush } from '@/test/support/pwpush-fixtures';
import type { HistoryEntry } from '@/lib/records';

const BASE = 'https://pwpush.example';
const OTHER = 'http://127.0.0.1:5100';
const CREATED_AT = '2026-08-21T10:15:30.123Z';
const RECORDED_AT = Date.parse('2026-08-21T10:15:31.000Z');

/** A push with a name and a note, so a test sees which labels are kept. */
function push(urlToken: string, overrides: Partial<Push> = {}): Push {
  return makePush({ urlToken, name: 'Wi-Fi', note: 'for the guest room', ...overrides });
}

async function record(baseUrl: string, urlToken: string, recordedAt: number, overrides: Partial<Push> = {}) {
  const result = await recordPush(baseUrl, push(urlToken, overrides), { kind: 'text', passphraseProtected: false }, recordedAt);
  expect(result.ok).toBe(true);
}

async function tokens(filter?: { baseUrl?: string }): Promise<string[]> {
  const listed = await listHistory(filter);
  if (!listed.ok) throw new Error(listed.error.reason);
  return listed.value.map((entry) => entry.urlToken);
}

async function onlyEntry(): Promise<ReadEntry> {
  const listed = await listHistory();
  if (!listed.ok || listed.value.length !== 1) throw new Error('expected exactly one entry');
  return listed.value[0]!;
}

/** Every record of every store, as one string. */
async function dumpDatabase(): Promise<string> {
  const db = await getDb();
  const stores = await Promise.all([...db.objectStoreNames].map((name) => db.getAll(name)));
  return JSON.stringify(stores);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('upgrades from older builds', () => {
  it('keeps the airport data of a version 1 database and adds the later stores', async () => {
    // The schema exactly as version 1 shipped it (lib/db.ts, H8).
    const old = await openDB(DB_NAME, 1, {
      upgrade(db) {
        db.createObjectStore('airports', { keyPath: 'baseUrl' });
        db.createObjectStore('waitBoards', { keyPath: ['baseUrl', 'iata'] });
      },
    });
    const airports = { baseUrl: 'https://api.swedavia.se', airports: [{ iata: 'ARN', name: 'Arlanda' }], fetchedAt: 1000 };
    await old.put('airports', airports);
    old.close();

    const db = await getDb();

    expect(db.version).toBe(DB_VERSION);
    expect(DB_VERSION).toBe(6);
    expect(await db.get('airports', 'https://api.swedavia.se')).toEqual(airports);
    expect([...db.objectStoreNames].sort()).toEqual(['airports', 'attempts', 'claims', 'history', 'readings', 'waitBoards']);
    const history = db.transaction('history').store;
    expect(history.keyPath).toEqual(['baseUrl', 'urlToken']);
    expect([...history.indexNames].sort()).toEqual(['byBaseUrl', 'byExpiredSince', 'byOpen', 'byRecordedAt']);
    await record(BASE, 'after-upgrade', RECORDED_AT);
    expect(await tokens()).toEqual(['after-upgrade']);
  });

  it('keeps the history of a version 2 database as that build wrote it, and adds the attempts and claims', async () => {
    // The schema and an entry exactly as version 2 shipped them: no `checkedVia`, no attempts.
    const old = await openDB(DB_NAME, 2, {
      upgrade(db) {
        db.createObjectStore('airports', { keyPath: 'baseUrl' });
        db.createObjectStore('waitBoards', { keyPath: ['baseUrl', 'iata'] });
        const history = db.createObjectStore('history', { keyPath: ['baseUrl', 'urlToken'] });
        history.createIndex('byRecordedAt', 'recordedAt');
        history.createIndex('byBaseUrl', ['baseUrl', 'recordedAt']);
      },
    });
    const v2Entry = {
      baseUrl: BASE,
      urlToken: 'from-v2',
      htmlUrl: `${BASE}/p/from-v2/r`,
      kind: 'text',
      name: 'Old build',
      createdAt: CREATED_AT,
      recordedAt: RECORDED_AT,
      checkedAt: RECORDED_AT,
      expireAfterDays: 7,
      expireAfterViews: 5,
      deletableByViewer: true,
      retrievalStep: true,
      passphraseProtected: false,
      expired: false,
      daysRemaining: 7,
      viewsRemaining: 5,
    };
    await old.put('history', v2Entry);
    old.close();

    const db = await getDb();

    expect(db.version).toBe(DB_VERSION);
    expect(await onlyEntry()).toEqual(v2Entry);
    expect(db.transaction('attempts').store.keyPath).toBe('id');
    expect(db.transaction('claims').store.keyPath).toBe('digest');
    expect(await db.getAll('attempts')).toEqual([]);
  });
});

describe('upgrade to version 4', () => {
  it('keys the expired entries of a version 3 database for the sweep, drops their links, and leaves open ones as they were', async () => {
    // The schema exactly as version 3 shipped it, with what its builds wrote: an expired push whose
    // link an older build kept, one expired without `expired_on`, and an open one.
    const old = await openDB(DB_NAME, 3, {
      upgrade(db) {
        db.createObjectStore('airports', { keyPath: 'baseUrl' });
        db.createObjectStore('waitBoards', { keyPath: ['baseUrl', 'iata'] });
        const history = db.createObjectStore('history', { keyPath: ['baseUrl', 'urlToken'] });
        history.createIndex('byRecordedAt', 'recordedAt');
        history.createIndex('byBaseUrl', ['baseUrl', 'recordedAt']);
        db.createObjectStore('attempts', { keyPath: 'id' });
        db.createObjectStore('claims', { keyPath: 'digest' });
      },
    });
    const v3 = (urlToken: string, extra: Record<string, unknown>) => ({
      baseUrl: BASE,
      urlToken,
      htmlUrl: `${BASE}/p/${urlToken}`,
      kind: 'text',
      name: urlToken,
      createdAt: CREATED_AT,
      recordedAt: RECORDED_AT,
      checkedAt: RECORDED_AT + 5,
      checkedVia: 'lists',
      expireAfterDays: 7,
      expireAfterViews: 5,
      deletableByViewer: true,
      retrievalStep: false,
      passphraseProtected: false,
      expired: false,
      daysRemaining: 7,
      viewsRemaining: 5,
      ...extra,
    });
    const open = v3('open', {});
    await old.put('history', v3('linked', { expired: true, expiredAt: '2026-08-22T09:00:00.000Z' }));
    await old.put('history', v3('no-date', { expired: true, htmlUrl: '' }));
    await old.put('history', open);
    old.close();

    const db = await getDb();

    expect(db.version).toBe(DB_VERSION);
    const byToken = async (token: string) => (await db.get('history', [BASE, token])) as HistoryEntry;
    expect(await byToken('linked')).toMatchObject({ htmlUrl: '', expiredSince: Date.parse('2026-08-22T09:00:00.000Z') });
    expect(await byToken('no-date')).toMatchObject({ expiredSince: RECORDED_AT + 5 });
    // Version 5 then keys it in the open pushes' index, and changes nothing else.
    expect(await byToken('open')).toEqual({ ...open, openKey: [BASE, 'lists', '', RECORDED_AT] });
    const swept = await db.getAllKeysFromIndex('history', 'byExpiredSince');
    // Ordered by when they expired: the one without `expired_on` was learned of on 21 August.
    expect(swept).toEqual([
      [BASE, 'no-date'],
      [BASE, 'linked'],
    ]);
  });
});

describe('upgrade to version 5', () => {
  it("keys the open entries of a version 4 database in the open pushes' index, by instance, list, account and time", async () => {
    // The schema exactly as version 4 shipped it, with what its builds wrote.
    const old = await openDB(DB_NAME, 4, {
      upgrade(db) {
        db.createObjectStore('airports', { keyPath: 'baseUrl' });
        db.createObjectStore('waitBoards', { keyPath: ['baseUrl', 'iata'] });
        const history = db.createObjectStore('history', { keyPath: ['baseUrl', 'urlToken'] });
        history.createIndex('byRecordedAt', 'recordedAt');
        history.createIndex('byBaseUrl', ['baseUrl', 'recordedAt']);
        history.createIndex('byExpiredSince', 'expiredSince');
        db.createObjectStore('attempts', { keyPath: 'id' });
        db.createObjectStore('claims', { keyPath: 'digest' });
      },
    });
    const v4 = (urlToken: string, extra: Record<string, unknown> = {}) => ({
      baseUrl: BASE,
      urlToken,
      htmlUrl: `${BASE}/p/${urlToken}`,
      kind: 'text',
      name: urlToken,
      createdAt: CREATED_AT,
      recordedAt: RECORDED_AT,
      checkedAt: RECORDED_AT,
      checkedVia: 'created',
      expireAfterDays: 7,
      expireAfterViews: 5,
      deletableByViewer: true,
      retrievalStep: false,
      passphraseProtected: false,
      expired: false,
      daysRemaining: 7,
      viewsRemaining: 5,
      ...extra,
    });
    const expired = v4('expired', { expired: true, htmlUrl: '', expiredAt: '2026-08-22T09:00:00.000Z', expiredSince: 1 });
    await old.put('history', v4('with-token', { withToken: true }));
    await old.put('history', v4('no-token', { withToken: false, recordedAt: RECORDED_AT + 1 }));
    // Recorded before Pushgate kept how it was pushed: a list may hold it.
    await old.put('history', v4('unknown', { recordedAt: RECORDED_AT + 2 }));
    await old.put('history', v4('in-account', { withToken: true, accountId: '7', recordedAt: RECORDED_AT + 3 }));
    await old.put('history', v4('no-time', { recordedAt: 'yesterday' }));
    await old.put('history', expired);
    await old.put('history', v4('elsewhere', { baseUrl: OTHER }));
    old.close();

    const db = await getDb();

    expect(db.version).toBe(DB_VERSION);
    expect(await db.getAllKeysFromIndex('history', 'byOpen')).toEqual([
      [OTHER, 'elsewhere'],
      [BASE, 'no-token'],
      [BASE, 'no-time'],
      [BASE, 'with-token'],
      [BASE, 'unknown'],
      [BASE, 'in-account'],
    ]);
    expect(await db.get('history', [BASE, 'no-token'])).toEqual({
      ...v4('no-token', { withToken: false, recordedAt: RECORDED_AT + 1 }),
      openKey: [BASE, 'link', '', RECORDED_AT + 1],
    });
    expect((await db.get('history', [BASE, 'no-time']))?.openKey).toEqual([BASE, 'lists', '', 0]);
    expect(await db.get('history', [BASE, 'expired'])).toEqual(expired);
    // The readers of open pushes find them there.
    expect((await openListedEntries(BASE)).map((entry) => entry.urlToken)).toEqual(['no-time', 'with-token', 'unknown']);
    expect((await openListedEntries(BASE, '7')).map((entry) => entry.urlToken)).toEqual(['no-time', 'with-token', 'unknown', 'in-account']);
    expect((await openEntries(BASE)).map((entry) => entry.urlToken)).toEqual([
      'no-token',
      'no-time',
      'with-token',
      'unknown',
      'in-account',
    ]);
  });
});

describe("the open pushes' index, kept by every write", () => {
  it('holds an entry while it is open, in the list lane it was pushed for, and lets it go when it expires', async () => {
    await recordPush(BASE, push('mine'), { kind: 'text', passphraseProtected: false, withToken: true, accountId: '3' }, RECORDED_AT);
    await recordPush(BASE, push('anon'), { kind: 'text', passphraseProtected: false, withToken: false }, RECORDED_AT + 1);
    const db = await getDb();
    expect((await db.get('history', [BASE, 'mine']))?.openKey).toEqual([BASE, 'lists', '3', RECORDED_AT]);
    expect((await openListedEntries(BASE)).map((entry) => entry.urlToken)).toEqual([]);
    expect((await openListedEntries(BASE, '3')).map((entry) => entry.urlToken)).toEqual(['mine']);
    await updateFromServer(BASE, push('mine', { viewsRemaining: 2 }), RECORDED_AT + 5);
    expect((await openListedEntries(BASE, '3')).map((entry) => entry.viewsRemaining)).toEqual([2]);
    await markExpired(BASE, 'mine');
    await saveListStates(BASE, [push('anon', { expired: true })], [], RECORDED_AT + 9);
    expect(await db.getAllKeysFromIndex('history', 'byOpen')).toEqual([]);
    expect((await db.get('history', [BASE, 'mine']))?.openKey).toBeUndefined();
  });
});

describe('recordPush', () => {
  it('keeps the link, the kind, the labels and the expiry settings', async () => {
    const result = await recordPush(`${BASE}/`, push('k3xq9w0lz2mfa'), { kind: 'url', passphraseProtected: true }, RECORDED_AT);

    const expected: HistoryEntry = {
      baseUrl: BASE,
      urlToken: 'k3xq9w0lz2mfa',
      htmlUrl: `${BASE}/p/k3xq9w0lz2mfa/r`,
      kind: 'url',
      name: 'Wi-Fi',
      note: 'for the guest room',
      createdAt: CREATED_AT,
      recordedAt: RECORDED_AT,
      checkedAt: RECORDED_AT,
      checkedVia: 'created',
      expireAfterDays: 7,
      expireAfterViews: 5,
      deletableByViewer: true,
      retrievalStep: true,
      passphraseProtected: true,
      expired: false,
      daysRemaining: 7,
      viewsRemaining: 5,
    };
    expect(result).toEqual({ ok: true, value: { ...expected, openKey: [BASE, 'lists', '', RECORDED_AT] } });
    expect(await onlyEntry()).toEqual(expected);
  });

  it('leaves out an empty note and keeps an empty name as ""', async () => {
    await record(BASE, 'plain', RECORDED_AT, { name: undefined, note: '' });
    const entry = await onlyEntry();
    expect(entry.name).toBe('');
    expect('note' in entry).toBe(false);
  });

  it('copies named fields only: a payload or passphrase riding along is never stored', async () => {
    const careless = { ...push('leaky'), passphrase: 'correct horse', payload: 'the-secret-payload', files: [] };

    await recordPush(BASE, careless as Push, { kind: 'text', passphraseProtected: true }, RECORDED_AT);

    const entry = await onlyEntry();
    expect(entry).not.toHaveProperty('payload');
    expect(entry).not.toHaveProperty('passphrase');
    expect(entry).not.toHaveProperty('files');
    const stored = await dumpDatabase();
    expect(stored).toContain('leaky');
    expect(stored).not.toContain('correct horse');
    expect(stored).not.toContain('the-secret-payload');
  });

  it('replaces the entry of a token recorded twice', async () => {
    await record(BASE, 'same', RECORDED_AT, { name: 'first' });
    await record(BASE, 'same', RECORDED_AT + 1, { name: 'second' });
    expect((await onlyEntry()).name).toBe('second');
  });

  it('reports a storage failure instead of rejecting', async () => {
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    expect(await recordPush(BASE, push('full'), { kind: 'text', passphraseProtected: false })).toEqual({
      ok: false,
      error: { kind: 'storage', reason: 'QuotaExceededError' },
    });
  });

  it('gives up after a short wait when another page blocks the upgrade, and the entry lands later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // An old page that keeps its version 1 connection open and never answers `versionchange`.
    const old = await openDB(DB_NAME, 1, { upgrade: (db) => void db.createObjectStore('airports', { keyPath: 'baseUrl' }) });

    const pending = recordPush(BASE, push('blocked'), { kind: 'text', passphraseProtected: false });
    await vi.advanceTimersByTimeAsync(HISTORY_WRITE_TIMEOUT_MS);

    expect(await pending).toEqual({ ok: false, error: { kind: 'storage', reason: 'timeout' } });
    old.close();
    await vi.waitFor(async () => expect(await tokens()).toEqual(['blocked']));
  });
});

describe('listHistory', () => {
  it('lists newest first, all instances or one', async () => {
    await record(BASE, 'oldest', RECORDED_AT);
    await record(OTHER, 'middle', RECORDED_AT + 1000);
    await record(BASE, 'newest', RECORDED_AT + 2000);

    expect(await tokens()).toEqual(['newest', 'middle', 'oldest']);
    expect(await tokens({ baseUrl: BASE })).toEqual(['newest', 'oldest']);
    expect(await tokens({ baseUrl: `${BASE}/` })).toEqual(['newest', 'oldest']);
    expect(await tokens({ baseUrl: OTHER })).toEqual(['middle']);
    expect(await tokens({ baseUrl: 'https://elsewhere.example' })).toEqual([]);
  });

  it('reports storage that cannot be opened', async () => {
    vi.spyOn(indexedDB, 'open').mockImplementation(() => {
      throw new DOMException('IndexedDB is disabled.', 'InvalidStateError');
    });
    expect(await listHistory()).toEqual({ ok: false, error: { kind: 'storage', reason: 'InvalidStateError' } });
  });
});

describe('markExpired', () => {
  const LATER = RECORDED_AT + 60_000;

  it('marks the entry expired at the time it learned so, without an answer', async () => {
    await record(BASE, 'gone', RECORDED_AT);
    const result = await markExpired(BASE, 'gone', undefined, LATER);
    expect(result.ok && result.value).toMatchObject({ expired: true, expiredAt: new Date(LATER).toISOString(), daysRemaining: 7 });
    // The 404 of a purged push is the server's word too: learned now, from this browser's expiry.
    expect(await onlyEntry()).toMatchObject({
      expired: true,
      expiredAt: new Date(LATER).toISOString(),
      checkedAt: LATER,
      checkedVia: 'expired-here',
    });
  });

  it('takes the server time and counts from the DELETE answer, keeping the labels it lacks', async () => {
    await record(BASE, 'gone', RECORDED_AT);
    const answer = push('gone', { expired: true, deleted: true, expiredOn: '2026-08-21T10:30:00.000Z', viewsRemaining: 4 });
    delete answer.name;
    delete answer.note;

    await markExpired(`${BASE}/`, 'gone', answer, LATER);

    expect(await onlyEntry()).toMatchObject({
      expired: true,
      expiredAt: '2026-08-21T10:30:00.000Z',
      viewsRemaining: 4,
      checkedAt: LATER,
      checkedVia: 'expired-here',
      name: 'Wi-Fi',
      note: 'for the guest room',
    });
  });

  it('resolves null and records nothing for a push this browser did not make', async () => {
    expect(await markExpired(BASE, 'unknown')).toEqual({ ok: true, value: null });
    expect(await tokens()).toEqual([]);
  });
});

describe('markOpenedHere', () => {
  it('notes when this browser retrieved a push it made, and nothing else', async () => {
    await record(BASE, 'tok', RECORDED_AT);
    const result = await markOpenedHere(`${BASE}/`, 'tok', RECORDED_AT + 5);
    expect(result.ok && result.value).toMatchObject({ openedHereAt: RECORDED_AT + 5, checkedAt: RECORDED_AT, checkedVia: 'created' });
    expect(await onlyEntry()).toMatchObject({ openedHereAt: RECORDED_AT + 5, expired: false });
  });

  it('resolves null for a push this browser did not make', async () => {
    expect(await markOpenedHere(BASE, 'someone-elses')).toEqual({ ok: true, value: null });
    expect(await tokens()).toEqual([]);
  });
});

describe('updateFromServer', () => {
  const LATER = RECORDED_AT + 3_600_000;

  it.each<[string, Partial<Push>, Partial<HistoryEntry>]>([
    ['an active list item', { daysRemaining: 5, viewsRemaining: 3 }, { expired: false, daysRemaining: 5, viewsRemaining: 3 }],
    [
      'an expired list item',
      { expired: true, expiredOn: '2026-08-22T08:00:00.000Z', viewsRemaining: 0 },
      { expired: true, expiredAt: '2026-08-22T08:00:00.000Z', viewsRemaining: 0 },
    ],
    ['a renamed push', { name: 'Router', note: 'admin page' }, { name: 'Router', note: 'admin page' }],
    ['limits the server replaced', { expireAfterDays: 90, expireAfterViews: 100 }, { expireAfterDays: 90, expireAfterViews: 100 }],
  ])('refreshes the entry from %s', async (_label, answer, expected) => {
    await record(BASE, 'tok', RECORDED_AT);
    const result = await updateFromServer(BASE, push('tok', answer), LATER);
    expect(result.ok && result.value).toMatchObject({ ...expected, checkedAt: LATER, checkedVia: 'lists' });
    expect(await onlyEntry()).toMatchObject({ ...expected, checkedAt: LATER, checkedVia: 'lists', recordedAt: RECORDED_AT });
  });

  it('drops a note the owner emptied', async () => {
    await record(BASE, 'tok', RECORDED_AT);
    await updateFromServer(BASE, push('tok', { note: '' }));
    expect('note' in (await onlyEntry())).toBe(false);
  });

  it('keeps an expiry already seen when a lagging "active" answer says otherwise (docs/password-pusher.md#lists)', async () => {
    await record(BASE, 'tok', RECORDED_AT);
    await markExpired(BASE, 'tok', undefined, LATER);
    await updateFromServer(BASE, push('tok', { expired: false }));
    expect((await onlyEntry()).expired).toBe(true);
  });

  it('stores no payload from a retrieved push', async () => {
    await record(BASE, 'tok', RECORDED_AT);
    const retrieved: RetrievedPush = { ...push('tok'), payload: 'retrieved-secret', files: [] };
    await updateFromServer(BASE, retrieved);
    expect(await dumpDatabase()).not.toContain('retrieved-secret');
  });

  it('resolves null for a push not in the history (made in another browser)', async () => {
    expect(await updateFromServer(BASE, push('elsewhere'))).toEqual({ ok: true, value: null });
    expect(await tokens()).toEqual([]);
  });
});

describe('removeEntry and clearHistory', () => {
  async function recordThree() {
    await record(BASE, 'a', RECORDED_AT);
    await record(BASE, 'b', RECORDED_AT + 1);
    await record(OTHER, 'c', RECORDED_AT + 2);
  }

  it('removes one entry of one instance', async () => {
    await recordThree();
    await record(OTHER, 'a', RECORDED_AT + 3);
    expect(await removeEntry(`${BASE}/`, 'a')).toEqual({ ok: true, value: undefined });
    expect(await tokens()).toEqual(['a', 'c', 'b']);
    expect(await tokens({ baseUrl: OTHER })).toEqual(['a', 'c']);
  });

  it.each<[string | undefined, number, string[]]>([
    [undefined, 3, []],
    [BASE, 2, ['c']],
    [OTHER, 1, ['b', 'a']],
    ['https://elsewhere.example', 0, ['c', 'b', 'a']],
  ])('clears the history of %s', async (baseUrl, removed, left) => {
    await recordThree();
    expect(await clearHistory(baseUrl)).toEqual({ ok: true, value: removed });
    expect(await tokens()).toEqual(left);
    // The throwaway records that make the disk compact (lib/history/purge-deleted.ts) are gone again.
    expect(await (await getDb()).count('history')).toBe(left.length);
  });

  it('after a clear, has the disk compact the forgotten range: throwaway records written across it, then deleted', async () => {
    await recordThree();
    const db = await getDb();
    const put = vi.spyOn(db, 'transaction');
    await clearHistory();
    expect(put.mock.calls.length).toBeGreaterThan(20);
    expect(await db.count('history')).toBe(0);
  });
});

describe("whether the account's lists can hold a push", () => {
  it('keeps whether it was pushed with a token', async () => {
    await recordPush(BASE, push('anon'), { kind: 'text', passphraseProtected: false, withToken: false }, RECORDED_AT);
    await recordPush(BASE, push('owned'), { kind: 'text', passphraseProtected: false, withToken: true }, RECORDED_AT + 1);
    const listed = await listHistory();
    expect(listed.ok && listed.value.map((entry) => [entry.urlToken, entry.withToken])).toEqual([
      ['owned', true],
      ['anon', false],
    ]);
  });

  it('marks pushes a round of the lists missed in one go, and forgets that when a list holds one again', async () => {
    await record(BASE, 'tok', RECORDED_AT);
    expect(await saveListStates(BASE, [], ['tok', 'not-here'], RECORDED_AT + 5)).toEqual({ ok: true, value: 1 });
    expect((await onlyEntry()).unlistedAt).toBe(RECORDED_AT + 5);
    await updateFromServer(BASE, push('tok'), RECORDED_AT + 10);
    expect('unlistedAt' in (await onlyEntry())).toBe(false);
  });
});
