// Types for server.mjs, the Password Pusher OSS 2.11.x reference server used by the tests.

export type Edition = 'oss' | 'commercial';

export interface PwpushUser {
  token: string;
  email: string;
  /**
   * The instance has `require_mfa` on and this user has not set up two-factor authentication: every
   * API request with the user's token answers 403 JSON (reference §2.1, `enforce_required_mfa.rb`).
   */
  mfaMissing?: boolean;
}

export interface PwpushServerOptions {
  /** 0 (default) picks a free port. Always binds 127.0.0.1. */
  port?: number;
  /** `commercial` reports that edition and accepts Pro's `expire_after_duration` code. Default `oss`. */
  edition?: Edition;
  /** `allow_anonymous`; when false every endpoint but /version needs a token. Default true. */
  allowAnonymous?: boolean;
  enableFilePushes?: boolean;
  enableUrlPushes?: boolean;
  enableQrPushes?: boolean;
  /** An instance without users: every routed request answers 302 → /first_run (after the API token gate). */
  firstRun?: boolean;
  /** PR #4772 headers (Link, X-Page, X-Per-Page, X-Total, X-Total-Pages) on active/expired/audit. Default true. */
  paginationHeaders?: boolean;
  /** `"2.0"` imitates apps 2.3.0–2.5.3: /version has no `features`. Default `"2.1"`. */
  apiVersion?: '2.0' | '2.1';
  /** Token holders. Default: alice and bob (see DEFAULT_USERS). */
  users?: PwpushUser[];
  /** Clock in epoch milliseconds, to simulate days passing. Default Date.now. */
  now?: () => number;
}

interface FaultScope {
  /** Apply to the next N matching /api/v2 requests only, then clear. */
  times?: number;
  /** Apply only when the request path includes this string, e.g. '/pushes' or '/version'. */
  paths?: string;
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
  files: Array<{ filename: string; content_type: string; size: number }>;
  audit: StoredAuditEntry[];
}

export interface PwpushServer {
  /** Origin, e.g. `http://127.0.0.1:41234` (no trailing slash). */
  readonly url: string;
  readonly port: number;
  readonly users: PwpushUser[];
  /** Every request except /__control ones, oldest first. Cleared in place by reset(). */
  readonly requests: RecordedRequest[];
  /** Applies to every /api/v2 request until cleared, or until `times` runs out. */
  setFault(fault: PwpushFault | null): void;
  setOptions(partial: Omit<PwpushServerOptions, 'port'>): void;
  /** Moves the server clock forward (on top of `now`). Reset by reset(). */
  advanceTime(ms: number): void;
  /** Forgets pushes, requests, faults and rate-limit counters; options back to their start values. */
  reset(): void;
  pushes(): StoredPush[];
  close(): Promise<void>;
}

export declare const DEFAULT_USERS: ReadonlyArray<Readonly<PwpushUser>>;

export declare function startPwpushServer(options?: PwpushServerOptions): Promise<PwpushServer>;
