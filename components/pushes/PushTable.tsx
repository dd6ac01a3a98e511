import { unnamedPushLabel } from '@/lib/history/push-label';
import { t } from '@/lib/i18n';
import { sameInstance, type PushRow } from '@/lib/push-lists/rows';
import { pushState, type PushStateKind } from '@/lib/history/push-state';
import { PushStateText } from '../PushStateText';
import { ServerText } from '../ServerText';
import { hostOf } from '@/lib/url';
import { countLabel, deletableLabel, kindLabel, localTime, yesNo } from '../push-format';
import { useContext } from 'preact/hooks';
import { ReceiptCell } from './receipts/ReceiptCell';
import { ReceiptsContext } from './receipts/useReceipts';

export interface RowActions {
  copy(row: PushRow): void;
  audit(row: PushRow, opener: HTMLElement): void;
  expire(row: PushRow, opener: HTMLElement): void;
  canExpire(row: PushRow): boolean;
}

interface PushTableProps {
  /** Unique per table: the same push can be listed in two tabs at once. */
  idPrefix: string;
  caption: string;
  rows: PushRow[];
  /** The configured instance; rows of another one say which instance they live on. */
  instance: string | null;
  /** An API token is set for `instance`: the server's word on its pushes is kept current. */
  hasToken: boolean;
  actions: RowActions;
  /** The page a row was found on, when the rows come from several (a search of every page). */
  pageOf?: (row: PushRow) => number | undefined;
}

/** One row per push with all its columns, and its actions. */
export function PushTable({ idPrefix, caption, rows, instance, hasToken, actions, pageOf }: PushTableProps) {
  const now = Date.now();
  const labels = columnLabels();
  return (
    <div class="table-scroll">
      <table class="push-table">
        <caption class="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{labels.name}</th>
            <th scope="col">{labels.note}</th>
            <th scope="col">{labels.kind}</th>
            <th scope="col">{labels.created}</th>
            <th scope="col">{labels.days}</th>
            <th scope="col">{labels.views}</th>
            <th scope="col">{labels.deletable}</th>
            <th scope="col">{labels.retrieval}</th>
            <th scope="col">{labels.state}</th>
            <th scope="col">{labels.actions}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <PushTableRow
              key={`${row.baseUrl} ${row.urlToken}`}
              nameId={`${idPrefix}-name-${row.urlToken}`}
              row={row}
              instance={instance}
              trusted={hasToken && instance !== null && sameInstance(instance, row.baseUrl)}
              now={now}
              labels={labels}
              actions={actions}
              page={pageOf?.(row)}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface PushTableRowProps {
  /**
   * Token characters are [a-z0-9_-], all safe inside an id
   * (docs/password-pusher.md#ids-and-timestamps).
   */
  nameId: string;
  row: PushRow;
  instance: string | null;
  trusted: boolean;
  now: number;
  /** The column names, read once per table: each cell repeats its own for the card layout. */
  labels: ColumnLabels;
  actions: RowActions;
  page?: number;
}

type ColumnLabels = ReturnType<typeof columnLabels>;

function columnLabels() {
  return {
    name: t('pushesColName'),
    note: t('pushesColNote'),
    kind: t('pushesColKind'),
    created: t('pushesColCreated'),
    days: t('pushesColDays'),
    views: t('pushesColViews'),
    deletable: t('pushesColDeletable'),
    retrieval: t('pushesColRetrieval'),
    state: t('pushesColState'),
    actions: t('pushesColActions'),
  };
}

function PushTableRow({ nameId, row, instance, trusted, now, labels, actions, page }: PushTableRowProps) {
  const otherInstance = instance !== null && !sameInstance(instance, row.baseUrl);
  const state = pushState(row, trusted, now, { otherInstance });
  const receipts = useContext(ReceiptsContext).forRow(row);
  return (
    <tr data-token={row.urlToken} data-entry-id={receipts?.entryId} class={row.expired ? 'expired' : undefined}>
      <th scope="row">
        <ServerText id={nameId} class="push-name" text={row.name || unnamedPushLabel(row)} />
        {/* Cut short rather than broken mid-token; hovering or focusing it shows it whole. */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: focus is how a keyboard user sees the whole token (pushes.css .push-token:focus); it does nothing else, so it takes no widget role, and a screen reader reads the whole text anyway */}
        <span class="hint push-token" title={row.urlToken} tabIndex={0}>
          {t('pushesToken', row.urlToken)}
        </span>
        {row.passphraseProtected && <span class="hint">{t('pushesNeedsPassphrase')}</span>}
        {otherInstance && <span class="hint">{t('pushesOtherInstance', hostOf(row.baseUrl))}</span>}
        {page !== undefined && <span class="hint">{t('pushesPage', page)}</span>}
      </th>
      <td class="push-note" data-label={labels.note}>
        {row.note && <ServerText text={row.note} />}
      </td>
      <td data-label={labels.kind}>{kindLabel(row.kind)}</td>
      <td data-label={labels.created}>
        <time dateTime={row.createdAt}>{localTime(row.createdAt)}</time>
      </td>
      <td data-label={labels.days}>{countLabel(state.daysRemaining)}</td>
      <td data-label={labels.views}>{countLabel(state.viewsRemaining)}</td>
      <td data-label={labels.deletable}>{deletableLabel(row.deletableByViewer)}</td>
      <td data-label={labels.retrieval}>{yesNo(row.retrievalStep)}</td>
      <td class="push-state-cell" data-label={labels.state}>
        <PushStateText state={state} withLeft={false} />
        <ReceiptCell receipts={receipts} nameId={nameId} />
      </td>
      <td class="push-actions-cell" data-label={labels.actions}>
        <div class="row-actions">
          {/* A link known to lead nowhere is not handed out (the history drops it too: README, Security). */}
          {!knownEnded(state.kind) && (
            <button type="button" class="small" aria-describedby={nameId} onClick={() => actions.copy(row)}>
              {t('pushesCopyLink')}
            </button>
          )}
          <button type="button" class="small" aria-describedby={nameId} onClick={(event) => actions.audit(row, event.currentTarget)}>
            {t('pushesAuditLog')}
          </button>
          {actions.canExpire(row) && (
            <button
              type="button"
              class="small danger"
              aria-describedby={nameId}
              onClick={(event) => actions.expire(row, event.currentTarget)}
            >
              {t('pushesExpire')}
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}

/** Expired, or its last view used: the push opens for nobody any more. */
function knownEnded(kind: PushStateKind): boolean {
  return kind === 'expired' || kind === 'views-used';
}
