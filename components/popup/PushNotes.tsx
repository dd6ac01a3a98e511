import { useEffect, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { serverText } from '@/lib/short-text';
import type { AfterPush } from '@/lib/share/relay/protocol';
import type { PushedResult } from './push-result';

/**
 * What the link view says about how the push came about (docs/exactly-once.md): found by a look
 * after no answer came, copies the network made and Pushgate expired, and a history that could not
 * keep it; the addresses the instance e-mails the link to, as its answer echoed them, or that it did
 * not say it would (docs/password-pusher.md#notify-emails); a retrieval step the answer has not. Some
 * of it is learned after the link shows.
 */
export function PushNotes({ result }: { result: PushedResult }) {
  const [after, setAfter] = useState<AfterPush | null>(null);
  useEffect(() => {
    let shown = true;
    void result.after?.then((learned) => shown && setAfter(learned));
    return () => {
      shown = false;
    };
  }, [result.after]);
  const twins = (result.twinsExpired ?? 0) + (after?.twinsExpired ?? 0);
  const notKept = result.historyNotKept === true || after?.historyNotKept === true;
  return (
    <>
      {result.recovered && <p class="note">{t('popupPushRecovered')}</p>}
      {result.push.emailedTo && <p class="note ok">{t('linkEmailedTo', serverText(result.push.emailedTo))}</p>}
      {result.emailAsked && !result.push.emailedTo && (
        <p class="note warn" role="alert">
          {t('linkEmailNotConfirmed')}
        </p>
      )}
      {result.retrievalStepRefused && (
        <p class="note warn" role="alert">
          {t('retrievalStepRefused')}
        </p>
      )}
      {(result.identicalLeft ?? 0) > 0 && (
        <p class="note warn" role="alert">
          {t('linkIdenticalLeft')}
        </p>
      )}
      <div role="status">{twins > 0 && <p class="note ok">{twins === 1 ? t('linkTwinExpired') : t('linkTwinsExpired', twins)}</p>}</div>
      {notKept && (
        <p class="note warn" role="alert">
          {t('linkHistoryNotKept')}
        </p>
      )}
    </>
  );
}
