import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDB } from 'idb';
import { DB_NAME, getDb } from '@/lib/db';
import {
  ATTEMPT_WRITE_TIMEOUT_MS,
  beginAttempt,
  describeAttempt,
  forgetAttempt,
  listAttempts,
  markUnknown,
  sweepAttempts,
} from '@/lib/attempts/attempts';
import { eligibleTokens, forgetOldClaims, settleAttempt } from '@/lib/attempts/claims';
import { listHistory, recordPush } from '@/lib/history/entries';
import type { PushInput } from '@/lib/pwpush/types';
import { makePush } from '@/test/support/pwpush-fixtures';

const BASE = 'https://pwpush.example';
const STARTED = Date.parse('2026-08-21T10:15:29.000Z');
const details = { kind: 'text', passphraseProtected: true } as const;
const input: PushInput = {
  kind: 'text',
  payload: 'the secret itself',
  passphrase: 'open sesame',
  expireAfterDays: 2,
  expireAfterViews: 1,
  deletableByViewer: false,
  retrievalStep: true,
  name: 'db',
  note: 'for Kim',
};

const attempt = (id = 'a1', overrides: Partial<PushInput> = {}) =>
  describeAttempt(id, `${BASE}/`, { ...input, ...overrides }, 'oss', STARTED);

async function attempts() {
  const listed = await listAttempts();
  if (!listed.ok) throw new Error(listed.error.reason);
  return listed.value;
}

async function historyTokens() {
  const listed = await listHistory();
  if (!listed.ok) throw new Error(listed.error.reason);
  return listed.value.map((entry) => entry.urlToken);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('an attempt record', () => {
  it('is built field by field: what was asked for, never the payload or the passphrase', async () => {
    const file = new File(['file body'], 'report.pdf');
    const described = describeAttempt('a2', BASE, { ...input, kind: 'file', files: [file] }, 'oss', STARTED);
    expect(described).toEqual({
      id: 'a2',
      baseUrl: BASE,
      startedAt: STARTED,
      kind: 'file',
      edition: 'oss',
      state: 'sending',
      requested: {
        expireAfterDays: 2,
        expireAfterViews: 1,
        deletableByViewer: false,
        retrievalStep: true,
        passphraseProtected: true,
        name: 'db',
        note: 'for Kim',
        fileNames: ['report.pdf'],
      },
    });
    expect(await beginAttempt(described)).toEqual({ ok: true, value: undefined });
    const stored = JSON.stringify(await (await getDb()).getAll('attempts'));
    expect(stored).not.toContain('the secret itself');
    expect(stored).not.toContain('open sesame');
    expect(stored).not.toContain('file body');
  });

  it('is kept while sending, then told unknown, then forgotten', async () => {
    await beginAttempt(attempt('a1'));
    expect((await attempts()).map((a) => [a.id, a.state])).toEqual([['a1', 'sending']]);
    await markUnknown('a1');
    expect((await attempts()).map((a) => [a.id, a.state])).toEqual([['a1', 'unknown']]);
    await forgetAttempt('a1');
    expect(await attempts()).toEqual([]);
  });

  it('left "sending" by a worker that stopped is swept to "unknown", unless it is still out', async () => {
    await beginAttempt(attempt('orphan'));
    await beginAttempt(attempt('live'));
    expect(await sweepAttempts(new Set(['live']))).toEqual({ ok: true, value: 1 });
    expect(Object.fromEntries((await attempts()).map((a) => [a.id, a.state]))).toEqual({ orphan: 'unknown', live: 'sending' });
  });

  it('that storage refuses comes back as a failure, not a rejection', async () => {
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    expect(await beginAttempt(attempt())).toEqual({ ok: false, error: { kind: 'storage', reason: 'QuotaExceededError' } });
  });

  it('gives up after a short wait when another page blocks the upgrade', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const old = await openDB(DB_NAME, 1, { upgrade: (db) => void db.createObjectStore('airports', { keyPath: 'baseUrl' }) });
    const pending = beginAttempt(attempt());
    await vi.advanceTimersByTimeAsync(ATTEMPT_WRITE_TIMEOUT_MS);
    expect(await pending).toEqual({ ok: false, error: { kind: 'storage', reason: 'timeout' } });
    old.close();
  });
});

