// Types of the airport feed reference servers (server.mjs), for TypeScript tests.

export type FeedId = 'swedavia-web' | 'cph' | 'osl' | 'ams' | 'fra' | 'muc' | 'dus' | 'dub' | 'edi';

export interface FeedModule {
  id: FeedId;
  /** The path the feed answers; the first group, if any, is Swedavia's airport code. */
  path: RegExp;
  /** The real shape with made-up values, at `now` (epoch ms). */
  demo(now: number, iata?: string): Record<string, unknown>;
  /** The same body with one key renamed, as the feed's next change could do. */
  renamed(body: Record<string, unknown>): Record<string, unknown>;
  /** What the site answers a request it does not serve its feed to (Düsseldorf without its header). */
  refuses?(headers: Record<string, string | string[] | undefined>): { status: number; html: string } | null;
}

export type FeedFault = { times?: number } /** 200 with the site's web page (text/html) instead of the feed. */ & (
  | { type: 'html' }
  /** A refusal (default 403) with an "Access Denied" page, as a CDN blocks an automated reader. */
  | { type: 'blocked'; status?: number }
  /** 404 with the site's not-found page: the feed moved. */
  | { type: 'not-found' }
  /** A 5xx (default 500). */
  | { type: 'server-error'; status?: number }
  /** 429 with `Retry-After` (default 60). */
  | { type: 'rate-limit'; retryAfter?: number }
  /** Wait `ms` before answering normally. */
  | { type: 'slow'; ms: number }
  /** Destroy the socket without an answer. */
  | { type: 'drop' }
  /** 200 with an empty body. */
  | { type: 'empty' }
);

export interface FeedRequest {
  method: string;
  path: string;
  /** null while the answer is still on its way (or the socket was dropped). */
  status: number | null;
  /** The answer was gzip-compressed (the client accepted it). */
  gzip: boolean;
  accept: string | null;
  /** `X-Requested-With`, which Düsseldorf's feed requires. */
  requestedWith: string | null;
  /** `Origin`: an extension page's own, or none; never a website's it poses as. */
  origin: string | null;
  cookie: string | null;
}

export interface FeedServerOptions {
  port?: number;
  /** The server clock (epoch ms) for timestamps in the body; default `Date.now`. */
  now?: () => number;
}

export interface FeedServer {
  id: FeedId;
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  /** The feed's full address on this server, as Pushgate's setting holds it (`{IATA}` for Swedavia's website). */
  feedUrl: string;
  requests: FeedRequest[];
  /** Serve this body (or a function of the clock and Swedavia's airport code) instead of the demo; null for the demo again. */
  setBody(body: unknown | ((now: number, iata?: string) => unknown) | null): void;
  /**
   * The queue changing on a schedule of the server's clock (`now`): from each entry's `from` (epoch ms) on, its body
   * (as `setBody` takes; null: the demo), until the next entry's; before the first, `setBody`'s. Null: no schedule.
   */
  setSchedule(entries: Array<{ from: number; body: unknown | ((now: number, iata?: string) => unknown) | null }> | null): void;
  /** `renamed`: the feed's body with one key renamed (feeds.mjs). */
  setShape(shape: 'current' | 'renamed'): void;
  setFault(fault: FeedFault | null): void;
  /** Demo body, no schedule, current shape, no fault, empty log. */
  reset(): void;
  close(): Promise<void>;
}

export declare const FEEDS: Record<FeedId, FeedModule>;
export declare const FEED_PATHS: Record<FeedId, string>;
export declare const SITE_PAGE: string;
export declare function localStamp(now: number, timeZone: string): string;
export declare function offsetStamp(now: number, timeZone: string): string;
export declare function startFeedServer(id: FeedId, options?: FeedServerOptions): Promise<FeedServer>;
export declare function startFeedServers(options?: FeedServerOptions): Promise<Record<FeedId, FeedServer>>;
