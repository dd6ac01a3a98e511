import { describe, expect, it, vi } from 'vitest';
import type { AuditEntry, Page, Push } from '@/lib/pwpush/types';
import { fail, ok } from '@/lib/result';
import type { ListFetcher } from '@/lib/push-lists/state-refresh';
import { poll, type AuditFetcher, type PollOutcome } from '@/lib/receipts/poll';
import type { WatchedPush } from '@/lib/receipts/types';
import { makePush } from '@/test/support/pwpush-fixtures';

const NOW = Date.UTC(2026, 10, 27, 10, 0, 0);

function lists(active: Push[], expired: Push[] = []) {
  const page = (pushes: Push[]) =>
    vi.fn<ListFetcher>(async (n) => ok<Page<Push>>({ items: pushes.slice((n - 1) * 50, n * 50), page: n, perPage: 50 }));
  return { active: page(active), expired: page(expired) };
}

function auditOf(entries: Record<string, AuditEntry[]>) {
  return vi.fn<AuditFetcher>(async (token, n) =>
    ok<Page<AuditEntry>>({ items: (entries[token] ?? []).slice((n - 1) * 50, n * 50), page: n, perPage: 50 }),
  );
}

const entry = (kind: string, createdAt: string, userAgent = 'Mozilla/5.0 Chrome/142'): AuditEntry => ({
  kind,
  ip: '10.0.0.1',
  userAgent,
  referrer: '',
  createdAt,
});
const watch = (entryId: string, urlToken: string, viewsRemaining = 5, auditRead = 0): WatchedPush => ({
  entryId,
  urlToken,
  viewsRemaining,
  auditRead,
});

