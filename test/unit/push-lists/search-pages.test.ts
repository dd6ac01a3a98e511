import { describe, expect, it, vi } from 'vitest';
import { searchPages, SEARCH_MAX_PAGES, type SearchOptions } from '@/lib/push-lists/search-pages';
import type { ListFailure } from '@/lib/push-lists/loaders';
import type { Page } from '@/lib/pwpush/types';
import { fail, ok, type Result } from '@/lib/result';

/** A full page of 50 without pagination headers: "maybe more" (docs/password-pusher.md#lists). */
const full = (page: number): Page<string> => ({ items: Array.from({ length: 50 }, (_, i) => `p${page}-${i}`), page, perPage: 50 });

function run(load: (page: number) => Promise<Result<Page<string>, ListFailure>>, extra: Partial<SearchOptions<string>> = {}) {
  const sleeps: number[] = [];
  const controller = new AbortController();
  const search = searchPages<string>({
    load,
    matches: (item) => item.endsWith('-7'),
    signal: controller.signal,
    sleep: async (ms) => void sleeps.push(ms),
    onProgress: () => {},
    ...extra,
  });
  return { search, sleeps, controller };
}

describe('searchPages', () => {
  it("asks page after page without waiting of its own (the instance's pacer paces them), and stops at 20 pages saying so", async () => {
    const load = vi.fn(async (page: number) => ok(full(page)));
    const { search, sleeps } = run(load, { known: full(1) });
    const outcome = await search;
    // Page 1 was on screen: pages 2 to 20 were asked for.
    expect(load.mock.calls.map(([page]) => page)).toEqual(Array.from({ length: SEARCH_MAX_PAGES - 1 }, (_, i) => i + 2));
    expect(sleeps).toEqual([]);
    expect(outcome.end).toEqual({ reason: 'bound', page: 20 });
    expect(outcome.pages).toBe(20);
    expect(outcome.searched).toBe(1_000);
    expect(outcome.found.map((found) => found.page)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('ends where the server says the list ends', async () => {
    const load = vi.fn(async (page: number) => ok({ ...full(page), totalPages: 2 }));
    const outcome = await run(load).search;
    expect(outcome.end).toEqual({ reason: 'complete' });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('waits out a 429 as Retry-After says, at most 3 times, then stops with what it found', async () => {
    const throttled = fail<ListFailure>({ message: 'Too many requests', next: 'wait', retryAfterSeconds: 30 });
    const load = vi.fn(async (page: number) => (page === 1 ? ok(full(1)) : throttled));
    const { search, sleeps } = run(load);
    const outcome = await search;
    expect(sleeps).toEqual([30_000, 30_000, 30_000]);
    expect(outcome.end).toMatchObject({ reason: 'failed', page: 2 });
    expect(outcome.found).toEqual([{ item: 'p1-7', page: 1 }]);
  });

  it('does not wait for a Retry-After longer than two minutes', async () => {
    const load = vi.fn(async () => fail<ListFailure>({ message: 'Too many requests', next: 'wait', retryAfterSeconds: 3_600 }));
    const { search, sleeps } = run(load);
    expect((await search).end).toMatchObject({ reason: 'failed', page: 1 });
    expect(sleeps).toEqual([]);
  });

  it('a stop answers at once, without waiting for the request in flight', async () => {
    const load = vi.fn((page: number) => (page === 1 ? Promise.resolve(ok(full(1))) : new Promise<never>(() => {})));
    const { search, controller } = run(load);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    controller.abort();
    expect((await search).end).toEqual({ reason: 'stopped', page: 1 });
  });
});
