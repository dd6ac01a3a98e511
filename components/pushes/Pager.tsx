import { hasNextPage, hasPreviousPage, previousPageNumber } from '@/lib/push-lists/rows';
import { t } from '@/lib/i18n';
import type { Page } from '@/lib/pwpush/types';

interface PagerProps {
  page: Page<unknown>;
  loading: boolean;
  onGo(page: number): void;
}

/**
 * "Previous page", "Page 2 of 5" (or "Page 2" when the server sends no totals) and "Next page".
 * Buttons at an end stay focusable (`aria-disabled`), so the focus is not lost on the last page.
 */
export function Pager({ page, loading, onGo }: PagerProps) {
  const previous = hasPreviousPage(page);
  const next = hasNextPage(page);
  const label =
    page.totalPages !== undefined && page.totalPages > 0 ? t('pushesPageOf', page.page, page.totalPages) : t('pushesPage', page.page);
  return (
    <nav class="pager row" aria-label={t('pushesPagingLabel')} aria-busy={loading}>
      <button type="button" aria-disabled={!previous} onClick={() => previous && onGo(previousPageNumber(page))}>
        {t('pushesPrevious')}
      </button>
      <span class="pager-label">{label}</span>
      <button type="button" aria-disabled={!next} onClick={() => next && onGo(page.page + 1)}>
        {t('pushesNext')}
      </button>
    </nav>
  );
}
