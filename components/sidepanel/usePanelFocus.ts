import { useEffect, useState } from 'preact/hooks';
import { airportPanelFocus } from '@/lib/settings/watches';
import { freshFocus, type PanelFocus } from '@/lib/wait-times/panel-start';

/**
 * A watch's notification asked the panel to open at an airport and checkpoint (lib/watches/notify.ts):
 * the airport is chosen (the read already opened on it; a panel that was open switches), the
 * request is taken off storage so the next opening is the usual one, and the checkpoint's row is
 * scrolled into view once it is drawn.
 */
export function usePanelFocus(initial: PanelFocus | null | undefined, settled: boolean, onChoose: (iata: string) => void): void {
  const [row, setRow] = useState<string | null>(initial?.checkpoint ?? null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: from the read on, for the panel's life; `onChoose` is a state setter
  useEffect(() => {
    if (!settled) return undefined;
    if (initial) void airportPanelFocus.removeValue();
    return airportPanelFocus.watch((asked) => {
      const focus = freshFocus(asked, Date.now());
      if (!focus) return;
      onChoose(focus.iata);
      setRow(focus.checkpoint);
      void airportPanelFocus.removeValue();
    });
  }, [settled]);

  useEffect(() => {
    if (!row) return undefined;
    // The row appears with the board: look for it on each change until it is there.
    const find = () => [...document.querySelectorAll<HTMLElement>('li.queue')].find((item) => item.dataset.queueId === row);
    const show = (item: HTMLElement) => {
      item.scrollIntoView({ block: 'center' });
      item.classList.add('is-focused');
      setRow(null);
    };
    const now = find();
    if (now) {
      show(now);
      return undefined;
    }
    const observer = new MutationObserver(() => {
      const item = find();
      if (item) {
        observer.disconnect();
        show(item);
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [row]);
}
