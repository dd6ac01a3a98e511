import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { listRequests } from '@/lib/pwpush/requests';
import type { Page, SecretRequest } from '@/lib/pwpush/types';
import type { Explanation } from '@/lib/share/explain';
import { explainInAccount } from '@/lib/share/explain-account';
import { serverText } from '@/lib/short-text';
import { FailureNote } from '../../FailureNote';
import type { Connection } from '@/lib/push-lists/loaders';
import { Pager } from '../Pager';
import { RequestItem } from './RequestItem';
import './requests.css';

export interface RequestsSectionProps {
  connection: Connection;
}

/**
 * The account's requests and their answers, newest first, a page of 50 at a time (one request a
 * page). Opened at `#requests` (a request receipt's notification), it takes the focus.
 */
export function RequestsSection({ connection }: RequestsSectionProps) {
  const [page, setPage] = useState<Page<SecretRequest> | null>(null);
  const [failure, setFailure] = useState<Explanation | null>(null);
  const [loading, setLoading] = useState(true);
  const [number, setNumber] = useState(1);
  const [version, setVersion] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the Refresh button's and a change's: each asks again
  useEffect(() => {
    let live = true;
    setLoading(true);
    void listRequests(connection, number).then((answer) => {
      if (!live) return;
      setLoading(false);
      if (answer.ok) {
        setPage(answer.value);
        setFailure(null);
      } else setFailure(explainInAccount(answer.error, connection.accountName));
    });
    return () => {
      live = false;
    };
  }, [connection, number, version]);

  useEffect(() => {
    if (location.hash === '#requests' && page) heading.current?.focus();
  }, [page]);

  return (
    <section id="requests" class="requests" aria-labelledby="requests-heading" aria-busy={loading}>
      <div class="panel-head row">
        <h2 id="requests-heading" ref={heading} tabIndex={-1}>
          {t('pushesRequestsHeading')}
        </h2>
        <button type="button" class="small" onClick={() => setVersion((v) => v + 1)}>
          {t('pushesRequestsRefresh')}
        </button>
      </div>
      <p class="hint">
        {connection.accountName !== undefined
          ? t('pushesRequestsIntroAccount', serverText(connection.accountName))
          : t('pushesRequestsIntro')}
      </p>
      {failure && <FailureNote explanation={failure} />}
      {loading && !page && <p role="status">{t('pushesRequestsLoading')}</p>}
      {page && page.items.length === 0 && number === 1 && <p>{t('pushesRequestsNone')}</p>}
      {page && page.items.length > 0 && (
        <ul class="request-list">
          {page.items.map((request) => (
            <RequestItem key={request.urlToken} request={request} connection={connection} onChanged={() => setVersion((v) => v + 1)} />
          ))}
        </ul>
      )}
      {page && (page.items.length > 0 || number > 1) && <Pager page={page} loading={loading} onGo={setNumber} />}
    </section>
  );
}