describe('poll', () => {
  it('asks one Active page and nothing else when no views changed', async () => {
    const server = lists([makePush({ urlToken: 'a' }), makePush({ urlToken: 'b' })]);
    const audit = auditOf({});
    const outcome = await poll([watch('1', 'a'), watch('2', 'b')], { ...server, audit, now: NOW, maxRequests: 20 });
    expect(outcome.requests).toBe(1);
    expect(outcome.receipts).toEqual([]);
    expect(server.expired).not.toHaveBeenCalled();
    expect(audit).not.toHaveBeenCalled();
  });

  it('reads the audit log only of the push whose views changed, and makes a receipt per view', async () => {
    const server = lists([makePush({ urlToken: 'a', viewsRemaining: 3 }), makePush({ urlToken: 'b' })]);
    const audit = auditOf({
      a: [
        entry('creation', '2026-11-27T09:00:00.000Z'),
        entry('view', '2026-11-27T09:10:00.000Z'),
        entry('owner_view', '2026-11-27T09:11:00.000Z'),
        entry('view', '2026-11-27T09:20:00.000Z'),
      ],
    });
    const classify = vi.fn(() => ({ kind: 'browser' }) as const);
    const outcome = await poll([watch('1', 'a'), watch('2', 'b')], { ...server, audit, now: NOW, maxRequests: 20, classify });
    expect(audit.mock.calls).toEqual([['a', 1]]);
    expect(outcome.requests).toBe(2);
    expect(outcome.receipts).toEqual([
      { entryId: '1', event: 'viewed', at: '2026-11-27T09:10:00.000Z', viewsLeft: 4, viewer: { kind: 'browser' }, foundAt: NOW },
      { entryId: '1', event: 'viewed', at: '2026-11-27T09:20:00.000Z', viewsLeft: 3, viewer: { kind: 'browser' }, foundAt: NOW },
    ]);
    expect(classify).toHaveBeenCalledWith('Mozilla/5.0 Chrome/142', '');
    expect(outcome.watch.get('1')).toEqual({ viewsRemaining: 3, auditRead: 4 });
    expect(outcome.changed.has('1')).toBe(true);
  });

  it('reads the audit from the first entry not yet read, on its page', async () => {
    const older = Array.from({ length: 52 }, (_, i) => entry(i === 0 ? 'creation' : 'failed_passphrase', '2026-11-27T09:00:00.000Z'));
    const server = lists([makePush({ urlToken: 'a', viewsRemaining: 4 })]);
    const audit = auditOf({ a: [...older, entry('view', '2026-11-27T09:30:00.000Z')] });
    const outcome = await poll([watch('1', 'a', 5, 52)], { ...server, audit, now: NOW, maxRequests: 20 });
    expect(audit.mock.calls).toEqual([['a', 2]]);
    expect(outcome.receipts.map((receipt) => receipt.at)).toEqual(['2026-11-27T09:30:00.000Z']);
  });

  it('says the last view expired the push, and stops watching it', async () => {
    const server = lists([makePush({ urlToken: 'a', viewsRemaining: 0, expireAfterViews: 1 })]);
    const audit = auditOf({ a: [entry('creation', '2026-11-27T09:00:00.000Z'), entry('view', '2026-11-27T09:10:00.000Z')] });
    const outcome = await poll([watch('1', 'a', 1)], { ...server, audit, now: NOW, maxRequests: 20 });
    expect(outcome.receipts.map((receipt) => [receipt.event, receipt.viewsLeft])).toEqual([['last-view', 0]]);
    expect(outcome.ended).toEqual(['1']);
  });

  it('reads the Expired list only when a watched push left Active: expired by its recipient, or its days ran out', async () => {
    const server = lists(
      [makePush({ urlToken: 'a' })],
      [
        makePush({ urlToken: 'b', expired: true, deleted: true, expiredOn: '2026-11-27T09:40:00.000Z' }),
        makePush({ urlToken: 'c', expired: true, daysRemaining: 0, expiredOn: '2026-11-27T09:45:00.000Z' }),
      ],
    );
    const audit = auditOf({});
    const outcome = await poll([watch('1', 'a'), watch('2', 'b'), watch('3', 'c')], { ...server, audit, now: NOW, maxRequests: 20 });
    expect(outcome.requests).toBe(2);
    expect(outcome.receipts.map((receipt) => [receipt.entryId, receipt.event, receipt.at])).toEqual([
      ['2', 'deleted', '2026-11-27T09:40:00.000Z'],
      ['3', 'days-out', '2026-11-27T09:45:00.000Z'],
    ]);
    expect(outcome.ended.sort()).toEqual(['2', '3']);
  });

  it('stops watching a push in neither list (purged), without a receipt', async () => {
    const outcome = await poll([watch('1', 'gone')], { ...lists([]), audit: auditOf({}), now: NOW, maxRequests: 20 });
    expect(outcome.ended).toEqual(['1']);
    expect(outcome.receipts).toEqual([]);
  });

  it('keeps within its request budget, and concludes nothing from a list it could not finish', async () => {
    const pushes = Array.from({ length: 300 }, (_, i) => makePush({ urlToken: `p${i}` }));
    const server = lists(pushes);
    const outcome = await poll([watch('1', 'p299')], { ...server, audit: auditOf({}), now: NOW, maxRequests: 3 });
    expect(outcome.requests).toBe(3);
    expect(outcome.ended).toEqual([]);
    expect(server.expired).not.toHaveBeenCalled();
  });

  it('a 429 ends the poll with its failure and changes nothing', async () => {
    const active = vi.fn<ListFetcher>(async () => fail({ kind: 'rate-limited', status: 429, retryAfterSeconds: 60 }));
    const outcome = await poll([watch('1', 'a')], { active, expired: active, audit: auditOf({}), now: NOW, maxRequests: 20 });
    expect(outcome.failure).toEqual({ kind: 'rate-limited', status: 429, retryAfterSeconds: 60 });
    expect(outcome.receipts).toEqual([]);
    expect(outcome.watch.size + outcome.ended.length).toBe(0);
  });

  it('a 5xx on an audit read leaves that push to the next poll', async () => {
    const server = lists([makePush({ urlToken: 'a', viewsRemaining: 4 })]);
    const audit = vi.fn<AuditFetcher>(async () => fail({ kind: 'server', status: 503 }));
    const outcome = await poll([watch('1', 'a')], { ...server, audit, now: NOW, maxRequests: 20 });
    expect(outcome.failure?.kind).toBe('server');
    expect(outcome.watch.has('1')).toBe(false);
    expect(outcome.receipts).toEqual([]);
  });
});

