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
  const [row, setRow] = useState<PanelFocus | null>(initial?.checkpoint ? initial : null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: from the read on, for the panel's life; `onChoose` is a state setter
  useEffect(() => {
    if (!settled) return undefined;
    if (initial) void airportPanelFocus.removeValue();
    return airportPanelFocus.watch((asked) => {
      const focus = freshFocus(asked, Date.now());
      if (!focus) return;
      onChoose(focus.iata);
      setRow(focus.checkpoint ? focus : null);
      void airportPanelFocus.removeValue();
    });
  }, [settled]);

  useEffect(() => {
    if (!row) return undefined;
    // The row appears with the board: look for it on each change until it is there.
    // Only on the asked airport's board: until it is drawn, the board of the airport before (which
    // may have a checkpoint of the same id) is still on screen.
    const find = () =>
      [...document.querySelectorAll<HTMLElement>(`[data-board-iata="${row.iata}"] li.queue`)].find(
        (item) => item.dataset.queueId === row.checkpoint,
      );
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
    // The board's airport may change on rows Preact keeps (the same checkpoint ids): its attribute is watched too.
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-board-iata'] });
    return () => observer.disconnect();
  }, [row]);
}
