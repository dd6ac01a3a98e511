import { useRef, useState } from 'preact/hooks';
import { clampPage } from '@/lib/push-lists/rows';
import type { Explanation } from '@/lib/share/explain';
import type { Page } from '@/lib/pwpush/types';
import type { Result } from '@/lib/result';

export type PageLoader<T> = (page: number) => Promise<Result<Page<T>, Explanation>>;

export interface PagedList<T> {
  /** The page last loaded; kept on screen while the next one loads or when it fails. */
  page: Page<T> | null;
  loading: boolean;
  failure: Explanation | null;
  /** Whether anything was asked for yet (lists load when first shown). */
  started: boolean;
  go(page: number): Promise<void>;
  reload(): Promise<void>;
  /** Changes the loaded rows in place, e.g. after an expiry. */
  update(change: (items: T[]) => T[]): void;
  /** Adds what was learned of page `number` after its rows (its totals), if it is still the one shown. */
  patch(number: number, fields: Pick<Page<T>, 'total' | 'totalPages'>): void;
}

/** Loads a list one page at a time. Only the newest request's answer is shown. */
export function usePagedList<T>(load: PageLoader<T>): PagedList<T> {
  const [page, setPage] = useState<Page<T> | null>(null);
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<Explanation | null>(null);
  const [started, setStarted] = useState(false);
  const latest = useRef(0);
  const current = useRef(1);
  // The page asked for and not answered yet: a reload meanwhile (the history learning new
  // states) must not take the person back from the page they just asked for.
  const pending = useRef<number | null>(null);

  async function go(number: number) {
    const request = ++latest.current;
    const wanted = clampPage(number);
    pending.current = wanted;
    setStarted(true);
    setLoading(true);
    const result = await load(wanted);
    // A later click (next, next) or a reload superseded this answer.
    if (request !== latest.current) return;
    pending.current = null;
    setLoading(false);
    if (result.ok) {
      current.current = result.value.page;
      setPage(result.value);
      setFailure(null);
    } else {
      setFailure(result.error);
    }
  }

  return {
    page,
    loading,
    failure,
    started,
    go,
    reload: () => go(pending.current ?? current.current),
    patch: (number, fields) => setPage((previous) => (previous?.page === number ? { ...previous, ...fields } : previous)),
    update: (change) =>
      setPage((previous) =>
        previous ? { ...previous, served: previous.served ?? previous.items.length, items: change(previous.items) } : previous,
      ),
  };
}
