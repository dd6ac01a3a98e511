import { useEffect, useRef } from 'preact/hooks';
import { onHistoryChange, type HistoryChange } from '@/lib/history/changes';
import type { ListId } from './PushTabs';

/** Which lists another page's change makes stale: an ended push leaves the server's Active list too. */
const STALE: Record<HistoryChange, ListId[]> = {
  recorded: ['history', 'active'],
  expired: ['history', 'active', 'expired'],
  changed: ['history'],
  forgotten: ['history'],
};

/** Changes that arrive together (a refresh writes one entry at a time) make one reload. */
const GATHER_MS = 100;

/** Calls `onStale` with the lists to reload whenever another extension page changes the history. */
export function useHistoryChanges(onStale: (lists: ListId[]) => void): void {
  const latest = useRef(onStale);
  latest.current = onStale;
  useEffect(() => {
    const stale = new Set<ListId>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = onHistoryChange((change) => {
      for (const list of STALE[change]) stale.add(list);
      timer ??= setTimeout(() => {
        timer = undefined;
        const lists = [...stale];
        stale.clear();
        latest.current(lists);
      }, GATHER_MS);
    });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, []);
}
