import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { hasNextPage, hasPreviousPage, isPastEnd, matchesFilter, mergePush, PAGE_SIZE, type PushRow } from '@/lib/push-lists/rows';
import type { Page, Push } from '@/lib/pwpush/types';
import { FailureNote } from '../FailureNote';
import { ExpireDialog } from '../ExpireDialog';
import { loadHistoryPage, loadServerPage, pageNote, type Connection } from '../../lib/push-lists/loaders';
import { OptionsNote } from './OptionsNote';
import { JobFailureNote } from './PauseNote';
import { Pager } from './Pager';
import { LIST_LABEL_KEYS, panelId, tabId, type ListId } from './PushTabs';
import { PushTable } from './PushTable';
import { filterStatusText, SearchControls, type FilterScope } from './SearchStatus';
import { useHistorySearch, type HistorySearch } from './useHistorySearch';
import { useListSearch, type ListSearch } from './useListSearch';
import { usePagedList } from './usePagedList';
import { useHistoryTotal } from './useHistoryTotal';
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
  const loadPage = (page: number) =>
    list === 'history' ? loadHistoryPage(page) : loadServerPage(list, connection!, page, props.onHistoryChanged);
  const paged = usePagedList<PushRow>(loadPage);
  useHistoryTotal(list === 'history', paged);
  const filtering = props.filter.trim() !== '';
  const matches = (row: PushRow) => matchesFilter(row, props.filter);
  // This browser's history is local: the filter searches all of it, a chunk at a time.
  const history = useHistorySearch(list === 'history' && selected && filtering, props.filter, props.version);
  // The page of the history's matches shown: a broad filter may match thousands.
  const [matchPage, setMatchPage] = useState(1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new query shows its first matches
  useEffect(() => setMatchPage(1), [props.filter]);
  // The server's lists are searched page after page only when asked ("Search all pages").
  const search = useListSearch(loadPage, matches, props.filter);
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
  // biome-ignore lint/correctness/useExhaustiveDependencies: another tab ends this one's search (what it found stays)
  useEffect(() => {
    if (!selected) search.stop();
  }, [selected]);

  const actions = useRowActions({
    connection,
    onExpired(row: PushRow, push?: Push) {
      const checked = { at: Date.now(), via: 'expired-here' } as const;
      const expired = (item: PushRow): PushRow =>
        push ? mergePush(item, push, checked) : { ...item, expired: true, checkedAt: checked.at, checkedVia: checked.via };
      const same = (item: PushRow) => item.urlToken === row.urlToken && item.baseUrl === row.baseUrl;
      // An expired push no longer belongs in the active list; elsewhere it shows its new state.
      const change = (items: PushRow[]) =>
        list === 'active' ? items.filter((item) => !same(item)) : items.map((item) => (same(item) ? expired(item) : item));
      paged.update(change);
      history.update(change);
      search.update(change);
      props.onExpired();
    },
    focusFallback: () => panel.current?.focus(),
  });

  const page = paged.page;
  const { rows, scope, pageOf, matchesPage } = shownRows(page, filtering, history.state, matchPage, search.state, matches);
  const canSearch = list !== 'history' && filtering && page !== null && (hasNextPage(page) || hasPreviousPage(page));

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
        {paged.loading ? t('pushesLoading') : scope && filterStatusText(props.filter, scope)}
      </p>
      {scope && !blocked && (
        <SearchControls
          scope={scope}
          canSearch={canSearch}
          onSearch={() => search.start(page)}
          onStop={list === 'history' ? history.stop : search.stop}
        />
      )}
      {/* What an action did, on its own and visible: not lost in the list's status line. */}
      <p role="status" class="note ok action-status">
        {actions.notice}
      </p>
      {paged.failure && <JobFailureNote explanation={paged.failure} />}
      {pageNote(page) && <p class="note">{pageNote(page)}</p>}
      {actions.failure && <FailureNote explanation={actions.failure} />}
      {page && page.items.length === 0 && <p class="note">{isPastEnd(page) ? t('pushesPastEnd', page.page) : t(EMPTY_KEYS[list])}</p>}
      {page && rows.length > 0 && (
        <PushTable
          idPrefix={list}
          caption={
            scope && scope.name !== 'page'
              ? t('pushesSearchCaption', t(LIST_LABEL_KEYS[list]))
              : t('pushesTableCaption', t(LIST_LABEL_KEYS[list]), page.page)
          }
          rows={rows}
          pageOf={pageOf}
          instance={connection?.baseUrl ?? null}
          hasToken={!!connection?.token}
          actions={{ copy: actions.copy, audit: props.onAudit, expire: actions.askExpire, canExpire: actions.canExpire }}
        />
      )}
      {page && (!scope || scope.name === 'page') && (hasPreviousPage(page) || hasNextPage(page)) && (
        <Pager page={page} loading={paged.loading} onGo={(number) => void paged.go(number)} />
      )}
      {matchesPage && (hasPreviousPage(matchesPage) || hasNextPage(matchesPage)) && (
        <Pager page={matchesPage} loading={false} onGo={setMatchPage} />
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

interface ShownRows {
  rows: PushRow[];
  /** What the filter searched; null when there is no filter (or nothing loaded yet). */
  scope: FilterScope | null;
  /** The page a found row came from, when the rows come from several. */
  pageOf?: (row: PushRow) => number | undefined;
  /** The history's matches are shown a page at a time: which one. */
  matchesPage?: Page<PushRow>;
}

/** The rows a panel shows: a page's, the history's matches or a search's. */
function shownRows(
  page: Page<PushRow> | null,
  filtering: boolean,
  history: HistorySearch,
  matchPage: number,
  search: ListSearch,
  matches: (row: PushRow) => boolean,
): ShownRows {
  if (!page) return { rows: [], scope: null };
  if (!filtering) return { rows: page.items, scope: null };
  if (search.name !== 'idle') {
    const pages = new Map(search.found.map((found) => [found.item, found.page]));
    return { rows: search.found.map((found) => found.item), scope: { name: 'search', search }, pageOf: (row) => pages.get(row) };
  }
  if (history.name !== 'idle') {
    const totalPages = Math.ceil(history.found.length / PAGE_SIZE);
    const number = Math.min(matchPage, Math.max(1, totalPages));
    const items = history.found.slice((number - 1) * PAGE_SIZE, number * PAGE_SIZE);
    const matchesPage = { items, page: number, perPage: PAGE_SIZE, total: history.found.length, totalPages };
    return { rows: items, scope: { name: 'history', search: history }, matchesPage };
  }
  if (page.items.length === 0) return { rows: [], scope: null };
  const rows = page.items.filter(matches);
  return { rows, scope: { name: 'page', shown: rows.length, total: page.items.length, page: page.page } };
}
