import type { Checkpoint, SourceId } from '@/lib/airport/airport-board';
import type { MyFlight } from '@/lib/airport/flight';
import { SOURCES } from '@/lib/airport/sources/catalog';
import type { CachedBoard } from '@/lib/wait-times/cache';
import { boardTerminals, localFlight } from '@/lib/wait-times/flight-checkpoints';
import type { FlightFormMode } from './FlightForm';
import type { LeaveByBasisKind } from './LeaveBy';
import { boardTimeIso } from './WaitTimeBoard';
import type { FlightBoard } from './useWaitBoard';

/**
 * My flight on the board shown, by what its source can tell (lib/airport/sources/catalog.ts
 * `flight`): Swedavia's answer for the flight; Frankfurt's checkpoints for the gate typed;
 * elsewhere the terminal's (or the airport's) longest queue. Pure: from the panel's state.
 */
export interface PanelFlight {
  /** What the form asks besides the flight. */
  mode: FlightFormMode;
  /** The flight's own checkpoints, shown above the rest, or why there are none (Swedavia's answer); null for none. */
  section: Pick<FlightBoard, 'flight' | 'checkpoints' | 'error'> | null;
  /** Ids of the board's checkpoints the section shows: the rest of the board goes without them. */
  sectionIds: Set<string>;
  /** When the section's figures are from: Swedavia's flight answer has its own. */
  sectionMeasuredAt: string | null;
  /** What "leave by" counts, or null without a departure time or a board to count from. */
  leaving: { flight: MyFlight & { departs: string }; checkpoints: Checkpoint[]; measuredAt: string | null; basis: LeaveByBasisKind } | null;
}

export function panelFlight(
  source: SourceId | null,
  flight: MyFlight | null,
  board: CachedBoard | null,
  flightBoard: FlightBoard | null,
): PanelFlight {
  const kind = source ? SOURCES[source].flight : 'terminal';
  const shown = board?.board ?? null;
  const none: PanelFlight = { mode: modeOf(kind, shown), section: null, sectionIds: new Set(), sectionMeasuredAt: null, leaving: null };
  if (kind === 'per-flight') {
    if (!flightBoard) return none;
    const answered = !flightBoard.error && flight?.flight === flightBoard.flight.flight && flight.date === flightBoard.flight.date;
    const departs = answered ? flight?.departs : undefined;
    return {
      ...none,
      section: flightBoard,
      sectionIds: new Set(flightBoard.checkpoints.map((checkpoint) => checkpoint.id)),
      sectionMeasuredAt: flightBoard.error ? null : flightBoard.measuredAt,
      leaving:
        flight && departs
          ? {
              flight: { ...flight, departs },
              checkpoints: flightBoard.checkpoints,
              measuredAt: flightBoard.measuredAt,
              basis: { kind: 'per-flight' },
            }
          : null,
    };
  }
  if (!flight || !shown || !board) return none;
  const found = localFlight(shown, flight);
  const measuredAt = boardTimeIso({ measuredAt: shown.measuredAt, fetchedAt: board.fetchedAt });
  const ownCheckpoints = found.basis.kind === 'gate';
  return {
    ...none,
    section: ownCheckpoints ? { flight, checkpoints: found.checkpoints, error: null } : null,
    sectionIds: ownCheckpoints ? new Set(found.checkpoints.map((checkpoint) => checkpoint.id)) : new Set(),
    sectionMeasuredAt: ownCheckpoints ? measuredAt : null,
    leaving: flight.departs
      ? { flight: { ...flight, departs: flight.departs }, checkpoints: found.checkpoints, measuredAt, basis: found.basis }
      : null,
  };
}

function modeOf(kind: 'per-flight' | 'gate' | 'terminal', board: CachedBoard['board'] | null): FlightFormMode {
  if (kind === 'per-flight') return { kind: 'per-flight' };
  if (kind === 'gate') return { kind: 'gate' };
  return { kind: 'terminal', terminals: board ? boardTerminals(board) : [] };
}
