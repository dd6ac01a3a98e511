import { airportTimeZone } from '@/lib/airport/sources/catalog';
import { t } from '@/lib/i18n';
import { serverText } from '@/lib/short-text';
import { airportTimeText, waitText } from '@/lib/wait-times/format';
import type { EndedWatch, Watch, WatchesState } from '@/lib/watches/types';
import { airportTitle, endText, ruleText, targetText } from '@/lib/watches/words';

export interface WatchListProps {
  watches: readonly Watch[];
  ended: readonly EndedWatch[];
  state: WatchesState;
  now: number;
  locale?: string;
  onStop: (id: string) => void;
  onDismiss: (id: string) => void;
}

/** A checkpoint's name is the feed's: isolated in the sentence, as every server text is. */
const named = (watch: Pick<Watch, 'target'>) => targetText(watch, (name) => serverText(name));
const timeAt = (at: number, now: number, iata: string, locale?: string) => airportTimeText(at, now, airportTimeZone(iata), locale);

/**
 * Every watch, on any airport: what each waits for and until when, what it last saw, and why the
 * checks are paused if they are; then those that ended in the last day, with why. Nothing at all
 * while there are none.
 */
export function WatchList({ watches, ended, state, now, locale, onStop, onDismiss }: WatchListProps) {
  if (watches.length === 0 && ended.length === 0) return null;
  return (
    <section class="watch-list" aria-labelledby="watches-heading">
      <h2 id="watches-heading">{t('sidepanelWatchesHeading')}</h2>
      {watches.length > 0 && state.paused && (
        <p class="hint">{t(state.paused === 'idle' ? 'sidepanelWatchesPausedIdle' : 'sidepanelWatchesPausedOffline')}</p>
      )}
      <ul>
        {watches.map((watch) => (
          <li key={watch.id}>
            <p class="watch-line">
              {t(
                'sidepanelWatchItem',
                named(watch),
                airportTitle(watch.iata),
                ruleText(watch.rule),
                timeAt(watch.endsAt, now, watch.iata, locale),
              )}
            </p>
            {watch.last && (
              <p class="watch-line hint">
                {t('sidepanelWatchLast', timeAt(watch.last.checkedAt, now, watch.iata, locale), waitText(watch.last.wait))}
              </p>
            )}
            <button type="button" aria-label={t('sidepanelWatchStopLabel', named(watch))} onClick={() => onStop(watch.id)}>
              {t('sidepanelWatchStop')}
            </button>
          </li>
        ))}
        {ended.map((watch) => (
          <li key={watch.id} class="watch-ended">
            <p class="watch-line">
              {t(
                'sidepanelWatchEndedItem',
                named(watch),
                airportTitle(watch.iata),
                ruleText(watch.rule),
                endText(watch, watch.last?.wait ?? null),
              )}
            </p>
            <button type="button" aria-label={t('sidepanelWatchRemoveLabel', named(watch))} onClick={() => onDismiss(watch.id)}>
              {t('sidepanelWatchRemove')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
