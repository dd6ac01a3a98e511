import { lazyPart } from './lazy-part';
import type { BoardProblemNoteProps } from './BoardProblemNote';
import type { FlightBoardProps } from './FlightBoard';

/**
 * The parts of the panel that only show after a request (or without access): their code and the
 * error texts of lib/wait-times/explain are fetched after the first paint, not before it.
 */
export const BoardProblemNote = lazyPart<BoardProblemNoteProps>(() => import('./BoardProblemNote').then((m) => m.BoardProblemNote));
export const SecondaryKeyNote = lazyPart<object>(() => import('./BoardProblemNote').then((m) => m.SecondaryKeyNote));
export const FlightBoard = lazyPart<FlightBoardProps>(() => import('./FlightBoard').then((m) => m.FlightBoard));

/** Fetches them all once the first paint is done, so a note is not held back when it is needed. */
export function preloadLateParts(): void {
  void Promise.all([BoardProblemNote.preload(), SecondaryKeyNote.preload(), FlightBoard.preload()]);
}
