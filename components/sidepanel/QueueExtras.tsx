import type { Checkpoint, SourceId } from '@/lib/airport/airport-board';
import { t } from '@/lib/i18n';
import { usualText } from '@/lib/readings/words';
import type { LeaveByBuffers } from '@/lib/settings/airport';
import type { Leaving } from './flight-watch';
import { flightWatchInput } from './flight-watch';
import { UsualLeaveBy } from './UsualLeaveBy';
import type { QueueWatch } from './useQueueWatch';
import { WatchControls } from './WatchControls';

/** What every watch control and usual line of the board shown shares. */
export interface ExtrasContext {
  queue: QueueWatch;
  iata: string;
  source: SourceId;
  timeZone: string;
  now: number;
  fetchedAt: number | null;
  apiCalls: number;
  locale?: string;
}

/** A DOM id from a checkpoint's id, which is the feed's and may hold anything. */
const domId = (id: string) => `watch-${id.replace(/[^A-Za-z0-9_-]/g, '_')}`;

/** Under a checkpoint's wait: its usual wait at this quarter hour, and its watches. */
export function RowExtras({ checkpoint, context }: { checkpoint: Checkpoint; context: ExtrasContext }) {
  const { queue, iata, locale } = context;
  const usual = queue.usual?.byCheckpoint.get(checkpoint.id);
  const running = queue.watches.filter(
    (watch) => watch.iata === iata && watch.target.kind === 'checkpoint' && watch.target.id === checkpoint.id,
  );
  return (
    <>
      {usual && queue.usual && <p class="queue-usual">{usualText(usual, queue.usual.slot, locale)}</p>}
      {queue.canWatch && (
        <WatchControls
          {...context}
          id={domId(checkpoint.id)}
          name={checkpoint.name}
          target={{ kind: 'checkpoint', id: checkpoint.id, name: checkpoint.name }}
          current={checkpoint.wait}
          running={running}
          all={queue.watches}
          departure={null}
          onAdd={queue.add}
          onStop={queue.stop}
        />
      )}
    </>
  );
}

export interface FlightExtrasProps {
  context: ExtrasContext;
  leaving: Leaving & { checkpoints: readonly Checkpoint[] };
  buffers: LeaveByBuffers;
}

/** Beside leave-by: when the person would usually leave, and a watch on My flight. */
export function FlightExtras({ context, leaving, buffers }: FlightExtrasProps) {
  const { queue, iata, now, timeZone, locale } = context;
  const input = flightWatchInput(leaving);
  if (!input) return null;
  const { flight } = leaving;
  const running = queue.watches.filter((watch) => watch.iata === iata && watch.target.kind === 'flight');
  return (
    <div class="flight-extras">
      <UsualLeaveBy
        flight={flight}
        checkpoints={leaving.checkpoints}
        usual={queue.flightUsual}
        buffers={buffers}
        timeZone={timeZone}
        now={now}
        locale={locale}
      />
      {queue.canWatch && input.departure > now && (
        <WatchControls
          {...context}
          id="watch-flight"
          name={t('sidepanelWatchTargetFlight', flight.flight)}
          target={{ kind: 'flight', flight, baselineMinutes: input.baselineMinutes }}
          current={input.current}
          running={running}
          all={queue.watches}
          departure={input.departure}
          onAdd={queue.add}
          onStop={queue.stop}
        />
      )}
    </div>
  );
}
