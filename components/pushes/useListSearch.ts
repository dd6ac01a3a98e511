import { useEffect, useRef, useState } from 'preact/hooks';
import type { PushRow } from '@/lib/push-lists/rows';
import type { Page } from '@/lib/pwpush/types';
import type { RowsResult } from '../../lib/push-lists/loaders';
import { sleep } from '@/lib/push-lists/sleep';
import { searchPages, type Found, type SearchEnd, type SearchProgress } from '../../lib/push-lists/search-pages';

export type ListSearch =
  | { name: 'idle' }
  | ({ name: 'searching' } & SearchProgress<PushRow>)
  | { name: 'done'; found: Found<PushRow>[]; searched: number; pages: number; end: SearchEnd };

export interface ListSearchControl {
  state: ListSearch;
  start(known: Page<PushRow> | null): void;
  /** Ends a running search and keeps what it found. */
  stop(): void;
  /** Forgets the search: back to a page at a time. */
  reset(): void;
  /** Changes the found rows in place, e.g. after an expiry. */
  update(change: (items: PushRow[]) => PushRow[]): void;
}

/** "Search all pages" of one server list for `query`; forgotten when the query changes. */
export function useListSearch(
  load: (page: number) => Promise<RowsResult>,
  matches: (row: PushRow) => boolean,
  query: string,
): ListSearchControl {
  const [state, setState] = useState<ListSearch>({ name: 'idle' });
  const running = useRef<AbortController | null>(null);
  // Which search the screen shows: an older one's answers are dropped.
  const generation = useRef(0);

  function stop() {
    running.current?.abort();
    running.current = null;
  }
  function reset() {
    stop();
    generation.current += 1;
    setState({ name: 'idle' });
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new query ends the search for the old one
  useEffect(reset, [query]);
  // Leaving the page ends the search.
  useEffect(() => () => running.current?.abort(), []);

  function start(known: Page<PushRow> | null) {
    stop();
    const id = ++generation.current;
    const controller = new AbortController();
    running.current = controller;
    void searchPages<PushRow>({
      load,
      matches,
      known: known ?? undefined,
      signal: controller.signal,
      sleep,
      onProgress: (progress) => {
        if (id === generation.current && !controller.signal.aborted) setState({ name: 'searching', ...progress });
      },
    }).then((outcome) => {
      // A reset or a new search meanwhile forgot this one; a stop keeps what it found.
      if (id !== generation.current) return;
      if (running.current === controller) running.current = null;
      setState({ name: 'done', ...outcome });
    });
  }

  return {
    state,
    start,
    stop,
    reset,
    update: (change) =>
      setState((previous) => {
        if (previous.name === 'idle') return previous;
        // One row at a time, so each keeps the page it came from (or leaves, when filtered out).
        return { ...previous, found: previous.found.flatMap((found) => change([found.item]).map((item) => ({ ...found, item }))) };
      }),
  };
}
