import { describe, expect, it, vi } from 'vitest';
import type { AuditEntry, Page, Push } from '@/lib/pwpush/types';
import { fail, ok } from '@/lib/result';
import type { ListFetcher } from '@/lib/push-lists/state-refresh';
import { poll, type AuditFetcher } from '@/lib/receipts/poll';
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
