import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { progressOf, type LockdownState } from '@/lib/lockdown/state';
import { stateTime } from '@/lib/history/push-state';
import { formatCount } from './LockdownDialog';

/** A screen reader hears the progress at most this often: every step would be a stream of words. */
const ANNOUNCE_EVERY_MS = 5_000;

/** "Expired 37 of 120", with a bar; a 429's wait says until when. */
export function LockdownProgress({ state }: { state: LockdownState }) {
  const progress = progressOf(state);
  const line =
    progress.phase === 'listing'
      ? t('lockdownListing', formatCount(progress.page))
      : progress.phase === 'expiring'
        ? t('lockdownProgress', formatCount(progress.expired), formatCount(progress.total))
        : t('lockdownWiping');
  const announced = useSparseText(line);
  return (
    <div class="lockdown-progress">
      <p class="lockdown-progress-line" aria-hidden="true">
        {line}
      </p>
      {progress.phase === 'expiring' && <progress max={progress.total} value={progress.expired} aria-label={line} />}
      {progress.waitingUntil !== undefined && <p class="hint">{t('lockdownWaiting', stateTime(progress.waitingUntil))}</p>}
      <p role="status" class="visually-hidden">
        {announced}
      </p>
    </div>
  );
}

/** `text` as it was at most `ANNOUNCE_EVERY_MS` ago: a polite live region that is not flooded. */
function useSparseText(text: string): string {
  const [shown, setShown] = useState(text);
  const last = useRef(0);
  useEffect(() => {
    const wait = last.current + ANNOUNCE_EVERY_MS - Date.now();
    const timer = setTimeout(
      () => {
        last.current = Date.now();
        setShown(text);
      },
      Math.max(0, wait),
    );
    return () => clearTimeout(timer);
  }, [text]);
  return shown;
}