describe('settling an attempt with the push it made', () => {
  it('writes the history entry, the claim and deletes the attempt in one transaction', async () => {
    await beginAttempt(attempt('a1'));
    const push = makePush({ urlToken: 'made' });
    const settled = await settleAttempt('a1', BASE, push, details, { keep: true });
    expect(settled.ok && settled.value.settled).toBe('kept');
    expect(await historyTokens()).toEqual(['made']);
    expect(await attempts()).toEqual([]);
    expect(await eligibleTokens(BASE, 'someone-else', ['made'])).toEqual({ ok: true, value: new Set() });
  });

  it('with no history kept: no entry, yet the push is known here (a digest, never the link)', async () => {
    await beginAttempt(attempt('a1'));
    const push = makePush({ urlToken: 'made-no-history' });
    const settled = await settleAttempt('a1', BASE, push, details, { keep: false });
    expect(settled.ok && settled.value).toEqual({ settled: 'not-kept', entry: null });
    expect(await historyTokens()).toEqual([]);
    expect(await attempts()).toEqual([]);
    expect(JSON.stringify(await (await getDb()).getAll('claims'))).not.toContain('made-no-history');
    expect(await eligibleTokens(BASE, 'a-later-attempt', ['made-no-history', 'other'])).toEqual({ ok: true, value: new Set(['other']) });
  });

  it('is undone as a whole when the history write fails: the attempt stays, nothing is claimed', async () => {
    await beginAttempt(attempt('a1'));
    const put = IDBObjectStore.prototype.put;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, ...args) {
      if (this.name === 'history') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return put.apply(this, args);
    });
    const settled = await settleAttempt('a1', BASE, makePush({ urlToken: 'made' }), details, { keep: true });
    expect(settled).toEqual({ ok: false, error: { kind: 'storage', reason: 'QuotaExceededError' } });
    vi.restoreAllMocks();
    expect((await attempts()).map((a) => a.id)).toEqual(['a1']);
    expect(await eligibleTokens(BASE, 'a2', ['made'])).toEqual({ ok: true, value: new Set(['made']) });
  });

  it('refuses a push another attempt claimed, or one the history already had', async () => {
    await beginAttempt(attempt('a1'));
    await beginAttempt(attempt('a2'));
    await recordPush(BASE, makePush({ urlToken: 'older' }), details);
    await settleAttempt('a1', BASE, makePush({ urlToken: 'made' }), details, { keep: true });
    const taken = await settleAttempt('a2', BASE, makePush({ urlToken: 'made' }), details, { keep: true });
    expect(taken.ok && taken.value.settled).toBe('taken');
    const known = await settleAttempt('a2', BASE, makePush({ urlToken: 'older' }), details, { keep: true });
    expect(known.ok && known.value.settled).toBe('taken');
    expect((await attempts()).map((a) => a.id)).toEqual(['a2']);
  });

  it('twice by the same attempt (both sides survived) writes once', async () => {
    await beginAttempt(attempt('a1'));
    const push = makePush({ urlToken: 'made' });
    await settleAttempt('a1', BASE, push, details, { keep: true, now: 1000 });
    const again = await settleAttempt('a1', BASE, push, details, { keep: true, now: 2000 });
    expect(again.ok && again.value.settled).toBe('kept');
    const listed = await listHistory();
    expect(listed.ok && listed.value.map((entry) => entry.recordedAt)).toEqual([1000]);
    // The attempt that made it still finds it among the eligible: a look after a restart recovers it.
    expect(await eligibleTokens(BASE, 'a1', ['made'])).toEqual({ ok: true, value: new Set(['made']) });
  });

  it('forgets claims after a week', async () => {
    const day = 24 * 60 * 60 * 1000;
    await settleAttempt('a1', BASE, makePush({ urlToken: 'old' }), details, { keep: false, now: 0 });
    await settleAttempt('a2', BASE, makePush({ urlToken: 'new' }), details, { keep: false, now: 6 * day });
    await forgetOldClaims(8 * day);
    expect(await eligibleTokens(BASE, 'a3', ['old', 'new'])).toEqual({ ok: true, value: new Set(['old']) });
  });
});
