import type { Airport, Queue } from '../airport/types';
import { queueFields } from '../airport/board';
import { getDb, type CachedAirportList, type CachedBoard } from '../db';
import { withoutTrailingSlash } from '../url';

export type { CachedAirportList, CachedBoard } from '../db';

/**
 * The last good wait times per airport and the airport list, in IndexedDB, so the side panel
 * shows data at once and offline. Every call swallows storage errors: a cache that cannot be
 * read is an empty cache, never a broken panel.
 */

/**
 * The airport list changes seldom; fetching it once a day costs ~30 of the ~10,000 monthly calls
 * (docs/airport-api.md#quota).
 */
export const AIRPORT_LIST_MAX_AGE_MS = 24 * 60 * 60_000;

/** The last good board of `iata` from `baseUrl`, or null when none was saved (or storage fails). */
export async function readBoard(baseUrl: string, iata: string): Promise<CachedBoard | null> {
  try {
    const db = await getDb();
    return (await db.get('waitBoards', [withoutTrailingSlash(baseUrl), iata.toUpperCase()])) ?? null;
  } catch {
    return null;
  }
}

/** Keeps a good answer as the board to show next time. Resolves false when storage failed. */
export async function saveBoard(
  baseUrl: string,
  iata: string,
  answer: { queues: Queue[]; measuredAt: string | null; activeStations?: number | null },
  fetchedAt: number = Date.now(),
): Promise<boolean> {
  const record: CachedBoard = {
    baseUrl: withoutTrailingSlash(baseUrl),
    iata: iata.toUpperCase(),
    queues: answer.queues.map(queueFields),
    measuredAt: answer.measuredAt,
    activeStations: answer.activeStations ?? null,
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
 * The saved board of `iata` (none when null) and the airport list of `baseUrl`, read in one
 * IndexedDB transaction: the side panel's first paint waits for this, so one round trip only.
 */
export async function readPanelCache(baseUrl: string, iata: string | null, now: number = Date.now()): Promise<PanelCache> {
  try {
    const base = withoutTrailingSlash(baseUrl);
    const tx = (await getDb()).transaction(['waitBoards', 'airports'], 'readonly');
    // Nobody awaits the end of a read-only transaction; its failure shows in the reads below.
    tx.done.catch(() => undefined);
    const [board, list] = await Promise.all([
      iata ? tx.objectStore('waitBoards').get([base, iata.toUpperCase()]) : undefined,
      tx.objectStore('airports').get(base),
    ]);
    return { board: board ?? null, airportList: list ? withFreshness(list, now) : null };
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
