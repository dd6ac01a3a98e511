import type { AirportBoard, FeedId, SourceId } from '../airport/airport-board';
import type { NoSourceReason } from '../airport/sources/catalog';
import { boardOfWaitTimes } from '../airport/sources/swedavia-board';
import type { AirportError } from '../airport/types';
import { hasHostAccess } from '../browser/permissions';
import { fail, ok, type Result } from '../result';
import { airportAccessRefused, airportApiUrl, airportFeedUrls, airportKeys, airportKeysFor } from '../settings/airport';
import { storage } from '../settings/storage-item';
import { callAirport } from './airport-call';
import { saveBoard } from './cache';
import { countFeedCalls } from './feed-calls';
import { type Route, routeFor } from './route';
import { rememberRecentAirport } from './usage';

/**
 * The one way to fetch an airport's board, from whichever source serves it (./route.ts): Swedavia's
 * API through ./airport-call.ts, a website's feed here: host access → the source's reader → count →
 * save, readings kept. The side panel's board and the watches' (lib/watches/) go through here.
 */

export type BoardProblem =
  /** No public wait times for this airport (docs/airport-sources.md#not-shown), or one Pushgate knows nothing of. */
  | { kind: 'no-source'; reason: NoSourceReason | 'unknown' }
  /**
   * A website feed whose host the person has not granted yet: the panel says why and asks, on a click
   * (the browser prompts only during one). `refusedAt`: when the person declined it before, if so.
   */
  | { kind: 'needs-access'; source: FeedId; origin: string; refusedAt: number | null }
  /** Swedavia's API without host access: the settings page asks for it when the key is saved. */
  | { kind: 'no-access'; host: string }
  | { kind: 'airport'; error: AirportError; source: SourceId }
  /** `stillWanted` said no before a request was spent. */
  | { kind: 'dropped' };

export interface BoardAnswer {
  board: AirportBoard;
  /** The address it came from, which it is saved under. */
  address: string;
  fetchedAt: number;
  /** Swedavia's API: the primary key was refused and the secondary one answered. */
  usedSecondaryKey: boolean;
}

/** Where `iata`'s board comes from with the saved settings. */
export async function readRoute(iata: string): Promise<Route> {
  const [apiUrl, keys, feedUrls] = await storage.getItems([airportApiUrl, airportKeys, airportFeedUrls] as const);
  return routeFor(iata, { swedaviaKey: airportKeysFor(apiUrl, keys).primary.trim() !== '', apiUrl, feedUrls });
}

export async function fetchBoard(
  iata: string,
  { stillWanted = () => true, now = Date.now }: { stillWanted?: () => boolean; now?: () => number } = {},
): Promise<Result<BoardAnswer, BoardProblem>> {
  const route = await readRoute(iata);
  if (route.kind === 'none') return fail({ kind: 'no-source', reason: route.reason });
  if (route.kind === 'api') return fetchFromApi(route.iata, stillWanted);
  if (!(await hasHostAccess(route.url))) {
    const refused = (await airportAccessRefused.getValue())[route.origin];
    return fail({ kind: 'needs-access', source: route.source, origin: route.origin, refusedAt: refused ?? null });
  }
  // The readers are fetched with the first request, not with the panel's first paint.
  const { readFeed } = await import('../airport/sources/read');
  if (!stillWanted()) return fail({ kind: 'dropped' });
  const result = await readFeed(route.source, { url: route.url }, route.iata, now());
  const fetchedAt = now();
  // Bookkeeping never hides the answer the person is waiting for.
  await countFeedCalls(route.source, result.ok ? 1 : result.error.calls).catch(() => undefined);
  if (!result.ok) return fail({ kind: 'airport', error: result.error, source: route.source });
  await Promise.all([
    saveBoard(route.address, result.value, fetchedAt),
    rememberRecentAirport(route.iata),
    keepReadingsOf(result.value, fetchedAt),
  ]).catch(() => undefined);
  return ok({ board: result.value, address: route.address, fetchedAt, usedSecondaryKey: false });
}

/**
 * Every board fetched leaves its readings (lib/readings/), the panel's and the watches' alike. The
 * readings' code is fetched with the first answer, not with the panel's first paint
 * (docs/performance.md, rule 4).
 */
async function keepReadingsOf(board: AirportBoard, fetchedAt: number): Promise<void> {
  const { recordReadings } = await import('../readings/record');
  await recordReadings(board, fetchedAt, fetchedAt);
}

async function fetchFromApi(iata: string, stillWanted: () => boolean): Promise<Result<BoardAnswer, BoardProblem>> {
  const result = await callAirport({ what: 'wait-times', iata }, { stillWanted });
  if (result.ok) {
    const { value, baseUrl, fetchedAt } = result.value;
    const board = boardOfWaitTimes(iata, value);
    await keepReadingsOf(board, fetchedAt).catch(() => undefined);
    return ok({ board, address: baseUrl, fetchedAt, usedSecondaryKey: value.usedSecondaryKey });
  }
  const problem = result.error;
  if (problem.kind === 'airport') return fail({ kind: 'airport', error: problem.error, source: 'swedavia-api' });
  if (problem.kind === 'not-configured') return fail({ kind: 'airport', error: { kind: 'missing-key', calls: 0 }, source: 'swedavia-api' });
  return fail(problem);
}
