import type { AirportBoard, Wait } from '../airport/airport-board';
import { utcMillis } from '../airport/utc';
import type { QueueReading } from '../db';
import { slotAt } from './slot';

/**
 * The readings a board gives: one per checkpoint that has a value, with the wait as its bounds
 * ("10–15 min" is 10 to 15, "at least 45" is 45 with no top), dated by its measurement on the
 * airport's clock. Pure: the board and when it arrived in, records out.
 */

/** A measurement this far past its fetch is a wrong clock, not a time (docs/airport-sources.md#cph): the fetch dates it instead. */
const AHEAD_TOLERANCE_MS = 5 * 60_000;

/** The wait as bounds in minutes: what a reading keeps of it. */
export function boundsOf(wait: Wait): { low: number; high: number | null } {
  switch (wait.kind) {
    case 'minutes':
      return { low: Math.max(0, wait.minutes), high: Math.max(0, wait.minutes) };
    case 'range':
      return { low: Math.max(0, Math.min(wait.from, wait.to)), high: Math.max(0, wait.from, wait.to) };
    case 'under':
    case 'at-most':
      return { low: 0, high: Math.max(0, wait.minutes) };
    case 'at-least':
      return { low: Math.max(0, wait.minutes), high: null };
  }
}

/** When a checkpoint's figure is from: its own time, else the board's, else the fetch. */
function measuredAt(checkpointTime: string | null, boardTime: string | null, fetchedAt: number): number {
  const at = utcMillis(checkpointTime) ?? utcMillis(boardTime) ?? fetchedAt;
  return at > fetchedAt + AHEAD_TOLERANCE_MS ? fetchedAt : at;
}

export function readingsOf(board: AirportBoard, fetchedAt: number): QueueReading[] {
  return board.checkpoints.flatMap((checkpoint) => {
    if (!checkpoint.wait) return [];
    const at = measuredAt(checkpoint.measuredAt, board.measuredAt, fetchedAt);
    const { date, weekday, step } = slotAt(at, board.timeZone);
    return [
      {
        source: board.source,
        iata: board.iata.toUpperCase(),
        checkpoint: checkpoint.id,
        date,
        weekday,
        step,
        at,
        ...boundsOf(checkpoint.wait),
      },
    ];
  });
}
