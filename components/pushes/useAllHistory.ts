import { useEffect, useState } from 'preact/hooks';
import { listHistory } from '@/lib/history/entries';
import { rowFromHistory, type PushRow } from '@/lib/history/push-lists';

export interface AllHistory {
  /** Every push of this browser's history, newest first; null until read (or when not wanted). */
  rows: PushRow[] | null;
  update(change: (items: PushRow[]) => PushRow[]): void;
}

/**
 * The whole history, for the filter: it is local, so searching all of it needs no network and no
 * paging. Read when `wanted` turns on and again when `version` changes.
 */
export function useAllHistory(wanted: boolean, version: number): AllHistory {
  const [rows, setRows] = useState<PushRow[] | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` says the history changed: read it again
  useEffect(() => {
    if (!wanted) return setRows(null);
    let current = true;
    void listHistory().then((entries) => {
      // Unreadable storage shows as the page's own failure below.
      if (current && entries.ok) setRows(entries.value.map(rowFromHistory));
    });
    return () => {
      current = false;
    };
  }, [wanted, version]);
  return { rows, update: (change) => setRows((previous) => (previous ? change(previous) : previous)) };
}
