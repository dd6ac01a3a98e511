// Types for server.mjs, the Password Pusher OSS 2.11.x reference server used by the tests.

export type Edition = 'oss' | 'commercial';

/** The releases the tests cover; any `x.y.z` is accepted. */
export type PwpushVersion = '2.4.1' | '2.8.2' | '2.11.4' | (string & {});

/** One of the accounts a user works in on the commercial edition (docs/password-pusher.md#accounts). */
export interface PwpushAccount {
  id: number;
  name: string;
  role: string;
}

export interface PwpushUser {
  token: string;
  email: string;
  /**
   * The commercial edition's accounts this user works in, the first being where a push without
   * `account_id` lands. Absent: one account of the user's own, named by the e-mail. Unused on OSS.
   */
  accounts?: PwpushAccount[];
  /**
   * The instance has `require_mfa` on and this user has not set up two-factor authentication: every
   * API request with the user's token answers 403 JSON (`enforce_required_mfa.rb`,
   * docs/password-pusher.md#mfa).
   */
  mfaMissing?: boolean;
  /**
   * An administrator of the instance, as the account made on a fresh instance's first-run page is: their
   * retrievals log `admin_view`, which counts no view, even on their own pushes (docs/password-pusher.md#show).
   */
  admin?: boolean;
}

export interface PwpushServerOptions {
  /** 0 (default) picks a free port. Always binds 127.0.0.1. */
  port?: number;
  /**
   * `commercial` is pwpush.com and Pro (docs/password-pusher.md#commercial-edition): `/version` says
   * so and says accounts and requests are on; a create takes Pro's `expire_after_duration` code and
   * `account_id`; `GET /api/v2/accounts` lists the token's accounts; the lists show one account's
   * pushes (`?account_id=`, else the user's first), and any member of a push's account may read its
   * audit and expire it; `/api/v2/requests` and the `/r/<token>` answer page exist. Default `oss`,
   * where none of it is routed.
   */
  edition?: Edition;
  /** The commercial edition's requests (`features.requests.enabled` and its routes). Default true. */
  requestsEnabled?: boolean;
  /** `allow_anonymous`; when false every endpoint but /version needs a token. Default true. */
  allowAnonymous?: boolean;
  enableFilePushes?: boolean;
  enableUrlPushes?: boolean;
  enableQrPushes?: boolean;
  /** An instance without users: every routed request answers 302 → /first_run (after the API token gate). */
  firstRun?: boolean;
  /**
   * PR #4772 headers (Link, X-Page, X-Per-Page, X-Total, X-Total-Pages) on active/expired/audit: a release
   * newer than 2.11.4. Default false, as real 2.11.4.
   */
  paginationHeaders?: boolean;
  /**
   * The Password Pusher release imitated. Default `'2.11.4'`. Before 2.3.0 there is no API v2 (every
   * /api/v2 path is a 404). Before 2.5.4 /version has no
   * `features` (api_version "2.0"); before 2.7.3 a request without `Accept: application/json` or `.json`
   * gets HTML (from 2.4.1 only /version, the pushes controller forcing JSON); before 2.9.0 the audit is
   * `{"views":[...]}`; the passphrase rate limit starts at 2.9.2; before 2.9.6 anyone without a token may
   * expire an anonymous push.
   */
  version?: PwpushVersion;
  /** Token holders. Default: alice and bob (see DEFAULT_USERS). */
  users?: PwpushUser[];
  /** Clock in epoch milliseconds, to simulate days passing. Default Date.now. */
  now?: () => number;
  /** Reads request bodies no faster than this many bytes a second (a slow uplink). Default: as fast as they come. */
  uploadBytesPerSecond?: number;
  /** A proxy's body size limit (nginx `client_max_body_size`): a longer body gets a 413 with nginx's HTML page. */
  maxBodyBytes?: number;
  /** A create stores the push at once but answers only this much later (a reply lost to a client's timeout). */
  createAnswerDelayMs?: number;
  /**
   * Rack::Attack's throttles (docs/password-pusher.md#throttling): by default the real 120 requests a
   * minute and 60 a second per client IP, in fixed windows. `false` turns them off, for a test about
   * something else that needs more; an object sets other limits.
   */
  throttle?: false | { perMinute?: number; perSecond?: number };
  /** The instance's `override_base_url`: the pushes are made as usual, and the links handed out point there. */
  overrideBaseUrl?: string;
  /**
   * An instance with SMTP set (2.9.0+): `/version` says `email_auto_dispatch: true` and a create with a
   * token takes `notify_emails_to` (≤ 5 unique valid addresses) and `notify_emails_to_locale`, logging
   * `creation_email_send`. Default false: a stock instance refuses both fields with a 422.
   */
  emailConfigured?: boolean;
  /**
   * The kinds whose `enable_retrieval_step` setting is off (`PWP__PW__ENABLE_RETRIEVAL_STEP=false` for
   * text, `URL`, `FILES`, `QR`): a create of one gets `retrieval_step: false` whatever it sent
   * (`set_push_attributes.rb`), and `/version` says nothing of it. Default none, as a stock instance.
   */
  retrievalStepDisabled?: Array<'text' | 'url' | 'file' | 'qr'>;
}

