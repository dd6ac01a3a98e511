import type { AirportBoard } from '../airport/airport-board';
import { getHistorySettings } from '../settings/privacy';
import { readingsOf } from './reading';
import { keepReadings } from './store';

/**
 * Keeps the readings of a board just fetched (lib/wait-times/board-call.ts: the side panel's and
 * the watches' one route), unless the person keeps no history: the readings are a record of when
 * they looked at which airport, and the history's switch is their "keep nothing" (docs/privacy.md).
 * Resolves whether any were kept; never rejects.
 */
export async function recordReadings(board: AirportBoard, fetchedAt: number, now: number = Date.now()): Promise<boolean> {
  try {
    if (!(await getHistorySettings()).keep) return false;
    return await keepReadings(readingsOf(board, fetchedAt), now);
  } catch {
    return false;
  }
}
