import type { ComponentChildren } from 'preact';
import type { Checkpoint } from '@/lib/airport/airport-board';
import { mapUrl, waitLevel } from '@/lib/airport/board';
import { t } from '@/lib/i18n';
import { serverText } from '@/lib/short-text';
import { waitLevelText, waitText } from '@/lib/wait-times/format';
import { ServerText } from '../ServerText';

/** "Gates A1–A69, Z1–Z25": Frankfurt's, as its feed lists them behind a checkpoint. */
const gatesText = (gates: NonNullable<Checkpoint['gates']>): string =>
  gates.map(({ prefix, from, to }) => (from === to ? `${prefix}${from}` : `${prefix}${from}–${prefix}${to}`)).join(', ');

/**
 * One security checkpoint: its name, a FastTrack badge, the wait in words with a colour (the colour
 * class repeats the level word, it never stands alone), the gates it serves where the feed says,
 * and a map link where the feed gives its position. An overflowing queue (docs/airport-api.md#overflow)
 * shows "16+ min", "queue longer than measured", coloured as long. No value: "no value", no colour,
 * or the airport's own words where it gave some (docs/airport-sources.md#fra). Below, what the
 * panel adds: the usual wait at this hour and the watches (`children`).
 */
export function CheckpointRow({
  checkpoint,
  forFlight,
  children,
}: {
  checkpoint: Checkpoint;
  forFlight?: string;
  children?: ComponentChildren;
}) {
  const { wait } = checkpoint;
  const overflow = wait?.kind === 'at-least' && wait.overflow === true;
  const level = wait && waitLevel(wait);
  const map = mapUrl(checkpoint.position);
  const classes = ['queue', checkpoint.fastTrack && 'is-fasttrack', overflow && 'is-overflow', !wait && 'no-value']
    .filter(Boolean)
    .join(' ');
  return (
    <li class={classes} data-queue-id={checkpoint.id}>
      <div class="queue-name">
        {/* Server text: a text node only, isolated so that it cannot reorder the badges beside it. */}
        <ServerText text={checkpoint.name} />
        {checkpoint.fastTrack && <span class="badge fasttrack">{t('sidepanelFastTrack')}</span>}
        {forFlight && <span class="badge for-flight">{t('sidepanelForFlight', forFlight)}</span>}
        {checkpoint.gates && <span class="queue-gates">{t('sidepanelGates', gatesText(checkpoint.gates))}</span>}
      </div>
      <div class={`queue-wait${level ? ` wait-${level}` : ' wait-none'}`}>
        {wait || checkpoint.said === undefined ? (
          <span class="wait-minutes">{waitText(wait)}</span>
        ) : (
          <ServerText class="wait-minutes" text={checkpoint.said} />
        )}
        {/* Visible words, so screen readers say it too: the minutes are only what was measured. */}
        {level && <span class="wait-level">{waitLevelText(level, overflow)}</span>}
        {!wait && checkpoint.said !== undefined && <span class="wait-level">{t('airportWaitSaid')}</span>}
      </div>
      {map && (
        <a class="queue-map" href={map} target="_blank" rel="noreferrer" aria-label={t('sidepanelMapLabel', serverText(checkpoint.name))}>
          {t('sidepanelMap')}
        </a>
      )}
      {/* Its usual wait and its watches (./QueueExtras.tsx), across the row's width. */}
      {children && <div class="queue-extras">{children}</div>}
    </li>
  );
}
