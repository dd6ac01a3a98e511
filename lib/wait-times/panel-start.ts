import { storage } from '@/lib/settings/storage-item';
import { readPanelCache, type PanelCache } from '@/lib/wait-times/cache';
import { monthOf } from '@/lib/wait-times/connection';
import { getDb } from '@/lib/db';
import { refreshIntervalMs } from '@/lib/wait-times/refresh';
import {
  airportApiUrl,
  airportCalls,
  airportKeys,
  airportKeysFor,
  airportRefreshMinutes,
  defaultAirport,
  favouriteAirports,
  myFlight,
  recentAirports,
} from '@/lib/settings/airport';
import { isCurrentFlight } from '@/lib/airport/flight';
import { isConfigured, openingAirport, type PanelSettings } from './panel-settings';

/**
 * Everything the side panel's first paint needs, read before any request is sent: the settings,
 * the airport to show, its saved board and the saved airport list ("opening the panel shows the
 * last data for that airport from IndexedDB at once, then refreshes").
 */
export interface PanelStart extends PanelCache {
  settings: PanelSettings;
  /** The airport shown first; null when the panel is not set up or none was chosen before. */
  iata: string | null;
  /** Airport API requests counted this month; null in a start drawn from the paint snapshot (./snapshot.ts). */
  calls: number | null;
}

/**
 * A database that does not open in this time (another page blocking an upgrade, a slow disk)
 * is treated as empty: the panel then shows itself and asks the network instead of waiting.
 */
const CACHE_WAIT_MS = 500;
const NO_CACHE: PanelCache = { board: null, airportList: null };

function cacheWithin(read: Promise<PanelCache>, ms: number): Promise<PanelCache> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<PanelCache>((resolve) => (timer = setTimeout(() => resolve(NO_CACHE), ms)));
  return Promise.race([read, late]).finally(() => clearTimeout(timer));
}

/** Reads what the panel opens with; never rejects (a storage that fails reads as empty). */
export async function readPanelStart(): Promise<PanelStart> {
  // Opening IndexedDB takes longest: it runs while the settings are read. A failure shows
  // (and is retried) in readPanelCache.
  getDb().catch(() => undefined);
  const [url, keys, minutes, airport, recents, favourites, calls, flight] = await storage.getItems([
    airportApiUrl,
    airportKeys,
    airportRefreshMinutes,
    defaultAirport,
    recentAirports,
    favouriteAirports,
    airportCalls,
    myFlight,
  ] as const);
  const usable = airportKeysFor(url, keys);
  const settings: PanelSettings = {
    configured: isConfigured(url, usable),
    intervalMs: refreshIntervalMs(minutes),
    defaultAirport: airport.trim().toUpperCase(),
    recents,
    favourites,
    // A flight whose date has passed at the airport is forgotten (./usePanelSettings removes it).
    flight: isCurrentFlight(flight, Date.now()) ? flight : null,
    connectionVersion: 0,
  };
  const iata = settings.configured ? openingAirport(settings) : null;
  const read = settings.configured ? await cacheWithin(readPanelCache(url, iata), CACHE_WAIT_MS) : NO_CACHE;
  // Without an AirportInfo key the shipped list is used (./useAirportList), not one saved earlier.
  const cache = usable.info ? read : { ...read, airportList: null };
  return { settings, iata, ...cache, calls: calls.month === monthOf(new Date()) ? calls.count : 0 };
}
