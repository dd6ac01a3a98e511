import type { Queue } from '@/lib/airport/types';
import { groupByTerminal, isStale, unmeasuredCount } from '@/lib/airport/board';
import { measuredText } from '@/lib/wait-times/format';
import { t, tCount } from '@/lib/i18n';
import { ServerText } from '../ServerText';
import { QueueRow } from './QueueRow';

export interface WaitTimeBoardProps {
  queues: Queue[];
  /** The latest measurement time (ISO 8601 UTC), or null. */
  measuredAt: string | null;
  /** Heading of the queues without a terminal (BMA, GOT): the airport's name. */
  airportName: string;
  now: number;
  /** `displayLocale()` (lib/i18n.ts), for the local clock time. */
  locale?: string;
  /** The last refresh failed: the data is marked out of date whatever its age. */
  outdated?: boolean;
  /** `activeMeasurementStations`: fewer than the queues listed means some report no measurement. */
  activeStations?: number | null;
  /** The browser's time zone, only to pin it in tests. */
  localZone?: string;
  /** Say when it was measured; false where ./MeasuredLine.tsx says it for the flight and the board at once. */
  measuredLine?: boolean;
}

/** The security queues of one airport, grouped by terminal, with when they were measured. */
export function WaitTimeBoard({
  queues,
  measuredAt,
  airportName,
  now,
  locale,
  outdated = false,
  activeStations = null,
  localZone,
  measuredLine = true,
}: WaitTimeBoardProps) {
  if (queues.length === 0) return <p class="board-empty">{t('sidepanelNoQueues')}</p>;
  const stale = outdated || isStale(measuredAt, now);
  const when = measuredText(measuredAt, now, locale, localZone, outdated);
  const unmeasured = unmeasuredCount(activeStations, queues.length);
  return (
    <div class={`board${stale ? ' is-stale' : ''}`}>
      {measuredLine && (
        <p class="measured">
          {when && <span>{when}</span>}
          {stale && <span class="badge stale">{t('sidepanelStale')}</span>}
        </p>
      )}
      {unmeasured > 0 && (
        <p class="hint unmeasured">{tCount(unmeasured, 'sidepanelOneUnmeasured', 'sidepanelSomeUnmeasured', queues.length)}</p>
      )}
      {groupByTerminal(queues, airportName).map((group) => (
        <section class="terminal" key={group.terminal ?? ''} aria-label={group.label}>
          <h3>
            <ServerText text={group.label} />
          </h3>
          <ul class="queue-list">
            {group.queues.map((queue) => (
              <QueueRow key={queue.id} queue={queue} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
