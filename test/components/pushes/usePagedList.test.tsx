import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/preact';
import { usePagedList, type PageLoader } from '@/components/pushes/usePagedList';
import type { Page } from '@/lib/pwpush/types';
import { fail, ok } from '@/lib/result';

/** A loader whose answers the test gives, one page request at a time. */
function controlledLoader() {
  const waiting = new Map<number, (page: Page<string>) => void>();
  const load = vi.fn<PageLoader<string>>((number) => new Promise((resolve) => waiting.set(number, (page) => resolve(ok(page)))));
  const answer = async (number: number) =>
    act(async () => waiting.get(number)!({ items: [`row of page ${number}`], page: number, perPage: 50 }));
  return { load, answer };
}

describe('usePagedList', () => {
  it('a reload while the next page loads asks for that page again, not the one shown', async () => {
    const { load, answer } = controlledLoader();
    const { result } = renderHook(() => usePagedList(load));
    void act(() => void result.current.go(1));
    await answer(1);
    void act(() => void result.current.go(2));
    // The history learned new states meanwhile (the pushes page reloads the list).
    void act(() => void result.current.reload());
    expect(load.mock.calls.map(([page]) => page)).toEqual([1, 2, 2]);
    await answer(2);
    expect(result.current.page?.page).toBe(2);
  });

  it('after a failed page, a reload asks for the page still shown', async () => {
    const load = vi
      .fn<PageLoader<string>>()
      .mockResolvedValueOnce(ok({ items: ['a'], page: 1, perPage: 50 }))
      .mockResolvedValueOnce(fail({ message: 'unreachable', next: 'retry' }))
      .mockResolvedValueOnce(ok({ items: ['a'], page: 1, perPage: 50 }));
    const { result } = renderHook(() => usePagedList(load));
    await act(() => result.current.go(1));
    await act(() => result.current.go(2));
    await act(() => result.current.reload());
    expect(load.mock.calls.map(([page]) => page)).toEqual([1, 2, 1]);
  });
});
