import { t } from '@/lib/i18n';
import type { RefreshState } from '@/lib/wait-times/refresh';

export interface BoardToolbarProps {
  refresh: RefreshState;
  now: number;
  favourite: boolean;
  /** Favourites are offered only for airports with data (a favourite already set can be removed). */
  canFavourite?: boolean;
  /** "Copenhagen Airport's website updates every 5 minutes: Refresh asks again from 07:20", while that holds. */
  floorNote?: string | null;
  onRefresh: () => void;
  onToggleFavourite: () => void;
}

/**
 * Refresh and Favourite for the airport shown. Refresh is off while Retry-After has not passed
 * (a request then would only be refused again and cost quota) and while a website feed's
 * five-minute floor holds (docs/airport-sources.md#refresh); while one runs it says so.
 */
export function BoardToolbar({ refresh, now, favourite, canFavourite = true, floorNote, onRefresh, onToggleFavourite }: BoardToolbarProps) {
  const paused = refresh.pausedUntil !== null && refresh.pausedUntil > now;
  const floor = refresh.notBefore !== null && refresh.notBefore > now;
  return (
    <div class="board-toolbar">
      {canFavourite && (
        <button type="button" class="favourite-toggle" aria-pressed={favourite} onClick={onToggleFavourite}>
          <span aria-hidden="true">{favourite ? '★ ' : '☆ '}</span>
          {t('sidepanelFavourite')}
        </button>
      )}
      <button
        type="button"
        onClick={onRefresh}
        disabled={paused || floor}
        aria-describedby={floor && floorNote ? 'refresh-floor' : undefined}
      >
        {refresh.running ? t('sidepanelRefreshing') : t('sidepanelRefresh')}
      </button>
      {floor && floorNote && (
        <p id="refresh-floor" class="hint refresh-floor">
          {floorNote}
        </p>
      )}
    </div>
  );
}
