import { describe, expect, it } from 'vitest';
import {
  auditKindKey,
  emailStatusKey,
  canExpire,
  clampPage,
  hasNextPage,
  hasPreviousPage,
  isPastEnd,
  matchesFilter,
  mergePush,
  previousPageNumber,
  rowFromHistory,
  rowFromPush,
  sameInstance,
  type PushRow,
} from '@/lib/push-lists/rows';
import type { Page, Push } from '@/lib/pwpush/types';
import { makePush } from '@/test/support/pwpush-fixtures';
import type { HistoryEntry } from '@/lib/records';

const BASE = 'https://pwpush.example';

/** The server's view of push tok1, a view and a day in (6 days, 4 views left). */
function push(overrides: Partial<Push> = {}): Push {
  return makePush({ urlToken: 'tok1', daysRemaining: 6, viewsRemaining: 4, ...overrides });
}

function entry(overrides: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    baseUrl: BASE,
    urlToken: 'tok1',
    htmlUrl: `${BASE}/p/tok1/r`,
    kind: 'text',
    name: 'DB password',
    note: 'for Kim',
    createdAt: '2026-08-21T10:15:30.123Z',
    recordedAt: 1,
    checkedAt: 1,
    expireAfterDays: 7,
    expireAfterViews: 5,
    deletableByViewer: false,
    retrievalStep: true,
    passphraseProtected: true,
    expired: false,
    daysRemaining: 7,
    viewsRemaining: 5,
    ...overrides,
  };
}

const page = (count: number, number: number, totals: Partial<Page<number>> = {}): Page<number> => ({
  items: Array.from({ length: count }, (_, i) => i),
  page: number,
  perPage: 50,
  ...totals,
});

describe('rows', () => {
  it('takes every column of a history entry', () => {
    expect(rowFromHistory(entry({ expired: true, expiredAt: '2026-08-22T00:00:00.000Z' }))).toEqual({
      baseUrl: BASE,
      urlToken: 'tok1',
      htmlUrl: `${BASE}/p/tok1/r`,
      kind: 'text',
      name: 'DB password',
      note: 'for Kim',
      createdAt: '2026-08-21T10:15:30.123Z',
      daysRemaining: 7,
      viewsRemaining: 5,
      deletableByViewer: false,
      retrievalStep: true,
      passphraseProtected: true,
      expired: true,
      expiredAt: '2026-08-22T00:00:00.000Z',
      inHistory: true,
      expireAfterDays: 7,
      expireAfterViews: 5,
      checkedAt: 1,
      checkedVia: 'created',
      recordedAt: 1,
    });
  });

  it('a server push alone has no kind, and its own name, note and link', () => {
    const row = rowFromPush(BASE, push({ name: 'Wi-Fi', note: 'guest', deletableByViewer: null }));
    expect(row).toMatchObject({ name: 'Wi-Fi', note: 'guest', htmlUrl: `${BASE}/p/tok1/r`, daysRemaining: 6, inHistory: false });
    expect(row.kind).toBeUndefined();
    expect(row.deletableByViewer).toBeNull();
  });

  it('a server push this browser made gets the kind and passphrase flag from the history, the state from the server', () => {
    const row = rowFromPush(BASE, push({ viewsRemaining: 2, expired: true, expiredOn: '2026-08-23T00:00:00.000Z' }), entry());
    expect(row).toMatchObject({
      kind: 'text',
      passphraseProtected: true,
      name: 'DB password',
      note: 'for Kim',
      viewsRemaining: 2,
      expired: true,
      expiredAt: '2026-08-23T00:00:00.000Z',
      deletableByViewer: true,
      inHistory: true,
    });
  });

  it('merging a DELETE answer (no name or note) keeps the row name and note', () => {
    const row = rowFromHistory(entry());
    const merged = mergePush(row, { ...push({ expired: true, expiredOn: '2026-08-24T00:00:00.000Z' }), name: undefined, note: undefined });
    expect(merged).toMatchObject({ name: 'DB password', note: 'for Kim', expired: true, expiredAt: '2026-08-24T00:00:00.000Z' });
  });
});

