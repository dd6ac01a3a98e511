import type { Result } from '../result';

/**
 * `v1`: the paths and `{places}` body of the published spec. `v2`: what Swedavia's gateway
 * serves today (`/waittimepublic/v2/airports/{IATA}`, `/airportinfo/v2/airports`,
 * docs/airport-api.md#paths).
 */
export type ApiVersion = 'v1' | 'v2';

export interface AirportConfig {
  /** e.g. `https://api.swedavia.se`; a trailing slash is ignored. */
  baseUrl: string;
  /** The `Ocp-Apim-Subscription-Key`. */
  key: string;
  /**
   * Tried once when `key` is refused with 401: Swedavia rotates one of the two every 6 months
   * (docs/airport-api.md#key-rotation).
   */
  secondaryKey?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** The version that answered last time for this base URL (persisted by the caller); tried first. */
  apiVersion?: ApiVersion;
}

/**
 * One security checkpoint lane. The set changes over time: never rely on particular names
 * (docs/airport-api.md#wait-times-json).
 */
export interface Queue {
  id: number;
  name: string;
  /** `currentProjectedWaitTime`: whole minutes (docs/airport-api.md#wait-values). */
  minutes: number;
  isFastTrack: boolean;
  /** e.g. `T5`; null when the airport has no terminals (BMA, GOT). */
  terminal: string | null;
  latitude: number;
  longitude: number;
  /**
   * v2 only (docs/airport-api.md#overflow): the queue reaches past the measured area, so
   * `minutes` is a lower bound ("16+ min"). False when absent.
   */
  overflow: boolean;
  /** `currentTime` as ISO 8601 UTC, e.g. `2026-09-29T13:27:04Z`. */
  measuredAt: string;
}

export interface Airport {
  iata: string;
  name: string;
  displayName: string;
  localDisplayName: string;
}

export type AirportErrorKind =
  /** The input is not three letters; nothing was sent. */
  | 'invalid-iata'
  /** No key configured; nothing was sent. */
  | 'missing-key'
  /**
   * 400 "Airport MMX not supported": a state to show, not a failure
   * (docs/airport-api.md#airports).
   */
  | 'unsupported-airport'
  /** The flight number or date is not one; nothing was sent. */
  | 'invalid-flight'
  /**
   * 400 "No departure flightdata found for XX0000 at ARN on the 2026-09-29"
   * (docs/airport-api.md#per-flight-path).
   */
  | 'flight-not-found'
  | 'bad-request'
  /** 401 with every key tried. */
  | 'invalid-key'
  /** 403: the call volume quota is used up. */
  | 'quota'
  /** 429 */
  | 'rate-limited'
  /** 404 on both API versions: the base URL does not serve this API. */
  | 'not-found'
  /** A 3xx: never followed, since the request carries the subscription key. */
  | 'redirect'
  | 'server'
  | 'timeout'
  | 'network'
  /** A 2xx answer without a readable list (bad JSON, HTML, unknown shape). */
  | 'malformed'
  /** A 2xx answer longer than its limit (`limitBytes`); the rest was never read. */
  | 'too-large'
  /**
   * A website feed answered 401 or 403: websites refuse automated readers now and then
   * (docs/airport-sources.md#faults). Not a key: the feeds have none.
   */
  | 'blocked'
  /** A website feed answered a web page (HTML) instead of its data: a challenge page, or the feed moved. */
  | 'not-a-feed'
  /** A website feed answered data Pushgate cannot read as wait times: its shape changed (docs/airport-sources.md#changes). */
  | 'feed-changed';

export interface AirportError {
  kind: AirportErrorKind;
  /** HTTP requests made for this call, failed ones included (they count against the quota too). */
  calls: number;
  status?: number;
  /** The server's own text, for display as text only. */
  serverMessage?: string;
  /** From `Retry-After`, or from the gateway's "Try again in N seconds" text. */
  retryAfterSeconds?: number;
  /** For `invalid-iata`. */
  reason?: 'empty' | 'format';
  /** The version whose answer this is, when the server answered at all. */
  apiVersion?: ApiVersion;
  /** For `redirect`, when the answer let it be read: where it pointed (never requested). */
  location?: string;
  /** For `too-large`: the most bytes the answer was allowed. */
  limitBytes?: number;
}

interface CallInfo {
  apiVersion: ApiVersion;
  /** True when `key` was refused and `secondaryKey` answered: time to update the primary key. */
  usedSecondaryKey: boolean;
  calls: number;
}

export interface WaitTimes extends CallInfo {
  queues: Queue[];
  /** The latest `currentTime` of the queues; null when the airport reported no queue. */
  measuredAt: string | null;
  /** v2's `activeMeasurementStations`; null when the answer has none (v1, XML without it, a bare list). */
  activeStations: number | null;
}

export interface AirportList extends CallInfo {
  airports: Airport[];
}

export type AirportResult<T> = Result<T, AirportError>;
