import type { AirportBoard, Checkpoint, SourceId } from '../airport/airport-board';
import { countedMinutes } from '../airport/board';
import { isTransient } from '../airport/retry';
import type { AirportError } from '../airport/types';
import { utcMillis } from '../airport/utc';
import { checkpointOfQueue } from '../airport/sources/swedavia-board';
import { hasHostAccess } from '../browser/permissions';
import { callAirport } from '../wait-times/airport-call';
import { fetchBoard } from '../wait-times/board-call';
import { readBoard } from '../wait-times/cache';
import { callsThisMonth } from '../wait-times/connection';
import { localFlight } from '../wait-times/flight-checkpoints';
import { boardAddress, type Route } from '../wait-times/route';
import { quotaAllows, savedBoardServes } from './plan';
import type { Observation } from './rule';
import type { Watch } from './types';

/**
 * One look at an airport for its watches, through the panel's own routes (lib/wait-times/): the
 * board saved by the panel or the last check when it is younger than the source's floor (no
 * request), else one counted request; for My flight with Swedavia's API, its flight's answer. A
 * request to Swedavia's API is made only while watches stay within the quota (./plan.ts).
 */

export type Look =
  /** What each watch of the look saw (none for a watch whose checkpoint the board no longer lists). */
  | { kind: 'seen'; seen: Map<string, Observation>; source: SourceId; requested: boolean }
  /** Not looked: only the person can fix this (access taken back, no source, a refused key) or the quota would run out. */
  | { kind: 'stop'; reason: 'no-access' | 'no-source' | 'quota' | 'source-error' }
  /** The request failed in passing (network, 5xx, a web page instead of data): the next check tries again. */
  | { kind: 'failed' };

/** Watches looked at together: one airport, and for Swedavia's API the board or one flight. */
export function lookKey(watch: Watch, route: Route): string {
  return route.kind === 'api' && watch.target.kind === 'flight'
    ? `${watch.iata} flight ${watch.target.flight.flight} ${watch.target.flight.date}`
    : watch.iata;
}

/** When a checkpoint's figure is from: its own time, the board's, or the fetch. */
const timeOf = (checkpoint: Pick<Checkpoint, 'measuredAt'>, board: Pick<AirportBoard, 'measuredAt'>, fetchedAt: number): number =>
  utcMillis(checkpoint.measuredAt) ?? utcMillis(board.measuredAt) ?? fetchedAt;

/** The longest of some checkpoints, as leave-by counts it (lib/wait-times/leave-by.ts), with when it was measured. */
function longest(checkpoints: readonly Checkpoint[], board: Pick<AirportBoard, 'measuredAt'>, fetchedAt: number): Observation {
  let best: Checkpoint | null = null;
  for (const checkpoint of checkpoints) {
    if (checkpoint.wait && (!best?.wait || countedMinutes(checkpoint.wait) > countedMinutes(best.wait))) best = checkpoint;
  }
  if (!best) return { wait: null, measuredAt: utcMillis(board.measuredAt) ?? fetchedAt };
  return { wait: best.wait, measuredAt: timeOf(best, board, fetchedAt) };
}

/** What each watch sees on a board. */
function seenOnBoard(watches: readonly Watch[], board: AirportBoard, fetchedAt: number): Map<string, Observation> {
  const seen = new Map<string, Observation>();
  for (const watch of watches) {
    const { target } = watch;
    if (target.kind === 'flight') {
      seen.set(watch.id, longest(localFlight(board, target.flight).checkpoints, board, fetchedAt));
      continue;
    }
    const checkpoint = board.checkpoints.find((candidate) => candidate.id === target.id);
    if (checkpoint) seen.set(watch.id, { wait: checkpoint.wait, measuredAt: timeOf(checkpoint, board, fetchedAt) });
  }
  return seen;
}

/**
 * A failure in passing, a quota or rate limit (the next check, five minutes on, is past most
 * Retry-Afters; a quota's own count stops watches first) is tried again; a refused key, an airport
 * the API does not serve or a moved address only the person can fix, so the watch ends saying so.
 */
function afterError(error: AirportError): Look {
  if (isTransient(error) || error.kind === 'quota' || error.kind === 'rate-limited') return { kind: 'failed' };
  return { kind: 'stop', reason: 'source-error' };
}

export interface LookOptions {
  now: () => number;
}

/** One look for `watches`, all of one `lookKey`. */
export async function look(watches: readonly Watch[], route: Route, { now }: LookOptions): Promise<Look> {
  if (route.kind === 'none') return { kind: 'stop', reason: 'no-source' };
  const source = route.source;
  const at = now();
  const flightWatch = watches[0]?.target.kind === 'flight' ? watches[0].target : null;
  if (route.kind === 'api' && flightWatch) {
    if (!(await hasHostAccess(route.address))) return { kind: 'stop', reason: 'no-access' };
    if (!quotaAllows(await callsThisMonth(new Date(at)))) return { kind: 'stop', reason: 'quota' };
    const { flight } = flightWatch;
    const result = await callAirport({ what: 'flight', iata: route.iata, flight: flight.flight, date: flight.date });
    if (!result.ok) {
      if (result.error.kind === 'no-access') return { kind: 'stop', reason: 'no-access' };
      return result.error.kind === 'airport' ? afterError(result.error.error) : { kind: 'failed' };
    }
    const { queues, measuredAt } = result.value.value;
    const observed = longest(queues.map(checkpointOfQueue), { measuredAt }, result.value.fetchedAt);
    return { kind: 'seen', seen: new Map(watches.map((watch) => [watch.id, observed])), source, requested: true };
  }
  const address = boardAddress(route);
  const saved = address ? await readBoard(address, route.iata) : null;
  if (saved && saved.board.source === source && savedBoardServes(saved.fetchedAt, at)) {
    return { kind: 'seen', seen: seenOnBoard(watches, saved.board, saved.fetchedAt), source, requested: false };
  }
  if (!(await hasHostAccess(route.kind === 'api' ? route.address : route.url))) return { kind: 'stop', reason: 'no-access' };
  if (route.kind === 'api' && !quotaAllows(await callsThisMonth(new Date(at)))) return { kind: 'stop', reason: 'quota' };
  const result = await fetchBoard(route.iata, { now });
  if (!result.ok) {
    const problem = result.error;
    if (problem.kind === 'needs-access' || problem.kind === 'no-access') return { kind: 'stop', reason: 'no-access' };
    if (problem.kind === 'no-source') return { kind: 'stop', reason: 'no-source' };
    return problem.kind === 'airport' ? afterError(problem.error) : { kind: 'failed' };
  }
  return { kind: 'seen', seen: seenOnBoard(watches, result.value.board, result.value.fetchedAt), source, requested: true };
}
