import { useEffect, useState } from 'preact/hooks';
import { waitText } from '@/lib/share/explain';
import { t } from '@/lib/i18n';

/**
 * "You can try again in 42 s", counted down each second under a limit's failure note. The count is
 * not a live region (a screen reader would read every second); only its end is announced.
 */
export function RetryCountdown({ seconds }: { seconds: number }) {
  const [left, setLeft] = useState(Math.ceil(seconds));
  useEffect(() => {
    // From the clock, not by counting ticks: a hidden popup's timers are slowed.
    const until = Date.now() + seconds * 1000;
    const timer = setInterval(() => {
      const now = Math.max(0, Math.ceil((until - Date.now()) / 1000));
      setLeft(now);
      if (now === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [seconds]);
  return (
    <>
      {left > 0 && <p class="hint">{t('receiveRetryIn', waitText(left))}</p>}
      <p role="status" class="hint">
        {left === 0 ? t('receiveRetryNow') : ''}
      </p>
    </>
  );
}
