import { useEffect } from 'preact/hooks';
import { PAGE_SIZE, type PushRow } from '@/lib/push-lists/rows';
import { countHistory } from '@/lib/history/read-page';
import type { Page } from '@/lib/pwpush/types';
import type { PagedList } from './usePagedList';

/**
 * "Page 1 of 1,000" for "This browser": the history's count is asked for only once its page is on
 * screen, since counting walks every entry (lib/history/read-page.ts) and the first rows must not
 * wait for it.
 */
export function useHistoryTotal(wanted: boolean, paged: PagedList<PushRow>): void {
  const page: Page<PushRow> | null = paged.page;
  // biome-ignore lint/correctness/useExhaustiveDependencies: counts again for each page read, not on every render
  useEffect(() => {
    if (!wanted || !page || page.totalPages !== undefined) return;
    let current = true;
    void countHistory()
      .then((total) => {
        if (current) paged.patch(page.page, { total, totalPages: Math.ceil(total / PAGE_SIZE) });
      })
      // Without a count the pager says "Page 2" and still offers the next one.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [wanted, page]);
}
