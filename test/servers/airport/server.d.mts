// Types of the airport reference server (server.mjs), for TypeScript tests.

export type ApiVersion = 'v1' | 'v2';

/**
 * One queue as the v2 API sends it (docs/airport-api.md#wait-times-json). v1 sends the same
 * without `overflow`.
 * A type alias, not an interface, so it is assignable to `WaitTimeEntryInput`'s index signature.
 */
export type WaitTimeEntry = {
  id: number;
  queueName: string;
  /** UTC `YYYY-MM-DDTHH:MM:SSZ`. */
  currentTime: string;
  /** Minutes. */
  currentProjectedWaitTime: number;
  isFastTrack: boolean;
  terminal: string | null;
  latitude: number;
  longitude: number;
  overflow: boolean;
};

/**
 * An entry given to `setWaitTimes`: served as given (extra or missing fields included, to test
 * lenient parsing), except that a missing `currentTime` is filled from the server clock.
 */
export type WaitTimeEntryInput = Partial<WaitTimeEntry> & { [field: string]: unknown };

export interface Airport {
  iata: string;
  name: string;
  localDisplayName: string;
  displayName: string;
}

interface FaultScope {
  /** Apply to this many matching requests, then clear itself. Default: until `setFault(null)`. */
  times?: number;
  /** Apply only when the request path contains this text. */
  paths?: string;
}

export type Fault = FaultScope &
  (
    | { type: 'unauthorized' }
    /** 403 APIM quota answer; `retryAfter` seconds (default 25280), also in the message as hh:mm:ss. */
    | { type: 'quota'; retryAfter?: number; retryAfterHeader?: boolean }
    /** 429 APIM rate-limit answer; `retryAfter` seconds (default 56). `retryAfterHeader: false` leaves the header out. */
    | { type: 'rate-limit'; retryAfter?: number; retryAfterHeader?: boolean }
    /** 500 `{"statusCode":500,"message":"Internal server error"}`. */
    | { type: 'server-error' }
    /** Wait `ms` before answering normally. */
    | { type: 'slow'; ms: number }
    /** Status 200 with the first half of the body it would have sent. */
    | { type: 'malformed' }
    /** Destroy the socket without an answer. */
    | { type: 'drop' }
    /** Answer `status` (default 302) with `Location: location` and an empty body. */
    | { type: 'redirect'; status?: 301 | 302 | 303 | 307 | 308; location: string }
    /**
     * A hostile gateway: 200 with a board of `count` queues (wait times, flights) or a list of
     * `count` airports, JSON or XML as negotiated, streamed without Content-Length.
     */
    | { type: 'huge'; count: number }
    /** A 200 that never ends: as fast as the client reads, or a few bytes every `chunkDelayMs`. */
    | { type: 'endless'; chunkDelayMs?: number }
  );

export interface AirportServerOptions {
  /** Default 0: an ephemeral port. Only read by `startAirportServer`. */
  port?: number;
  /** Valid WaitTime Public subscription keys (wait times and flights). Default `DEFAULT_KEYS`. */
  keys?: readonly string[];
  /** Valid AirportInfo subscription keys (the airport list), a separate product. Default `DEFAULT_INFO_KEYS`. */
  infoKeys?: readonly string[];
  /** Which path versions are served; the others answer 404 like a retired API. Default `['v2']` (the real v1 path answers 404). */
  versions?: readonly ApiVersion[];
  /** The measurement clock (ms since the epoch); `currentTime` = this, down to the second. Default `Date.now`. */
  now?: () => number;
  /** Answer 200 bodies in XML even when JSON was asked for. Default false. */
  forceXml?: boolean;
}

export interface RecordedRequest {
  method: string;
  /** Path and query as sent. */
  path: string;
  /** The subscription key sent (header or `subscription-key` query), or null. */
  key: string | null;
  keySource: 'header' | 'query' | null;
  accept: string | null;
  /** The status answered; null while pending or when the socket was dropped. */
  status: number | null;
}

export interface AirportServer {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  readonly url: string;
  readonly port: number;
  /** The WaitTime Public keys valid now (after `revokeKey`/`setOptions`). */
  readonly keys: string[];
  /** The AirportInfo keys valid now. */
  readonly infoKeys: string[];
  /** Every request in arrival order; `reset()` empties this same array. */
  readonly requests: RecordedRequest[];
  /** The bytes sent of each oversized answer (`huge`, `endless`), added when it ends or the client goes; `reset()` empties it. */
  readonly oversizedSent: number[];
  /** Set (or with null clear) the one active fault. Throws on an unknown type. */
  setFault(fault: Fault | null): void;
  setOptions(options: Omit<AirportServerOptions, 'port'>): void;
  /** Serve these v2 entries for `iata` (any code; v1 drops `overflow`). null: answer "not supported". */
  setWaitTimes(iata: string, entries: readonly WaitTimeEntryInput[] | null): void;
  /**
   * Serve these v2 entries on `/waittimepublic/v2/airports/{iata}/flights?flightid={flight}&date=…`
   * (any date; `flight` as the request sends it). null: the 400 "No departure flightdata found …".
   */
  setFlight(iata: string, flight: string, entries: readonly WaitTimeEntryInput[] | null): void;
  /** Make a key invalid from now on, in whichever product it belongs to (key rotation). */
  revokeKey(key: string): void;
  /** Back to the start options and fixtures: no fault, no revocations, no requests. */
  reset(): void;
  close(): Promise<void>;
}

export function startAirportServer(options?: AirportServerOptions): Promise<AirportServer>;

export const DEFAULT_KEYS: readonly string[];
export const DEFAULT_INFO_KEYS: readonly string[];
/** v2 entries of the three airports with data, times as captured (served with the clock's time). */
export const WAIT_TIME_FIXTURES: Readonly<Record<'ARN' | 'BMA' | 'GOT', readonly WaitTimeEntry[]>>;
/**
 * ARN at an invented peak (12–47 min), pinned to 2026-06-19T04:55:04Z (real values:
 * docs/airport-api.md#wait-values).
 */
export const ARN_PEAK_ENTRIES: readonly WaitTimeEntry[];
export const UNSUPPORTED_AIRPORTS: readonly string[];
/** The per-flight sample (ARN TG961 and LX1251: the two Terminal 5F queues). */
export const FLIGHT_FIXTURES: Readonly<Record<string, Readonly<Record<string, readonly WaitTimeEntry[]>>>>;
export const AIRPORTS: readonly Airport[];
