import type { Result } from '../result';
import type { HttpError } from '../http';
import type { EmailFields } from './notify-emails';

/** How a client call reaches one Password Pusher instance. */
export interface ClientConfig {
  /** The instance origin, e.g. `https://pwpush.example` (no trailing slash, no `/api`). */
  baseUrl: string;
  /**
   * API token; when empty no `Authorization` header is sent at all
   * (docs/password-pusher.md#auth-gate).
   */
  token?: string;
  fetch?: typeof fetch;
  /**
   * The commercial edition's account the call works in (docs/password-pusher.md#accounts): sent,
   * with a token only, as `account_id` beside `push` in a create and as `?account_id=` on the lists,
   * audit and expire. Absent on OSS and where no account was chosen: the server's default then.
   */
  accountId?: string;
  /** Per-request timeout; 10 s when omitted. */
  timeoutMs?: number;
  /** The person's "Cancel" (a file push). */
  signal?: AbortSignal;
  /** The instance's pace (lib/pace/): waited for before the request, its timeout counted after; told of a 429. */
  pace?: RequestPace;
}

/**
 * How a request waits its turn with everything else Pushgate asks of the instance (lib/pace/). The
 * client stays pure: it only calls these.
 */
export interface RequestPace {
  /** Resolves true when the request may go, false when `signal` ended the wait; nothing when it goes at once. */
  take(signal?: AbortSignal): Promise<boolean> | undefined;
  /** The instance answered 429: everything asking it pauses for `retryAfterSeconds`. */
  throttled(retryAfterSeconds: number | undefined): void;
}

/** How a file push can end early: the popup's "Cancel upload". */
export interface UploadOptions {
  signal?: AbortSignal;
}

export type PushKind = 'text' | 'url' | 'qr' | 'file';

/** Everything `POST /pushes` accepts. Absent fields take the instance default. */
export interface PushInput {
  kind: PushKind;
  /** Sent exactly as given: a secret is never trimmed. */
  payload: string;
  files?: File[];
  expireAfterDays?: number;
  expireAfterViews?: number;
  deletableByViewer?: boolean;
  retrievalStep?: boolean;
  passphrase?: string;
  name?: string;
  note?: string;
  /**
   * Addresses the instance e-mails the link to, comma-separated (2.9.0+, a token, SMTP:
   * docs/password-pusher.md#notify-emails), and the e-mail's language.
   */
  emailTo?: string;
  emailLocale?: string;
  /** How the instance's release takes those two (./notify-emails.ts); `notify_emails_to` when absent. */
  emailFields?: EmailFields;
}

/**
 * A push as the server describes it. The server echoes the passphrase in plain text on
 * create, show and the active list; the client drops it so it can never reach storage.
 */
export interface Push {
  urlToken: string;
  /** The link to share. Use it as returned: it already carries `/r` for a retrieval step. */
  htmlUrl: string;
  expired: boolean;
  expiredOn: string | null;
  deleted: boolean;
  expireAfterDays: number;
  expireAfterViews: number;
  daysRemaining: number;
  viewsRemaining: number;
  /** `null` for URL pushes, which only the owner can expire. */
  deletableByViewer: boolean | null;
  retrievalStep: boolean;
  createdAt: string;
  updatedAt: string;
  /** Only on create and the active/expired lists. */
  name?: string;
  note?: string;
  /**
   * Only on create: the addresses the instance echoed, which it says it e-mails the link to
   * (docs/password-pusher.md#notify-emails). Absent when it echoed none, whatever was asked.
   */
  emailedTo?: string;
}

export interface PushFile {
  filename: string;
  contentType: string;
  url: string;
}

/** `GET /pushes/:token`: an expired push comes back as 200 with `payload: null`. */
export interface RetrievedPush extends Push {
  payload: string | null;
  files: PushFile[];
}

export interface VersionInfo {
  applicationVersion: string;
  apiVersion: string;
  /** `oss` for the open-source edition, `commercial` for pwpush.com. */
  edition: string;
  features: {
    anonymousAccess: boolean;
    apiTokenAuthentication: boolean;
    pushesEnabled: boolean;
    emailAutoDispatch: boolean;
    fileAttachments: { enabled: boolean; requiresAuthentication: boolean };
    urlPushes: boolean;
    qrPushes: boolean;
    accounts: boolean;
    requests: boolean;
    /**
     * The commercial edition e-mails a request's link (`features.requests.email_auto_dispatch`,
     * docs/password-pusher.md#edition); present only when it does.
     */
    requestsEmail?: true;
  };
}

export type AuditKind =
  | 'creation'
  | 'view'
  | 'failed_view'
  | 'expire'
  | 'failed_passphrase'
  | 'admin_view'
  | 'owner_view'
  | 'edit'
  | 'creation_email_send'
  | (string & {});

export interface AuditEntry {
  kind: AuditKind;
  ip: string;
  userAgent: string;
  referrer: string;
  createdAt: string;
  /** On `creation_email_send` only: what became of the link's e-mail (docs/password-pusher.md#notify-emails). */
  email?: EmailOutcome;
}

/**
 * A `creation_email_send` entry's `notify_by_email`: `status` as the server gave it (`pending`,
 * `processing`, `completed`, `partially_failed`, `failed`, or one this version does not know; absent
 * when it gave none) and its `error_message`, server text.
 */
export interface EmailOutcome {
  status?: string;
  errorMessage?: string;
}

/** One page of a list. The totals come from pagination headers, which older servers omit. */
export interface Page<T> {
  items: T[];
  page: number;
  perPage: number;
  total?: number;
  totalPages?: number;
  /**
   * How many items the server sent, once rows were taken out on this side (an expired push leaving the
   * active list): without totals, a page that came back full still means there may be a next one.
   */
  served?: number;
}

export type PushResult<T> = Result<T, HttpError>;

/** One account a token may work in on the commercial edition (docs/password-pusher.md#accounts). */
export interface Account {
  /** As the server gave it (a number there), kept and sent back as a string. */
  id: string;
  name: string;
  /** `owner`, `member`…; `''` when the server said none. */
  role: string;
}

/** "Request a secret": what `POST /requests` is sent, as pwpush-cli's `request` sends it (docs/password-pusher.md#requests-request-a-secret). */
export interface RequestInput {
  /** What the person answering is asked; shown to them on the request's page. */
  text: string;
  expireAfterDays?: number;
  /** How many answers it takes before it closes. */
  expireAfterViews?: number;
  deletableByViewer?: boolean;
  retrievalStep?: boolean;
  name?: string;
  note?: string;
  emailTo?: string;
  emailLocale?: string;
}

/** One answer to a request: a push of the requester's, read with the owner's token (no view counted). */
export interface RequestAnswer {
  urlToken: string;
  htmlUrl: string;
  createdAt: string;
  expired: boolean;
}

/** A request as its owner's list shows it. */
export interface SecretRequest {
  urlToken: string;
  /** The link to send to whoever should answer. */
  htmlUrl: string;
  text: string;
  name: string;
  note: string;
  /** Closed: answered as often as it takes, its days ran out, or closed by its owner. */
  expired: boolean;
  expiredOn: string | null;
  createdAt: string;
  expireAfterDays: number;
  daysRemaining: number;
  expireAfterViews: number;
  viewsRemaining: number;
  answers: RequestAnswer[];
}
