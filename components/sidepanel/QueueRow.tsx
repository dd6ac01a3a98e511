import type { Queue } from '@/lib/airport/types';
import { mapUrl, waitLevel } from '@/lib/airport/board';
import { waitLevelText, waitText } from '@/lib/wait-times/format';
import { t } from '@/lib/i18n';
import { serverText } from '@/lib/short-text';
import { ServerText } from '../ServerText';

/**
 * One security lane: its name, a FastTrack badge, the wait in words with a colour (the colour
 * class repeats the level word, it never stands alone) and a map link to the checkpoint. An
 * overflowing queue (docs/airport-api.md#overflow) shows "16+ min", "queue longer than measured",
 * coloured as long.
 */
export function QueueRow({ queue, forFlight }: { queue: Queue; forFlight?: string }) {
  const level = waitLevel(queue.minutes, queue.overflow);
  const map = mapUrl(queue.latitude, queue.longitude);
  return (
    <li class={`queue${queue.isFastTrack ? ' is-fasttrack' : ''}${queue.overflow ? ' is-overflow' : ''}`} data-queue-id={queue.id}>
      <div class="queue-name">
        {/* Server text: a text node only, isolated so that it cannot reorder the badges beside it. */}
        <ServerText text={queue.name} />
        {queue.isFastTrack && <span class="badge fasttrack">{t('sidepanelFastTrack')}</span>}
        {forFlight && <span class="badge for-flight">{t('sidepanelForFlight', forFlight)}</span>}
      </div>
      <div class={`queue-wait wait-${level}`}>
        <span class="wait-minutes">{waitText(queue.minutes, queue.overflow)}</span>
        {/* Visible words, so screen readers say it too: the minutes are only what was measured. */}
        <span class="wait-level">{waitLevelText(level, queue.overflow)}</span>
      </div>
      {map && (
        <a class="queue-map" href={map} target="_blank" rel="noreferrer" aria-label={t('sidepanelMapLabel', serverText(queue.name))}>
          {t('sidepanelMap')}
        </a>
      )}
    </li>
  );
}
