import { useEffect, useState } from 'preact/hooks';
import { onHistoryChange } from '@/lib/history/changes';
import { t } from '@/lib/i18n';
import { askLinkReceipts, askPollNow, setLinkWatching, type LinkReceipts as Status } from '@/lib/receipts/link-messages';
import { receiptsState } from '@/lib/receipts/state';

/** A view nobody has said who made yet: the poll asked for is out, or it answered and could not say. */
type Asking = 'out' | 'answered';

/**
 * The link view's read receipt: the newest one while the popup stays open, and "Stop watching".
 * Shown only with a token on an active push that the history kept (the watcher knows pushes by it).
 * When the history hears of a view before the watcher put it into words (the Pushes page read the
 * lists), a poll is asked for at once, as the Pushes page asks it, and the line says so until the
 * receipt names who opened it: never a bare "Opened".
 */
export function LinkReceipts({ baseUrl, urlToken, settled }: { baseUrl: string; urlToken: string; settled?: Promise<unknown> }) {
  const [status, setStatus] = useState<Status | null>(null);
  const [asking, setAsking] = useState<Asking | null>(null);
  useEffect(() => {
    let live = true;
    // Only the newest answer counts: an older one still saying "not put into words" would ask twice.
    let latest = 0;
    // Once for each view not yet put into words: the poll's receipt brings a new status, and a second
    // ask would only wait on the schedule's budget.
    let asked = false;
    const ask = () => {
      const mine = ++latest;
      void askLinkReceipts(baseUrl, urlToken).then((next) => {
        if (!live || mine !== latest) return;
        setStatus(next);
        if (!next?.unsaidView) {
          asked = false;
          setAsking(null);
          return;
        }
        if (asked) return;
        asked = true;
        setAsking('out');
        void askPollNow().then(() => {
          if (!live) return;
          setAsking('answered');
          ask();
        });
      });
    };
    ask();
    // The background settles a push a moment after its link shows: until then it has no entry to watch.
    void settled?.then(ask);
    const stops = [receiptsState.watch(ask), onHistoryChange(ask)];
    return () => {
      live = false;
      for (const stop of stops) stop();
    };
  }, [baseUrl, urlToken, settled]);
  if (!status) return null;
  return (
    <div class="link-receipts">
      <p class="hint" aria-live="polite">
        {lineOf(status, asking)}
      </p>
      <button
        type="button"
        class="small"
        aria-pressed={!status.watching}
        onClick={() => void setLinkWatching(baseUrl, urlToken, !status.watching).then(setStatus)}
      >
        {status.watching ? t('pushesReceiptsStop') : t('pushesReceiptsResume')}
      </button>
    </div>
  );
}

function lineOf(status: Status, asking: Asking | null): string {
  if (status.unsaidView) return asking === 'answered' ? t('pushesReceiptAskLater') : t('pushesReceiptAsking');
  return status.line ?? (status.watching ? t('pushesReceiptsWatching') : t('pushesReceiptsNotWatched'));
}
