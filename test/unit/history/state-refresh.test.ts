import { describe, expect, it, vi } from 'vitest';
import type { Page, Push } from '@/lib/pwpush/types';
import { fail, ok } from '@/lib/result';
import { findInLists, type ListFetcher } from '@/lib/history/state-refresh';
import { makePush } from '@/test/support/pwpush-fixtures';

/**
 * A list of `count` pushes served 50 a page, without pagination headers (2.11.4,
 * docs/password-pusher.md#lists).
 */
function list(prefix: string, count: number, expired = false) {
  const pushes = Array.from({ length: count }, (_, i) => makePush({ urlToken: `${prefix}${i}`, expired }));
  return vi.fn<ListFetcher>(async (page) => {
    const items: Push[] = pushes.slice((page - 1) * 50, page * 50);
    return ok<Page<Push>>({ items, page, perPage: 50 });
  });
}

describe('findInLists', () => {
  it('asks one page when every wanted push is on the first Active page', async () => {
    const active = list('a', 120);
    const expired = list('e', 10, true);
    const result = await findInLists(['a0', 'a49'], { active, expired });
    expect(result.ok && [...result.value.found.keys()]).toEqual(['a0', 'a49']);
    expect(result.ok && result.value.requests).toBe(1);
    expect(expired).not.toHaveBeenCalled();
  });

  it('goes on to the Expired list when the Active list ends without them: two requests', async () => {
    const active = list('a', 12);
    const expired = list('e', 30, true);
    const result = await findInLists(['a3', 'e7'], { active, expired });
    expect(result.ok && result.value.found.get('e7')?.expired).toBe(true);
    expect(result.ok && result.value.requests).toBe(2);
  });

  it('reads a full page of 50 without headers as "maybe more" and stops at the short one', async () => {
    const active = list('a', 100);
    const expired = list('e', 0, true);
    const result = await findInLists(['gone'], { active, expired });
    // 50, 50, then an empty page 3 ends the Active list; the Expired list's first page is empty.
    expect(active.mock.calls.map(([page]) => page)).toEqual([1, 2, 3]);
    expect(expired.mock.calls.map(([page]) => page)).toEqual([1]);
    expect(result.ok && result.value.found.size).toBe(0);
  });

  it('asks nothing when nothing is wanted', async () => {
    const active = list('a', 3);
    const expired = list('e', 3, true);
    expect(await findInLists([], { active, expired })).toEqual(ok({ found: new Map(), requests: 0 }));
    expect(active).not.toHaveBeenCalled();
  });

  it('gives back the first failure and asks no further page', async () => {
    const active = vi.fn<ListFetcher>(async () => fail({ kind: 'unauthorized' }));
    const expired = list('e', 3, true);
    expect(await findInLists(['a1'], { active, expired })).toEqual(fail({ kind: 'unauthorized' }));
    expect(expired).not.toHaveBeenCalled();
  });
});
