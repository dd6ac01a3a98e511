import { storage } from '@/lib/settings/storage-item';
import { readPanelCache, type PanelCache } from '@/lib/wait-times/cache';
import { monthOf } from '@/lib/wait-times/connection';
import { getDb } from '@/lib/db';
import { refreshIntervalMs } from '@/lib/wait-times/refresh';
import {
  airportApiUrl,
  airportCalls,
  airportFeedCalls,
  airportFeedUrls,
  airportKeys,
  airportKeysFor,
  airportRefreshMinutes,
  defaultAirport,
  favouriteAirports,
  leaveByBuffers,
  myFlight,
  recentAirports,
} from '@/lib/settings/airport';
import { airportPanelFocus } from '@/lib/settings/watches';
import { isCurrentFlight } from '@/lib/airport/flight';
import { feedCallsOf } from './feed-calls';
import { hasSwedaviaKey, openingAirport, type PanelCalls, type PanelSettings } from './panel-settings';
import { boardAddress, routeFor } from './route';

/**
 * Everything the side panel's first paint needs, read before any request is sent: the settings,
 * the airport to show, its saved board (from wherever its source is) and the saved airport list
 * ("opening the panel shows the last data for that airport from IndexedDB at once, then refreshes").
 */
export interface PanelStart extends PanelCache {
  settings: PanelSettings;
  /** The airport shown first; null when none was chosen before and none is the default. */
  iata: string | null;
  /** Requests counted this month; null in a start drawn from the paint snapshot (./snapshot.ts). */
  calls: PanelCalls | null;
  /** A watch's notification asked the panel to open at this airport and checkpoint (lib/watches/notify.ts). */
  focus?: PanelFocus | null;
}

export interface PanelFocus {
  iata: string;
  checkpoint: string | null;
}

/** A click on a notification opens the panel at once: a request older than this is an old one, not acted on. */
const FOCUS_FRESH_MS = 2 * 60_000;

/** Where a notification asked the panel to open, if it asked just now. */
export function freshFocus(stored: { iata: string; checkpoint: string | null; at: number } | null, now: number): PanelFocus | null {
  if (!stored || typeof stored.iata !== 'string' || !/^[A-Z]{3}$/.test(stored.iata)) return null;
  if (!(now - stored.at >= 0 && now - stored.at < FOCUS_FRESH_MS)) return null;
  return { iata: stored.iata, checkpoint: typeof stored.checkpoint === 'string' ? stored.checkpoint : null };
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
  const [url, keys, feedUrls, minutes, airport, recents, favourites, calls, feedCalls, flight, buffers, focusAsked] =
    await storage.getItems([
      airportApiUrl,
      airportKeys,
      airportFeedUrls,
      airportRefreshMinutes,
      defaultAirport,
      recentAirports,
      favouriteAirports,
      airportCalls,
      airportFeedCalls,
      myFlight,
      leaveByBuffers,
      airportPanelFocus,
    ] as const);
  const usable = airportKeysFor(url, keys);
  const settings: PanelSettings = {
    swedaviaKey: hasSwedaviaKey(url, usable),
    intervalMs: refreshIntervalMs(minutes),
    defaultAirport: airport.trim().toUpperCase(),
    recents,
    favourites,
    // A flight whose date has passed at the airport is forgotten (./usePanelSettings removes it).
    flight: isCurrentFlight(flight, Date.now()) ? flight : null,
    buffers,
    connectionVersion: 0,
  };
  const focus = freshFocus(focusAsked, Date.now());
  const iata = focus?.iata ?? openingAirport(settings);
  const route = iata ? routeFor(iata, { swedaviaKey: settings.swedaviaKey, apiUrl: url, feedUrls }) : null;
  const read = await cacheWithin(readPanelCache(route && boardAddress(route), iata, url), CACHE_WAIT_MS);
  // Without an AirportInfo key the shipped list is used (./useAirportList), not one saved earlier.
  const cache = usable.info ? read : { ...read, airportList: null };
  const now = new Date();
  return {
    settings,
    iata,
    ...cache,
    calls: { api: calls.month === monthOf(now) ? calls.count : 0, feeds: feedCallsOf(feedCalls, now) },
    focus,
  };
}
