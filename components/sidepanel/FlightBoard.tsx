import type { ComponentChildren } from 'preact';
import type { Checkpoint } from '@/lib/airport/airport-board';
import { groupByTerminal } from '@/lib/airport/board';
import { explainAirportError } from '@/lib/wait-times/explain';
import { t } from '@/lib/i18n';
import { CheckpointRow } from './CheckpointRow';
import { PanelNote } from './PanelNote';
import type { FlightBoard as FlightBoardData } from './useWaitBoard';

export interface FlightBoardProps {
  /** Swedavia's answer for the flight, or the checkpoints Frankfurt lists for its gate. */
  board: Pick<FlightBoardData, 'flight' | 'checkpoints' | 'error'>;
  /** e.g. `Stockholm Arlanda Airport (ARN)`. */
  airportTitle: string;
  /** Out of date, styled as the board is (its age is said once, by ./MeasuredLine.tsx). */
  stale?: boolean;
  locale?: string;
  /** Under each checkpoint: its usual wait and its watches (./QueueExtras.tsx). */
  extras?: ((checkpoint: Checkpoint) => ComponentChildren) | null;
}

/** A `YYYY-MM-DD` departure date in words, e.g. "29 September 2026". */
function dateText(date: string, locale?: string): string {
  const at = Date.parse(`${date}T12:00:00Z`);
  try {
    return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(at);
  } catch {
    return date;
  }
}

/**
 * The checkpoints that serve one departure, above the rest of the airport, each marked
 * "for SK1415": Swedavia's answer for the flight, or Frankfurt's checkpoints for its gate.
 * Swedavia's "no departure found" answer is said in Pushgate's words, with the airport and the
 * date, as a calm note: the board below is still right.
 */
export function FlightBoard({ board, airportTitle, stale = false, locale, extras = null }: FlightBoardProps) {
  const { flight, error } = board;
  const when = dateText(flight.date, locale);
  if (error) {
    const message =
      error.kind === 'flight-not-found'
        ? t('sidepanelFlightNotFound', flight.flight, airportTitle, when)
        : explainAirportError(error).message;
    return (
      <section class="flight-board" aria-label={t('sidepanelFlightSection', flight.flight)}>
        <PanelNote tone={error.kind === 'flight-not-found' ? 'info' : 'warn'} message={message} />
      </section>
    );
  }
  return (
    <section class={`flight-board${stale ? ' is-stale' : ''}`} aria-labelledby="flight-heading">
      <h3 id="flight-heading">{t('sidepanelFlightHeading', flight.flight, when)}</h3>
      {board.checkpoints.length === 0 ? (
        <p class="board-empty">{t('sidepanelNoQueues')}</p>
      ) : (
        <ul class="queue-list">
          {/* In the board's order: by terminal, regular lanes before FastTrack (the API's order is arbitrary). */}
          {groupByTerminal(board.checkpoints, '')
            .flatMap((group) => group.checkpoints)
            .map((checkpoint) => (
              <CheckpointRow key={checkpoint.id} checkpoint={checkpoint} forFlight={flight.flight}>
                {extras?.(checkpoint)}
              </CheckpointRow>
            ))}
        </ul>
      )}
    </section>
  );
}