describe('poll: the walk through a large account, carried on between polls', () => {
  /** 1,000 active pushes (20 pages), newest first, then 500 expired (10 pages). */
  const big = () =>
    lists(
      Array.from({ length: 1_000 }, (_, i) => makePush({ urlToken: `a${i}` })),
      Array.from({ length: 500 }, (_, i) => makePush({ urlToken: `e${i}`, expired: true, expiredOn: '2026-11-27T09:00:00.000Z' })),
    );
  const pages = (fetcher: ReturnType<typeof big>['active']) => fetcher.mock.calls.map(([page]) => page);

  it('goes on where the last poll stopped, reading its last page again, and reaches every page within its budget', async () => {
    const server = big();
    const watched = [watch('1', 'a0'), watch('2', 'a990'), watch('3', 'e420')];
    const first = await poll(watched, { ...server, audit: auditOf({}), now: NOW, maxRequests: 8 });
    expect(first.requests).toBe(8);
    expect(pages(server.active)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(first.walk).toMatchObject({ list: 'active', page: 8, seen: ['1'] });
    server.active.mockClear();
    const second = await poll(watched, { ...server, audit: auditOf({}), now: NOW + 60_000, maxRequests: 8, walk: first.walk });
    // Page 1 every time (what was just pushed), then on from the page the last poll read last.
    expect(pages(server.active)).toEqual([1, 8, 9, 10, 11, 12, 13, 14]);
    expect(second.walk).toMatchObject({ list: 'active', page: 14 });
    let walk = second.walk;
    const seenEnded: string[] = [];
    for (let minute = 2; minute < 8 && seenEnded.length === 0; minute++) {
      const next = await poll(watched, { ...server, audit: auditOf({}), now: NOW + minute * 60_000, maxRequests: 8, walk });
      seenEnded.push(...next.ended);
      walk = next.walk;
    }
    // The expired push was met on the Expired list: it ended with its receipt, the others are still watched.
    expect(seenEnded).toEqual(['3']);
  });

  it('stops watching a push only once a whole round through both lists met it nowhere', async () => {
    const server = big();
    const watched = [watch('1', 'a0'), watch('9', 'purged')];
    let walk: PollOutcome['walk'] = null;
    const ended: string[][] = [];
    for (let minute = 0; minute < 6; minute++) {
      const outcome = await poll(watched, { ...server, audit: auditOf({}), now: NOW + minute * 60_000, maxRequests: 10, walk });
      ended.push(outcome.ended);
      walk = outcome.walk;
    }
    // 30 pages at 10 a poll, page 1 and the page read last again each time: the round ends in the fourth poll.
    expect(ended).toEqual([[], [], [], ['9'], [], []]);
  });

  it('does not end a push recorded after the round began', async () => {
    const server = lists([], []);
    const outcome = await poll([{ ...watch('1', 'new'), madeAt: NOW + 1 }], {
      ...server,
      audit: auditOf({}),
      now: NOW + 5,
      maxRequests: 20,
      walk: { list: 'expired', page: 1, roundStartedAt: NOW, seen: [] },
    });
    expect(outcome.ended).toEqual([]);
    expect(outcome.walk).toEqual({ list: 'active', page: 1, roundStartedAt: NOW + 5, seen: [] });
  });

  it('leaves room in its budget for the audit of a push whose views changed', async () => {
    const pushes = Array.from({ length: 1_000 }, (_, i) => makePush({ urlToken: `a${i}`, viewsRemaining: i === 0 ? 4 : 5 }));
    const server = lists(pushes);
    const audit = auditOf({ a0: [entry('creation', '2026-11-27T09:00:00.000Z'), entry('view', '2026-11-27T09:10:00.000Z')] });
    const outcome = await poll([watch('1', 'a0'), watch('2', 'a999')], { ...server, audit, now: NOW, maxRequests: 5 });
    expect(outcome.requests).toBe(5);
    expect(pages(server.active)).toEqual([1, 2, 3, 4]);
    expect(outcome.receipts.map((receipt) => receipt.event)).toEqual(['viewed']);
  });

  it('a failure keeps the walk where it was: the next poll reads the same pages', async () => {
    const server = big();
    server.active.mockImplementation(async () => fail({ kind: 'server', status: 502 }));
    const walk = { list: 'active' as const, page: 8, roundStartedAt: NOW - 60_000, seen: ['1'] };
    const outcome = await poll([watch('1', 'a0'), watch('2', 'a990')], { ...server, audit: auditOf({}), now: NOW, maxRequests: 8, walk });
    expect(outcome.failure?.kind).toBe('server');
    expect(outcome.walk).toBe(walk);
  });
});
