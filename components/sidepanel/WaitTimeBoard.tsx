import type { ComponentChildren } from 'preact';
import type { Checkpoint } from '@/lib/airport/airport-board';
import { groupByTerminal, isStale, unmeasuredCount, withoutValue } from '@/lib/airport/board';
import { isoUtc } from '@/lib/airport/zone';
import { t, tCount } from '@/lib/i18n';
import { serverText } from '@/lib/short-text';
import { type BoardTime, measuredText } from '@/lib/wait-times/format';
import { ServerText } from '../ServerText';
import { CheckpointRow } from './CheckpointRow';

export interface WaitTimeBoardProps {
  checkpoints: Checkpoint[];
  /** When the figures are from, on which clock, and the source's step. */
  time: BoardTime;
  /** Heading of the checkpoints without a terminal (BMA, GOT, Oslo): the airport's name. */
  airportName: string;
  now: number;
  /** `displayLocale()` (lib/i18n.ts), for the local clock time. */
  locale?: string;
  /** The last refresh failed: the data is marked out of date whatever its age. */
  outdated?: boolean;
  /** `activeMeasurementStations`: fewer than the checkpoints listed means some report no measurement. */
  activeStations?: number | null;
  /** The browser's time zone, only to pin it in tests. */
  localZone?: string;
  /** Say when it was measured; false where ./MeasuredLine.tsx says it for the flight and the board at once. */
  measuredLine?: boolean;
  /** Under each checkpoint: its usual wait and its watches (./QueueExtras.tsx). */
  extras?: ((checkpoint: Checkpoint) => ComponentChildren) | null;
}

/** "T3 and Security filter 4", in the person's language. */
function namesText(names: string[], locale?: string): string {
  try {
    return new Intl.ListFormat(locale, { type: 'conjunction' }).format(names);
  } catch {
    return names.join(', ');
  }
}

/** When a board's figures are from, as an instant: its measurement, else when it was fetched. */
export const boardTimeIso = ({ measuredAt, fetchedAt }: Pick<BoardTime, 'measuredAt' | 'fetchedAt'>): string | null =>
  measuredAt ?? (fetchedAt ? isoUtc(fetchedAt) : null);

/**
 * The checkpoints of one airport, grouped by terminal, with when they were measured. Checkpoints
 * whose value the feed no longer gives are listed with no value, and named above the board: "This
 * airport's feed changed: no value for Terminal 3" (docs/airport-sources.md#changes).
 */
export function WaitTimeBoard({
  checkpoints,
  time,
  airportName,
  now,
  locale,
  outdated = false,
  activeStations = null,
  localZone,
  measuredLine = true,
  extras = null,
}: WaitTimeBoardProps) {
  if (checkpoints.length === 0) return <p class="board-empty">{t('sidepanelNoQueues')}</p>;
  const stale = outdated || isStale(boardTimeIso(time), now, time.stepMinutes);
  const when = measuredText(time, now, locale, localZone, outdated);
  const unmeasured = unmeasuredCount(activeStations, checkpoints.length);
  const missing = withoutValue(checkpoints).map((checkpoint) => serverText(checkpoint.name));
  return (
    <div class={`board${stale ? ' is-stale' : ''}`}>
      {measuredLine && (
        <p class="measured">
          {when && <span>{when}</span>}
          {stale && <span class="badge stale">{t('sidepanelStale')}</span>}
        </p>
      )}
      {missing.length > 0 && <p class="note warn feed-changed">{t('sidepanelFeedNoValue', namesText(missing, locale))}</p>}
      {unmeasured > 0 && (
        <p class="hint unmeasured">{tCount(unmeasured, 'sidepanelOneUnmeasured', 'sidepanelSomeUnmeasured', checkpoints.length)}</p>
      )}
      {groupByTerminal(checkpoints, airportName).map((group) => (
        <section class="terminal" key={group.terminal ?? ''} aria-label={group.label}>
          <h3>
            <ServerText text={group.label} />
          </h3>
          <ul class="queue-list">
            {group.checkpoints.map((checkpoint) => (
              <CheckpointRow key={checkpoint.id} checkpoint={checkpoint}>
                {extras?.(checkpoint)}
              </CheckpointRow>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
