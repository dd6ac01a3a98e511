import { useEffect, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { askLinkReceipts, setLinkWatching, type LinkReceipts as Status } from '@/lib/receipts/link-messages';
import { receiptsState } from '@/lib/receipts/state';

/**
 * The link view's read receipt: the newest one while the popup stays open, and "Stop watching".
 * Shown only with a token on an active push that the history kept (the watcher knows pushes by it).
 */
export function LinkReceipts({ baseUrl, urlToken, settled }: { baseUrl: string; urlToken: string; settled?: Promise<unknown> }) {
  const [status, setStatus] = useState<Status | null>(null);
  useEffect(() => {
    let live = true;
    const ask = () =>
      void askLinkReceipts(baseUrl, urlToken).then((next) => {
        if (live) setStatus(next);
      });
    ask();
    // The background settles a push a moment after its link shows: until then it has no entry to watch.
    void settled?.then(ask);
    const stop = receiptsState.watch(ask);
    return () => {
      live = false;
      stop();
    };
  }, [baseUrl, urlToken, settled]);
  if (!status) return null;
  return (
    <div class="link-receipts">
      <p class="hint">{status.line ?? (status.watching ? t('pushesReceiptsWatching') : t('pushesReceiptsNotWatched'))}</p>
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
