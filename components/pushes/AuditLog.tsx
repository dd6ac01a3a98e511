import { useEffect, useRef } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { auditKindKey, emailStatusKey, hasNextPage, hasPreviousPage, isPastEnd } from '@/lib/push-lists/rows';
import { auditLog } from '@/lib/pwpush/client';
import type { AuditEntry, ClientConfig, EmailOutcome } from '@/lib/pwpush/types';
import { classifyViewer, type Viewer } from '@/lib/receipts/classify-viewer';
import { viewerText } from '@/lib/receipts/viewer-text';
import { fail, ok } from '@/lib/result';
import { serverText } from '@/lib/short-text';
import { JobFailureNote } from './PauseNote';
import { ServerText } from '../ServerText';
import { explainPushesError, tokenNeeded } from '../../lib/push-lists/explain';
import { localTime } from '../push-format';
import { Pager } from './Pager';
import { RetrievalStepSuggestion } from './RetrievalStepSuggestion';
import { usePagedList } from './usePagedList';

interface AuditLogProps {
  /** The push's instance, with the token only when it is that instance's. */
  config: ClientConfig;
  urlToken: string;
  name: string;
  onClose(): void;
}

/** An audit event in plain words; a kind this version does not know shows as the server wrote it. */
export function auditEventText(entry: AuditEntry) {
  if (entry.kind === 'creation_email_send') return emailText(entry.email ?? {});
  const key = auditKindKey(entry.kind);
  return key ? t(key) : <ServerText text={entry.kind} />;
}

/**
 * The link's e-mail as the server tells it (docs/password-pusher.md#notify-emails): logged before it
 * is sent, so "sent" only for `completed`; a status this version does not know, and the error the
 * server kept, are server text.
 */
function emailText({ status, errorMessage }: EmailOutcome) {
  const key = status === undefined ? 'pushesAuditEmailNoStatus' : emailStatusKey(status);
  return (
    <>
      {key ? t(key) : t('pushesAuditEmailStatus', serverText(status ?? ''))}
      {errorMessage && <span class="hint audit-email-error"> {t('serverSaid', serverText(errorMessage))}</span>}
    </>
  );
}

/** The events in which someone or something opened the link (docs/password-pusher.md#show). */
const OPENINGS = new Set(['view', 'failed_view']);

/** Who opened the push in this event, or nothing for an event that is no opening of the link. */
function viewerOf(entry: AuditEntry): Viewer | undefined {
  return OPENINGS.has(entry.kind) ? classifyViewer(entry.userAgent, entry.referrer) : undefined;
}

/** One warning per link preview or scanner among the viewers, in the order they first came. */
function machineWarnings(viewers: Array<Viewer | undefined>): string[] {
  const warnings = viewers.map((viewer) => (viewer ? viewerText(viewer).warning : undefined));
  return [...new Set(warnings.filter((warning): warning is string => Boolean(warning)))];
}

/**
 * The audit log of one push (owner only, docs/password-pusher.md#audit-log): every event with its
 * local time, who opened it (a browser, a link preview or scanner named, or an agent not
 * recognised), IP, user agent and referrer, oldest first, 50 a page. A view by a preview or scanner
 * is said plainly below the table, with the one click that turns the retrieval step on for new
 * pushes. The heading takes the focus when it opens.
 */
export function AuditLog({ config, urlToken, name, onClose }: AuditLogProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const hasToken = Boolean(config.token);
  const paged = usePagedList<AuditEntry>(async (page) => {
    // Without a token the answer is a certain 401 (docs/password-pusher.md#auth-gate): say so
    // without asking.
    if (!hasToken) return fail(tokenNeeded('audit'));
    const answer = await auditLog(config, urlToken, page);
    return answer.ok ? ok(answer.value) : fail(explainPushesError(answer.error, 'audit', hasToken));
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: focuses the heading and loads the first page once, when the log opens; `paged.go` is a new function each render
  useEffect(() => {
    heading.current?.focus();
    void paged.go(1);
  }, []);

  const page = paged.page;
  const none = t('pushesNone');
  const viewers = page ? page.items.map(viewerOf) : [];
  const warnings = machineWarnings(viewers);
  return (
    <section class="audit-log" aria-labelledby="audit-log-heading">
      <div class="row panel-head">
        <h2 id="audit-log-heading" tabIndex={-1} ref={heading}>
          {t('pushesAuditHeading', serverText(name))}
        </h2>
        <button type="button" onClick={onClose}>
          {t('pushesAuditBack')}
        </button>
      </div>
      <p class="hint">{t('pushesAuditIntro')}</p>
      <p role="status" class="hint panel-status">
        {paged.loading && t('pushesLoading')}
      </p>
      {paged.failure && <JobFailureNote explanation={paged.failure} />}
      {page && page.items.length === 0 && <p class="note">{isPastEnd(page) ? t('pushesPastEnd', page.page) : t('pushesAuditEmpty')}</p>}
      {page && page.items.length > 0 && (
        <div class="table-scroll">
          <table class="audit-table">
            <caption class="visually-hidden">{t('pushesAuditHeading', serverText(name))}</caption>
            <thead>
              <tr>
                <th scope="col">{t('pushesAuditColEvent')}</th>
                <th scope="col">{t('pushesAuditColTime')}</th>
                <th scope="col">{t('pushesAuditColViewer')}</th>
                <th scope="col">{t('pushesAuditColIp')}</th>
                <th scope="col">{t('pushesAuditColAgent')}</th>
                <th scope="col">{t('pushesAuditColReferrer')}</th>
              </tr>
            </thead>
            <tbody>
              {page.items.map((entry, index) => (
                <tr key={`${page.page}-${index}`} data-kind={entry.kind}>
                  <th scope="row">{auditEventText(entry)}</th>
                  <td>
                    <time dateTime={entry.createdAt}>{localTime(entry.createdAt, true)}</time>
                  </td>
                  <td class="audit-viewer" data-viewer={viewers[index]?.kind}>
                    {viewers[index] ? viewerText(viewers[index]).who : ''}
                  </td>
                  <td>{entry.ip ? <ServerText text={entry.ip} /> : none}</td>
                  <td class="audit-agent">{entry.userAgent ? <ServerText text={entry.userAgent} /> : none}</td>
                  <td class="audit-referrer">{entry.referrer ? <ServerText text={entry.referrer} /> : none}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {warnings.length > 0 && (
        <>
          <div class="note warn audit-machines">
            {warnings.map((warning) => (
              <p key={warning}>{warning}</p>
            ))}
          </div>
          <RetrievalStepSuggestion />
        </>
      )}
      {page && (hasPreviousPage(page) || hasNextPage(page)) && (
        <Pager page={page} loading={paged.loading} onGo={(number) => void paged.go(number)} />
      )}
    </section>
  );
}