/** A push put straight into the store, as if its owner had made it earlier (no request, no throttle). */
export interface SeedPush {
  /** The owner's email; absent for an anonymous push. */
  owner?: string;
  /** The commercial edition's account; absent: the owner's first there, none on OSS. */
  account?: number | null;
  name?: string;
  payload?: string;
  /** Epoch milliseconds; default the server's now. */
  createdAt?: number;
  expired?: boolean;
  expireAfterDays?: number;
  expireAfterViews?: number;
  /** Default `text`. A `url` push has `deletable_by_viewer: null`: only its owner can expire it. */
  kind?: 'text' | 'url';
  /** Default true (the instance default); ignored for a `url` push. */
  deletableByViewer?: boolean;
}

interface FaultScope {
  /** Apply to the next N matching /api/v2 requests only, then clear. */
  times?: number;
  /** Apply only when the request path includes this string, e.g. '/pushes' or '/version'. */
  paths?: string;
  /** Apply only to requests of this method, e.g. 'POST' for a push and not the lists. */
  method?: string;
}

export type PwpushFault = FaultScope &
  (
    | { type: 'unauthorized' }
    | { type: 'validation'; fields?: Readonly<Record<string, readonly string[]>> }
    | { type: 'rate-limit'; retryAfter?: number }
    | { type: 'server-error' }
    | { type: 'html' }
    | { type: 'slow'; ms: number }
    | { type: 'malformed' }
    | { type: 'drop' }
    /** Answers `status` (default 302; 301, 303, 307, 308 too) with `Location: location`. */
    | { type: 'redirect'; status?: 301 | 302 | 303 | 307 | 308; location: string }
    /** A hostile instance: create (201) and preview (200) answer with `url` as the secret link, nothing stored. */
    | { type: 'hostile-link'; url: string }
    /** A hostile instance: a retrieval (200) answers a file push whose second file link is `url`. */
    | { type: 'hostile-file-link'; url: string }
    /**
     * A hostile instance: 200 with a JSON array of `count` push records (a page holds 50), streamed;
     * with `contentLength` its true length is declared up front.
     */
    | { type: 'huge-list'; count: number; contentLength?: boolean }
    /** A hostile instance: one push record (201 to a POST, else 200) whose note is `bytes` characters, streamed. */
    | { type: 'huge-push'; bytes: number; contentLength?: boolean }
    /** A JSON answer that never ends: as fast as the client reads, or a few bytes every `chunkDelayMs`. */
    | { type: 'endless'; chunkDelayMs?: number }
  );

export interface RecordedRequest {
  method: string;
  /** URL path without the query. */
  path: string;
  query: Record<string, string>;
  authorization: string | null;
  contentType: string | null;
  /** Parsed JSON, nested form/multipart fields (files as `{filename, size}`), raw text, or null. */
  body: unknown;
  /** When it arrived, by the wall clock (ms), whatever the server's own clock says. */
  at: number;
  /** The TCP connection it came on: the `id` of one of `connections`. */
  connection: number;
  /** The status it was answered with; absent until answered, and when the connection was dropped first. */
  status?: number;
}

export interface StoredAuditEntry {
  kind: string;
  ip: string;
  user_agent: string;
  referrer: string;
  created_at: string;
}

/**
 * A stored push: the API record as the owner's list shows it (URLs on the server's own origin), plus what
 * only the server knows. `payload` and `passphrase` are the stored values (both null once expired).
 */
