import { useEffect, useRef, useState } from 'preact/hooks';
import { matchesFilter, rowFromHistory, type PushRow } from '@/lib/push-lists/rows';
import { scanHistory } from '@/lib/history/scan-history';

export type HistorySearch =
  | { name: 'idle' }
  | { name: 'searching' | 'done'; found: PushRow[]; searched: number; total: number; stopped: boolean };

export interface HistorySearchControl {
  state: HistorySearch;
  /** Ends the search and keeps what it found. */
  stop(): void;
  /** Changes the found rows in place, e.g. after an expiry. */
  update(change: (items: PushRow[]) => PushRow[]): void;
}

/**
 * The filter over this browser's whole history: local, so no network, but read a chunk at a time
 * (lib/history/scan-history.ts) with its progress shown, and stoppable, since a long history takes
 * seconds. Runs while `wanted`, again when the query or `version` (the history changed) does.
 */
export function useHistorySearch(wanted: boolean, query: string, version: number): HistorySearchControl {
  const [state, setState] = useState<HistorySearch>({ name: 'idle' });
  const running = useRef<AbortController | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` says the history changed: search it again
  useEffect(() => {
    if (!wanted) {
      setState({ name: 'idle' });
      return;
    }
    const controller = new AbortController();
    running.current = controller;
    let found: PushRow[] = [];
    let current = true;
    setState({ name: 'searching', found, searched: 0, total: 0, stopped: false });
    void scanHistory({
      signal: controller.signal,
      onChunk(entries, progress) {
        const matches = entries.map(rowFromHistory).filter((row) => matchesFilter(row, query));
        if (matches.length > 0) found = found.concat(matches);
        if (current) setState({ name: 'searching', found, ...progress, stopped: false });
      },
    })
      .then((end) => {
        if (current) setState({ name: 'done', found, searched: end.searched, total: end.total, stopped: !end.complete });
      })
      // Unreadable storage shows as the page's own failure below.
      .catch(() => undefined);
    return () => {
      current = false;
      controller.abort();
    };
  }, [wanted, query, version]);

  return {
    state,
    stop: () => running.current?.abort(),
    update: (change) => setState((previous) => (previous.name === 'idle' ? previous : { ...previous, found: change(previous.found) })),
  };
}