describe('paging', () => {
  it('keeps page numbers within 1..200', () => {
    expect([clampPage(0), clampPage(-3), clampPage(1), clampPage(7.9), clampPage(200), clampPage(201), clampPage(NaN)]).toEqual([
      1, 1, 1, 7, 200, 200, 1,
    ]);
  });

  it('uses the total pages when the headers gave them', () => {
    expect(hasNextPage(page(50, 1, { totalPages: 2 }))).toBe(true);
    expect(hasNextPage(page(50, 2, { totalPages: 2 }))).toBe(false);
    expect(hasNextPage(page(3, 1, { totalPages: 1 }))).toBe(false);
  });

  it('without headers, a full page may have a next one and a short page is the end', () => {
    expect(hasNextPage(page(50, 1))).toBe(true);
    expect(hasNextPage(page(49, 1))).toBe(false);
    expect(hasNextPage(page(0, 3))).toBe(false);
    expect(hasNextPage({ ...page(49, 1), served: 50 })).toBe(true);
  });

  it('never offers a page after 200', () => {
    expect(hasNextPage(page(50, 200))).toBe(false);
    expect(hasNextPage(page(50, 200, { totalPages: 300 }))).toBe(false);
  });

  it('knows an empty page past the end and where "previous" leads', () => {
    expect(isPastEnd(page(0, 3))).toBe(true);
    expect(isPastEnd(page(0, 1))).toBe(false);
    expect(hasPreviousPage(page(0, 1))).toBe(false);
    expect(hasPreviousPage(page(0, 3))).toBe(true);
    expect(previousPageNumber(page(0, 3))).toBe(2);
    expect(previousPageNumber(page(0, 9, { totalPages: 4 }))).toBe(4);
    expect(previousPageNumber(page(0, 9, { totalPages: 0 }))).toBe(1);
  });
});

describe('filter', () => {
  const row: PushRow = rowFromHistory(entry({ name: 'Staging DB', note: 'For Kim', kind: 'url', urlToken: 'abc123' }));

  it.each(['staging', 'KIM', 'url', 'abc12', 'pwpush.example/p', 'db kim', '  '])('matches %j', (query) => {
    expect(matchesFilter(row, query)).toBe(true);
  });

  it.each(['prod', 'db prod', 'qr'])('does not match %j', (query) => {
    expect(matchesFilter(row, query)).toBe(false);
  });
});

describe('who may expire', () => {
  const row = (overrides: Partial<PushRow>): PushRow => ({ ...rowFromHistory(entry()), ...overrides });

  it('the token owner may expire any active push', () => {
    expect(canExpire(row({ deletableByViewer: false }), true)).toBe(true);
    expect(canExpire(row({ deletableByViewer: null }), true)).toBe(true);
  });

  it('without a token only a push deletable by viewers', () => {
    expect(canExpire(row({ deletableByViewer: true }), false)).toBe(true);
    expect(canExpire(row({ deletableByViewer: false }), false)).toBe(false);
    expect(canExpire(row({ deletableByViewer: null }), false)).toBe(false);
  });

  it('nobody expires an expired push again', () => {
    expect(canExpire(row({ expired: true }), true)).toBe(false);
  });

  it('compares instances ignoring a trailing slash and case', () => {
    expect(sameInstance('https://PWPUSH.example/', BASE)).toBe(true);
    expect(sameInstance('https://other.example', BASE)).toBe(false);
  });
});

describe('audit kinds', () => {
  it('names every kind of the reference and nothing else', () => {
    const kinds = ['creation', 'view', 'failed_view', 'expire', 'failed_passphrase', 'admin_view', 'owner_view', 'edit'];
    expect(new Set(kinds.map(auditKindKey)).size).toBe(kinds.length);
    expect(kinds.every((kind) => auditKindKey(kind)?.startsWith('pushesAudit'))).toBe(true);
    expect(auditKindKey('toString')).toBeUndefined();
    expect(auditKindKey('teleported')).toBeUndefined();
  });

  it("names each status of the e-mail's entry (creation_email_send is worded by its status)", () => {
    const statuses = ['pending', 'processing', 'completed', 'partially_failed', 'failed'];
    expect(new Set(statuses.map(emailStatusKey)).size).toBe(statuses.length);
    expect(statuses.every((status) => emailStatusKey(status)?.startsWith('pushesAuditEmail'))).toBe(true);
    expect(auditKindKey('creation_email_send')).toBeUndefined();
    expect(emailStatusKey('toString')).toBeUndefined();
  });
});
