import { countMessage, displayLocale, t } from '@/lib/i18n';
import { PAGE_SIZE } from '@/lib/push-lists/rows';
import { waitText } from '@/lib/share/explain';
import { JobFailureNote } from './PauseNote';
import { SEARCH_MAX_PAGES } from '../../lib/push-lists/search-pages';
import type { HistorySearch } from './useHistorySearch';
import type { ListSearch } from './useListSearch';

/** What the filter searched, in words: the one live status of a list panel while filtering. */
export type FilterScope =
  | { name: 'page'; shown: number; total: number; page: number }
  | { name: 'history'; search: Exclude<HistorySearch, { name: 'idle' }> }
  | { name: 'search'; search: Exclude<ListSearch, { name: 'idle' }> };

interface SearchControlsProps {
  scope: FilterScope;
  /** "Search all pages" is offered: a server list with other pages. */
  canSearch: boolean;
  onSearch(): void;
  onStop(): void;
}

const number = (value: number) => new Intl.NumberFormat(displayLocale()).format(value);

/** The sentence a screen reader hears: once when a search starts or pauses, once when it ends. */
export function filterStatusText(query: string, scope: FilterScope): string {
  const q = query.trim();
  if (scope.name === 'page') {
    const key = countMessage(scope.total, 'pushesFilterPageCountOne', 'pushesFilterPageCount');
    return t(key, number(scope.shown), number(scope.total), number(scope.page), q);
  }
  if (scope.name === 'history') {
    const { found, searched, total } = scope.search;
    if (scope.search.name === 'searching') return t('pushesSearchStarted', q);
    if (scope.search.stopped) {
      const key = countMessage(total, 'pushesHistorySearchStoppedOne', 'pushesHistorySearchStopped');
      return t(key, number(searched), number(total), number(found.length), q);
    }
    const key = countMessage(total, 'pushesFilterHistoryCountOne', 'pushesFilterHistoryCount');
    return t(key, number(found.length), number(total), q);
  }
  const search = scope.search;
  if (search.name === 'searching') {
    return search.waitingSeconds !== undefined
      ? t('pushesSearchWaiting', number(search.page), waitText(search.waitingSeconds))
      : t('pushesSearchStarted', q);
  }
  if (search.pages === 0) return t('pushesSearchStoppedNone');
  const key = countMessage(search.searched, 'pushesSearchCountOne', 'pushesSearchCount');
  return t(key, number(search.found.length), number(search.searched), number(search.pages), q);
}

/**
 * The page-by-page progress, the end of a search and its buttons. The progress line changes once
 * a second while searching, so it is not a live region: the status above speaks only at the start,
 * a pause and the end.
 */
export function SearchControls({ scope, canSearch, onSearch, onStop }: SearchControlsProps) {
  if (scope.name === 'history') {
    const { searched, total } = scope.search;
    if (scope.search.name !== 'searching') return null;
    return (
      <div class="row search-controls">
        <p class="hint search-progress">
          {t(countMessage(total, 'pushesHistorySearchProgressOne', 'pushesHistorySearchProgress'), number(searched), number(total))}
        </p>
        <button type="button" class="small" onClick={onStop}>
          {t('pushesSearchStop')}
        </button>
      </div>
    );
  }
  const search = scope.name === 'search' ? scope.search : null;
  if (search?.name === 'searching') {
    return (
      <div class="row search-controls">
        <p class="hint search-progress">
          {search.lastPage !== undefined
            ? t('pushesSearchingPageOf', number(search.page), number(search.lastPage))
            : t('pushesSearchingPage', number(search.page))}
        </p>
        <button type="button" class="small" onClick={onStop}>
          {t('pushesSearchStop')}
        </button>
      </div>
    );
  }
  if (search?.name === 'done') {
    const end = search.end;
    if (end.reason === 'bound') return <p class="note">{t('pushesSearchBound', number(end.page), number(SEARCH_MAX_PAGES * PAGE_SIZE))}</p>;
    if (end.reason === 'stopped' && end.page > 0) return <p class="note">{t('pushesSearchStopped', number(end.page))}</p>;
    if (end.reason === 'failed') {
      return (
        <>
          <p class="note">{t('pushesSearchFailed', number(end.page))}</p>
          <JobFailureNote explanation={end.failure} />
        </>
      );
    }
    return null;
  }
  if (!canSearch) return null;
  return (
    <div class="row search-controls">
      <button type="button" class="small" onClick={onSearch}>
        {t('pushesSearchAll')}
      </button>
    </div>
  );
}
