import type { AirportBoard } from '../airport/airport-board';
import { checkpointFields } from '../airport/airport-board';
import { isAirportBoard } from '../airport/board-shape';
import { boardOfWaitTimes } from '../airport/sources/swedavia-board';
import type { Airport } from '../airport/types';
import { getDb, type CachedAirportList, type CachedBoard, type LegacyBoard } from '../db';
import { withoutTrailingSlash } from '../url';

export type { CachedAirportList, CachedBoard } from '../db';

/**
 * The last good board per airport and address, and the airport list, in IndexedDB, so the side
 * panel shows data at once and offline. Every call swallows storage errors: a cache that cannot be
 * read is an empty cache, never a broken panel.
 */

/**
 * The airport list changes seldom; fetching it once a day costs ~30 of the ~10,000 monthly calls
 * (docs/airport-api.md#quota).
 */
export const AIRPORT_LIST_MAX_AGE_MS = 24 * 60 * 60_000;

/**
 * A stored record as a board: this version's as it is, an older version's Swedavia queues turned
 * into one (so the board is there at once after an update), anything else none.
 */
export function storedBoard(record: CachedBoard | LegacyBoard | undefined): CachedBoard | null {
  if (!record || typeof record.fetchedAt !== 'number') return null;
  if ('board' in record) return isAirportBoard(record.board) ? record : null;
  if (!Array.isArray(record.queues)) return null;
  try {
    const board = boardOfWaitTimes(record.iata, {
      queues: record.queues,
      measuredAt: record.measuredAt ?? null,
      activeStations: record.activeStations ?? null,
    });
    return isAirportBoard(board) ? { baseUrl: record.baseUrl, iata: record.iata, board, fetchedAt: record.fetchedAt } : null;
  } catch {
    return null;
  }
}

const keyOf = (address: string, iata: string): [string, string] => [withoutTrailingSlash(address), iata.toUpperCase()];

/** The last good board of `iata` from `address`, or null when none was saved (or storage fails). */
export async function readBoard(address: string, iata: string): Promise<CachedBoard | null> {
  try {
    const db = await getDb();
    return storedBoard(await db.get('waitBoards', keyOf(address, iata)));
  } catch {
    return null;
  }
}

/** Keeps a good board as the one to show next time. Resolves false when storage failed. */
export async function saveBoard(address: string, board: AirportBoard, fetchedAt: number = Date.now()): Promise<boolean> {
  const [baseUrl, iata] = keyOf(address, board.iata);
  const record: CachedBoard = {
    baseUrl,
    iata,
    board: { ...board, iata, checkpoints: board.checkpoints.map(checkpointFields) },
    fetchedAt,
  };
  try {
    await (await getDb()).put('waitBoards', record);
    return true;
  } catch {
    return false;
  }
}

export interface AirportListEntry extends CachedAirportList {
  /** False once the list is older than a day: still shown, but fetch a new one when possible. */
  fresh: boolean;
}

function withFreshness(entry: CachedAirportList, now: number): AirportListEntry {
  // A fetchedAt in the future (clock changed) counts as old: better one call too many than a list that never renews.
  const age = now - entry.fetchedAt;
  return { ...entry, fresh: age >= 0 && age < AIRPORT_LIST_MAX_AGE_MS };
}

/** The saved airport list of `baseUrl`, fresh or not (usable offline), or null. */
export async function readAirportList(baseUrl: string, now: number = Date.now()): Promise<AirportListEntry | null> {
  try {
    const entry = await (await getDb()).get('airports', withoutTrailingSlash(baseUrl));
    return entry ? withFreshness(entry, now) : null;
  } catch {
    return null;
  }
}

/** What the side panel shows before it asks the network: the saved board and airport list. */
export interface PanelCache {
  board: CachedBoard | null;
  airportList: AirportListEntry | null;
}

/**
 * The saved board of `iata` from `address` (none when either is null) and the airport list of
 * Swedavia's `listUrl`, read in one IndexedDB transaction: the side panel's first paint waits for
 * this, so one round trip only.
 */
export async function readPanelCache(
  address: string | null,
  iata: string | null,
  listUrl: string,
  now: number = Date.now(),
): Promise<PanelCache> {
  try {
    const tx = (await getDb()).transaction(['waitBoards', 'airports'], 'readonly');
    // Nobody awaits the end of a read-only transaction; its failure shows in the reads below.
    tx.done.catch(() => undefined);
    const [board, list] = await Promise.all([
      address && iata ? tx.objectStore('waitBoards').get(keyOf(address, iata)) : undefined,
      tx.objectStore('airports').get(withoutTrailingSlash(listUrl)),
    ]);
    return { board: storedBoard(board), airportList: list ? withFreshness(list, now) : null };
  } catch {
    return { board: null, airportList: null };
  }
}

/** Saves the airport list of `baseUrl`. Resolves false when storage failed. */
export async function saveAirportList(baseUrl: string, airports: Airport[], fetchedAt: number = Date.now()): Promise<boolean> {
  try {
    await (await getDb()).put('airports', {
      baseUrl: withoutTrailingSlash(baseUrl),
      airports: airports.map(({ iata, name, displayName, localDisplayName }) => ({ iata, name, displayName, localDisplayName })),
      fetchedAt,
    });
    return true;
  } catch {
    return false;
  }
}
