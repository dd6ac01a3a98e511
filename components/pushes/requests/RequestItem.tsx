import { useState } from 'preact/hooks';
import { daysText, t, tCount } from '@/lib/i18n';
import { closeRequest } from '@/lib/pwpush/requests';
import { checkSecretUrl } from '@/lib/pwpush/secret-url';
import type { SecretRequest } from '@/lib/pwpush/types';
import { requestLabel } from '@/lib/receipts/request-watch';
import type { Explanation } from '@/lib/share/explain';
import { explainInAccount } from '@/lib/share/explain-account';
import { serverText } from '@/lib/short-text';
import { FailureNote } from '../../FailureNote';
import { localTime } from '../../push-format';
import type { Connection } from '@/lib/push-lists/loaders';
import { RequestAnswer } from './RequestAnswer';

interface RequestItemProps {
  request: SecretRequest;
  connection: Connection;
  onChanged(): void;
}

/**
 * One request: what it asks (server text), when it was made, whether it still takes answers, its
 * link while open (checked like a push's), "Close request", and each answer.
 */
export function RequestItem({ request, connection, onChanged }: RequestItemProps) {
  const [notice, setNotice] = useState('');
  const [failure, setFailure] = useState<Explanation | null>(null);
  const [busy, setBusy] = useState(false);
  const link = request.htmlUrl ? checkSecretUrl(request.htmlUrl, connection.baseUrl) : null;
  const label = serverText(requestLabel(request));
  const answers = request.answers.length;

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      setNotice(t('linkCopied'));
    } catch {
      setNotice(t('linkCopyFailed'));
    }
  }

  async function close() {
    setBusy(true);
    setFailure(null);
    const answer = await closeRequest(connection, request.urlToken);
    setBusy(false);
    if (answer.ok) onChanged();
    else setFailure(explainInAccount(answer.error, connection.accountName));
  }

  const state = request.expired
    ? t('pushesRequestsClosed', tCount(answers, 'popupRequestOneAnswer', 'popupRequestAnswersCount'))
    : t(
        'pushesRequestsOpen',
        daysText(request.daysRemaining),
        tCount(request.viewsRemaining, 'popupRequestOneAnswer', 'popupRequestAnswersCount'),
        tCount(answers, 'popupRequestOneAnswer', 'popupRequestAnswersCount'),
      );

  return (
    <li class="request-item">
      <h3 class="request-label">{label}</h3>
      {request.name && request.text && <p class="request-text">{serverText(request.text)}</p>}
      <p class="hint">
        {t('pushesRequestsMade', localTime(request.createdAt))} · {state}
      </p>
      {!request.expired && link?.ok && (
        <div class="row request-actions">
          <span class="link-text">{link.value}</span>
          <button type="button" class="small" onClick={() => void copy(link.value)}>
            {t('linkCopy')}
          </button>
          <button type="button" class="small" disabled={busy} onClick={() => void close()}>
            {t('pushesRequestsClose')}
          </button>
        </div>
      )}
      <p role="status" class="hint">
        {notice}
      </p>
      {failure && <FailureNote explanation={failure} />}
      {answers > 0 && (
        <ul class="request-answers" aria-label={t('pushesRequestsAnswersLabel', label)}>
          {request.answers.map((answer) => (
            <RequestAnswer key={answer.urlToken} answer={answer} connection={connection} />
          ))}
        </ul>
      )}
    </li>
  );
}
