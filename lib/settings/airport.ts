import type { FeedId } from '../airport/airport-board';
import type { MyFlight } from '../airport/flight';
import { originOf } from '../url';
import { managedItem } from './managed-item';
import { storage } from './storage-item';

/** Airport wait times: the API, its keys (bound to their origin), and what the side panel remembers. */

export const DEFAULT_AIRPORT_API_URL = 'https://api.swedavia.se';

/** The airport API's base URL (origin). Swedavia's gateway by default; the organisation's, when it sets one. */
export const airportApiUrl = /* @__PURE__ */ managedItem(
  storage.defineItem<string>('local:airportApiUrl', { fallback: DEFAULT_AIRPORT_API_URL, version: 1 }),
  (stored, policy) => policy.airportApiUrl ?? stored,
);

/**
 * Subscription keys: credentials, so `local` only, never `sync`. The provider rotates the
 * primary and the secondary key alternately every six months
 * (docs/airport-api.md#key-rotation), which is why a second key can be kept for failover.
 */
export const airportKeys = /* @__PURE__ */ storage.defineItem<AirportKeys>('local:airportKeys', {
  fallback: { primary: '', secondary: '' },
  version: 1,
});

export interface AirportKeys {
  /** WaitTime Public: the wait-time requests. */
  primary: string;
  secondary: string;
  /**
   * AirportInfo, a separate product with its own key (docs/airport-api.md#products-and-keys):
   * only the airport list.
   */
  info?: string;
  /**
   * The origin the keys were entered for. A key goes only there: a changed Airport API URL must
   * not carry it to another server. Missing in settings saved before keys were tied to an origin;
   * those count as entered for the URL saved with them.
   */
  origin?: string;
}

const NO_AIRPORT_KEYS: AirportKeys = { primary: '', secondary: '', info: '' };

/**
 * The keys to send to `baseUrl`: the stored ones when they were entered for that origin, else
 * none. Every reader of `airportKeys` goes through this, so no key reaches another server.
 */
export function airportKeysFor(baseUrl: string, keys: AirportKeys): AirportKeys {
  if (keys.origin !== undefined && originOf(keys.origin) !== originOf(baseUrl)) return { ...NO_AIRPORT_KEYS, origin: keys.origin };
  return { primary: keys.primary ?? '', secondary: keys.secondary ?? '', info: keys.info ?? '', origin: originOf(baseUrl) };
}

/**
 * When the airport list request last failed (`Date.now()`), 0 for never: the side panel then
 * uses the shipped list and asks again a day later, not on every opening. Saving the keys resets it.
 */
export const airportListFailedAt = /* @__PURE__ */ storage.defineItem<number>('local:airportListFailedAt', { fallback: 0, version: 1 });

/**
 * The departure the side panel shows first ("My flight"), until its date has passed. Not secret:
 * a flight number, a date and perhaps a time, in `local` like the favourites. The time (`departs`)
 * is optional, so the flights saved before it was asked read as they are: no migration.
 */
export const myFlight = /* @__PURE__ */ storage.defineItem<MyFlight | null>('local:myFlight', {
  fallback: null,
  version: 1,
});

/** The person's own margins for "leave by" (lib/wait-times/leave-by.ts), in minutes. */
export interface LeaveByBuffers {
  /** From leaving home (or the hotel) to reaching security. */
  toAirportMinutes: number;
  /** From the end of the security queue to the gate, boarding margin included. */
  toGateMinutes: number;
}

export const DEFAULT_LEAVE_BY_BUFFERS: LeaveByBuffers = { toAirportMinutes: 45, toGateMinutes: 20 };

/** Kept for every flight: the way to the airport and the walk to the gate change less often than the flight. */
export const leaveByBuffers = /* @__PURE__ */ storage.defineItem<LeaveByBuffers>('local:leaveByBuffers', {
  fallback: DEFAULT_LEAVE_BY_BUFFERS,
  version: 1,
});

/** IATA code shown when the side panel opens; empty for none. */
export const defaultAirport = /* @__PURE__ */ storage.defineItem<string>('local:defaultAirport', { fallback: '', version: 1 });

/** Automatic refresh interval of the side panel, in minutes (never below 1). */
export const airportRefreshMinutes = /* @__PURE__ */ storage.defineItem<number>('local:airportRefreshMinutes', {
  fallback: 5,
  version: 1,
});

/** Which path version answered per base URL ('v1' spec paths or the gateway's 'v2'). */
export const airportApiVersions = /* @__PURE__ */ storage.defineItem<Record<string, 'v1' | 'v2'>>('local:airportApiVersions', {
  fallback: {},
  version: 1,
});

/**
 * Requests made this calendar month: the free quota is about 10,000 a month
 * (docs/airport-api.md#quota).
 */
export const airportCalls = /* @__PURE__ */ storage.defineItem<{ month: string; count: number }>('local:airportCalls', {
  fallback: { month: '', count: 0 },
  version: 1,
});

/** Recently viewed (newest first, at most 5) and favourite airports, as IATA codes. */
export const recentAirports = /* @__PURE__ */ storage.defineItem<string[]>('local:recentAirports', { fallback: [], version: 1 });
export const favouriteAirports = /* @__PURE__ */ storage.defineItem<string[]>('local:favouriteAirports', { fallback: [], version: 1 });

/**
 * The website feeds' addresses the person set (docs/airport-sources.md#sources), by source: a
 * corporate proxy or a mirror; a source not listed uses its default (lib/airport/sources/catalog.ts).
 * `{IATA}` stands for the airport's code.
 */
export type FeedUrls = Partial<Record<FeedId, string>>;
export const airportFeedUrls = /* @__PURE__ */ storage.defineItem<FeedUrls>('local:airportFeedUrls', { fallback: {}, version: 1 });

/** Requests to each website feed this calendar month, as `airportCalls` counts Swedavia's API. */
export const airportFeedCalls = /* @__PURE__ */ storage.defineItem<{ month: string; counts: Partial<Record<FeedId, number>> }>(
  'local:airportFeedCalls',
  { fallback: { month: '', counts: {} }, version: 1 },
);

/**
 * The feed origins whose host access the person declined in the side panel, with when
 * (`Date.now()`): the panel then explains and waits for them to ask, never prompts by itself again.
 */
export const airportAccessRefused = /* @__PURE__ */ storage.defineItem<Record<string, number>>('local:airportAccessRefused', {
  fallback: {},
  version: 1,
});
