import { useEffect, useState } from 'preact/hooks';
import { clearCopyLater } from '@/lib/browser/clipboard/clear-relay';
import { clearingDelay, getClearing } from '@/lib/browser/clipboard/clearing';
import { t } from '@/lib/i18n';
import { expirePush, retrievePush } from '@/lib/pwpush/client';
import type { RequestAnswer as Answer } from '@/lib/pwpush/types';
import type { Explanation } from '@/lib/share/explain';
import { explainInAccount } from '@/lib/share/explain-account';
import { FailureNote } from '../../FailureNote';
import { localTime } from '../../push-format';
import type { Connection } from '@/lib/push-lists/loaders';

/**
 * One answer to a request: a push of the requester's. "Show answer" reads it with the owner's token,
 * which counts no view (docs/password-pusher.md#show); the secret lives in this component's state
 * only, is never stored, and goes when it is hidden or the page is left. "Expire answer" ends it.
 */
export function RequestAnswer({ answer, connection }: { answer: Answer; connection: Connection }) {
  const [secret, setSecret] = useState<string | null>(null);
  const [expired, setExpired] = useState(answer.expired);
  const [failure, setFailure] = useState<Explanation | null>(null);
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const drop = () => setSecret(null);
    window.addEventListener('pagehide', drop);
    return () => window.removeEventListener('pagehide', drop);
  }, []);

  async function show() {
    setBusy(true);
    setFailure(null);
    const read = await retrievePush(connection, answer.urlToken);
    setBusy(false);
    if (!read.ok) return setFailure(explainInAccount(read.error, connection.accountName));
    if (read.value.expired || read.value.payload === null) {
      setExpired(true);
      return setNotice(t('pushesRequestsAnswerGone'));
    }
    setSecret(read.value.payload);
  }

  async function copy() {
    if (secret === null) return;
    try {
      await navigator.clipboard.writeText(secret);
      setNotice(t('pushesRequestsAnswerCopied'));
      void clearCopyLater(secret, clearingDelay(await getClearing()));
    } catch {
      setNotice(t('pushesRequestsAnswerCopyFailed'));
    }
  }

  async function expire() {
    setBusy(true);
    setFailure(null);
    const done = await expirePush(connection, answer.urlToken);
    setBusy(false);
    if (!done.ok) return setFailure(explainInAccount(done.error, connection.accountName));
    setSecret(null);
    setExpired(true);
    setNotice(t('pushesRequestsAnswerExpired'));
  }

  const when = localTime(answer.createdAt);
  return (
    <li class="request-answer">
      <p>
        {t('pushesRequestsAnswerAt', when)}
        {expired && ` · ${t('pushesRequestsAnswerExpiredState')}`}
      </p>
      {secret !== null && (
        <textarea
          class="receive-payload request-secret"
          readOnly
          rows={3}
          value={secret}
          aria-label={t('pushesRequestsAnswerLabel', when)}
        />
      )}
      {!expired && (
        <div class="row request-actions">
          {secret === null ? (
            <button type="button" class="small" disabled={busy} onClick={() => void show()}>
              {t('pushesRequestsShowAnswer')}
            </button>
          ) : (
            <>
              <button type="button" class="small" onClick={() => void copy()}>
                {t('pushesRequestsCopyAnswer')}
              </button>
              <button type="button" class="small" onClick={() => setSecret(null)}>
                {t('pushesRequestsHideAnswer')}
              </button>
            </>
          )}
          <button type="button" class="small" disabled={busy} onClick={() => void expire()}>
            {t('pushesRequestsExpireAnswer')}
          </button>
        </div>
      )}
      <p role="status" class="hint">
        {notice}
      </p>
      {failure && <FailureNote explanation={failure} />}
    </li>
  );
}