export interface StoredPush {
  expire_after_views: number;
  expired: boolean;
  url_token: string;
  deletable_by_viewer: boolean | null;
  retrieval_step: boolean;
  expired_on: string | null;
  passphrase: string | null;
  created_at: string;
  updated_at: string;
  expire_after_days: number;
  days_remaining: number;
  views_remaining: number;
  deleted: boolean;
  json_url: string;
  html_url: string;
  note: string;
  name: string;
  kind: 'text' | 'file' | 'url' | 'qr';
  payload: string | null;
  /** Email of the token user who created it; null for anonymous pushes. */
  owner: string | null;
  /** The commercial edition's account it lives in; null on OSS and for anonymous pushes. */
  account: number | null;
  files: Array<{ filename: string; content_type: string; size: number }>;
  audit: StoredAuditEntry[];
}

/** One answer to a request: a push of the requester's. */
export interface StoredResponse {
  url_token: string;
  html_url: string;
  created_at: string;
  expired: boolean;
}

/** A request of the commercial edition as its owner's list shows it, plus its owner and account. */
export interface StoredRequest {
  url_token: string;
  html_url: string;
  request: string;
  name: string;
  note: string;
  expire_after_duration: number;
  expire_after_days: number;
  days_remaining: number;
  expire_after_views: number;
  views_remaining: number;
  retrieval_step: boolean;
  deletable_by_viewer: boolean;
  expired: boolean;
  expired_on: string | null;
  created_at: string;
  updated_at: string;
  responses: StoredResponse[];
  owner: string;
  account: number;
}

export interface PwpushServer {
  /** Origin, e.g. `http://127.0.0.1:41234` (no trailing slash). */
  readonly url: string;
  readonly port: number;
  readonly users: PwpushUser[];
  /** Every request except /__control ones, oldest first. Cleared in place by reset(). */
  readonly requests: RecordedRequest[];
  /** Each TCP connection a client opened, by the wall clock, oldest first. Cleared in place by reset(). */
  readonly connections: Array<{ id: number; at: number }>;
  /** Closes the connections no request is using, as a server's keep-alive timeout does. */
  closeIdleConnections(): void;
  /**
   * The bytes sent of each oversized answer (`huge-list`, `huge-push`, `endless`), added when it
   * ends: all of it, or when the client went away. Cleared in place by reset().
   */
  readonly oversizedSent: number[];
  /** Applies to every /api/v2 request until cleared, or until `times` runs out. */
  setFault(fault: PwpushFault | null): void;
  setOptions(partial: Omit<PwpushServerOptions, 'port'>): void;
  /** Moves the server clock forward (on top of `now`). Reset by reset(). */
  advanceTime(ms: number): void;
  /** Forgets pushes, requests, faults and rate-limit counters; options back to their start values. */
  reset(): void;
  pushes(): StoredPush[];
  /** Adds pushes straight to the store; resolves their url tokens, in the order given. */
  seed(pushes: SeedPush[]): string[];
  /** The commercial edition's requests, oldest first. */
  secretRequests(): StoredRequest[];
  /**
   * `SendNotifyByEmailJob` ran for the push's newest `creation_email_send` (e-mail, 2.9.0+): its audit
   * entry then shows this `status` (`pending`, `processing`, `completed`, `partially_failed`, `failed`)
   * and, when given, this `error_message`. False when the push has no such entry.
   */
  setEmailOutcome(urlToken: string, status: string, errorMessage?: string): boolean;
  /** Someone answers a request at its link: the answer's push token, or null for a closed or unknown request. */
  answerRequest(urlToken: string, payload: string): string | null;
  /**
   * Runs `listener` as each request arrives (after it is recorded, before it is throttled or answered):
   * what another device does at an exact moment of the client's, such as a push made while a lockdown
   * runs. Returns the unsubscribe; reset() removes them all.
   */
  onRequest(listener: (request: RecordedRequest) => void): () => void;
  close(): Promise<void>;
}

export declare const VERSIONS: ReadonlyArray<'2.4.1' | '2.8.2' | '2.11.4'>;

export declare const DEFAULT_USERS: ReadonlyArray<Readonly<PwpushUser>>;

export declare function startPwpushServer(options?: PwpushServerOptions): Promise<PwpushServer>;
