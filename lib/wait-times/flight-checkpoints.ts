import type { AirportBoard, Checkpoint } from '../airport/airport-board';
import type { MyFlight } from '../airport/flight';
import { checkpointsForGate, gateText, readGate } from '../airport/gates';
import { SOURCES } from '../airport/sources/catalog';

/**
 * My flight's checkpoints where the feed answers no flight (every source but Swedavia's API,
 * docs/airport-sources.md): Frankfurt's by the gate typed; elsewhere the terminal typed, whose
 * longest queue counts; without either, the airport's longest. Pure: from the board on screen.
 */

export type FlightBasis =
  /** Frankfurt: the checkpoints that list the gate. */
  | { kind: 'gate'; gate: string }
  /** Frankfurt: no checkpoint lists the gate typed; the airport's longest counts. */
  | { kind: 'gate-unlisted'; gate: string }
  /** The terminal typed: its longest queue, not the flight's own checkpoint. */
  | { kind: 'terminal'; terminal: string }
  /** No terminal (or gate) typed, or the airport has none: the airport's longest. */
  | { kind: 'airport' };

export interface LocalFlight {
  checkpoints: Checkpoint[];
  basis: FlightBasis;
}

/** The terminals a board names, in order: what My flight offers to choose from. */
export function boardTerminals(board: Pick<AirportBoard, 'checkpoints'>): string[] {
  const terminals = new Set(board.checkpoints.flatMap((checkpoint) => (checkpoint.terminal ? [checkpoint.terminal] : [])));
  return [...terminals].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

export function localFlight(board: Pick<AirportBoard, 'source' | 'checkpoints'>, flight: Pick<MyFlight, 'gate' | 'terminal'>): LocalFlight {
  const all = board.checkpoints;
  if (SOURCES[board.source].flight === 'gate' && flight.gate) {
    const gate = readGate(flight.gate);
    const serving = gate ? checkpointsForGate(all, gate) : [];
    const text = gate ? gateText(gate) : flight.gate;
    return serving.length > 0
      ? { checkpoints: serving, basis: { kind: 'gate', gate: text } }
      : { checkpoints: all, basis: { kind: 'gate-unlisted', gate: text } };
  }
  const inTerminal = flight.terminal ? all.filter((checkpoint) => checkpoint.terminal === flight.terminal) : [];
  return inTerminal.length > 0
    ? { checkpoints: inTerminal, basis: { kind: 'terminal', terminal: flight.terminal! } }
    : { checkpoints: all, basis: { kind: 'airport' } };
}
