import { useEffect, useRef } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { hasNextPage, hasPreviousPage, isPastEnd, matchesFilter, mergePush, type PushRow } from '@/lib/history/push-lists';
import type { Push } from '@/lib/pwpush/types';
import { FailureNote } from '../FailureNote';
import { ExpireDialog } from '../ExpireDialog';
import { loadHistoryPage, loadServerPage, pageNote, type Connection } from './loaders';
import { OptionsNote } from './OptionsNote';
import { Pager } from './Pager';
import { LIST_LABEL_KEYS, panelId, tabId, type ListId } from './PushTabs';
import { PushTable } from './PushTable';
import { usePagedList } from './usePagedList';
import { describePush, useRowActions } from './useRowActions';

interface ListPanelProps {
  list: ListId;
  selected: boolean;
  filter: string;
  /** null: no instance set up. */
  connection: Connection | null;
  /** Raised when another list changed something this one shows: reload when next shown. */
  version: number;
  /** A push was expired from this list (the other lists are then out of date). */
  onExpired(): void;
  /** The server's lists refreshed some history entries. */
  onHistoryChanged(): void;
  onAudit(row: PushRow, opener: HTMLElement): void;
}

const INTRO_KEYS: Record<ListId, string> = {
  history: 'pushesHistoryIntro',
  active: 'pushesActiveIntro',
  expired: 'pushesExpiredIntro',
};
const EMPTY_KEYS: Record<ListId, string> = {
  history: 'pushesEmptyHistory',
  active: 'pushesEmptyActive',
  expired: 'pushesEmptyExpired',
};

/** One tab panel: a list loaded a page at a time when first shown, filtered, with row actions. */
export function ListPanel(props: ListPanelProps) {
  const { list, selected, connection } = props;
  const panel = useRef<HTMLDivElement>(null);
  const paged = usePagedList<PushRow>((page) =>
    list === 'history' ? loadHistoryPage(page) : loadServerPage(list, connection!, page, props.onHistoryChanged),
  );
  // The server's lists need an instance and a token (docs/password-pusher.md#auth-gate): without
  // them nothing is asked.
  const blocked = list === 'history' ? null : !connection ? 'pushesNeedInstance' : !connection.token ? 'pushesTokenNeeded' : null;

  const loadedVersion = useRef<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads when the panel is shown, unblocked or its version changes, not on every render; `paged.go` and `paged.reload` are new functions each render
  useEffect(() => {
    if (!selected || blocked || loadedVersion.current === props.version) return;
    const first = loadedVersion.current === null;
    loadedVersion.current = props.version;
    void (first ? paged.go(1) : paged.reload());
  }, [selected, blocked, props.version]);

  const actions = useRowActions({
    connection,
    onExpired(row: PushRow, push?: Push) {
      const checked = { at: Date.now(), via: 'expired-here' } as const;
      const expired = (item: PushRow): PushRow =>
        push ? mergePush(item, push, checked) : { ...item, expired: true, checkedAt: checked.at, checkedVia: checked.via };
      const same = (item: PushRow) => item.urlToken === row.urlToken && item.baseUrl === row.baseUrl;
      // An expired push no longer belongs in the active list; elsewhere it shows its new state.
      paged.update((items) =>
        list === 'active' ? items.filter((item) => !same(item)) : items.map((item) => (same(item) ? expired(item) : item)),
      );
      props.onExpired();
    },
    focusFallback: () => panel.current?.focus(),
  });

  const page = paged.page;
  const rows = page ? page.items.filter((row) => matchesFilter(row, props.filter)) : [];
  const filtering = props.filter.trim() !== '' && page !== null && page.items.length > 0;

  return (
    <div role="tabpanel" id={panelId(list)} aria-labelledby={tabId(list)} hidden={!selected} tabIndex={-1} ref={panel} class="list-panel">
      <div class="row panel-head">
        <p class="hint">{t(INTRO_KEYS[list])}</p>
        {!blocked && (
          <button type="button" class="small" onClick={() => void paged.reload()}>
            {t('pushesReload')}
          </button>
        )}
      </div>
      {blocked && <OptionsNote message={t(blocked)} />}
      <p role="status" class="hint panel-status">
        {paged.loading ? t('pushesLoading') : filtering && t('pushesFilterCount', rows.length, page.items.length)}
      </p>
      {/* What an action did, on its own and visible: not lost in the list's status line. */}
      <p role="status" class="note ok action-status">
        {actions.notice}
      </p>
      {paged.failure && <FailureNote explanation={paged.failure} />}
      {pageNote(page) && <p class="note">{pageNote(page)}</p>}
      {actions.failure && <FailureNote explanation={actions.failure} />}
      {page && page.items.length === 0 && <p class="note">{isPastEnd(page) ? t('pushesPastEnd', page.page) : t(EMPTY_KEYS[list])}</p>}
      {page && rows.length > 0 && (
        <PushTable
          idPrefix={list}
          caption={t('pushesTableCaption', t(LIST_LABEL_KEYS[list]), page.page)}
          rows={rows}
          instance={connection?.baseUrl ?? null}
          hasToken={!!connection?.token}
          actions={{ copy: actions.copy, audit: props.onAudit, expire: actions.askExpire, canExpire: actions.canExpire }}
        />
      )}
      {page && (hasPreviousPage(page) || hasNextPage(page)) && (
        <Pager page={page} loading={paged.loading} onGo={(number) => void paged.go(number)} />
      )}
      {actions.confirming && (
        <ExpireDialog
          name={describePush(actions.confirming)}
          busy={actions.busy}
          onConfirm={() => void actions.confirm()}
          onCancel={actions.cancel}
        />
      )}
    </div>
  );
}
