import type { HttpError } from '../http';
import { fail, ok } from '../result';
import { PAGE_SIZE } from './answer-limits';
import { noteListedPassphrase } from './listed-passphrases';
import type { AuditEntry, EmailOutcome, Page, Push, PushFile, PushResult, RetrievedPush, VersionInfo } from './types';
import { isUrlToken } from './url-token';

/**
 * Turns Password Pusher's snake_case JSON (docs/password-pusher.md#push-json and the endpoints'
 * sections after it) into the typed models. Only the fields a push cannot be used without are
 * required; the rest fall back to neutral values so an older or newer server still works.
 * Records are rebuilt field by field, which is what drops the plaintext `passphrase` the server
 * echoes (and the broken `json_url`, docs/password-pusher.md#push-json).
 */

type Json = Record<string, unknown>;

/* The helpers below are exported for the commercial edition's parsers (./parse-commercial.ts) only. */

/** Thrown inside this module only; every exported parser turns it into a `shape` failure. */
class ShapeError extends Error {}

/** Thrown inside this module only: a list page with more entries than a page has. */
class OverfullPageError extends Error {}

export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Stops a parse whose answer has not the shape it should: `guarded` turns it into a `shape` failure. */
export function malformed(): never {
  throw new ShapeError();
}

export function object(value: unknown): Json {
  if (!isObject(value)) throw new ShapeError();
  return value;
}

/** A link token, refused unless it looks like one (./url-token.ts): it goes into request paths. */
export function urlTokenOf(record: Json): string {
  const token = record.url_token;
  if (!isUrlToken(token)) throw new ShapeError();
  return token;
}

/** List items that have a usable link token; the others are left out, not the page. */
export function withUrlTokens(items: unknown[]): unknown[] {
  return items.filter((item) => isObject(item) && isUrlToken(item.url_token));
}

export function requiredString(record: Json, key: string): string {
  const value = record[key];
  if (typeof value !== 'string' || value === '') throw new ShapeError();
  return value;
}

export const text = (value: unknown): string => (typeof value === 'string' ? value : '');
export const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);
export const flag = (value: unknown): boolean => value === true;

export function count(value: unknown): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : 0;
}

export function guarded<T>(build: () => T, status?: number): PushResult<T> {
  try {
    return ok(build());
  } catch (error) {
    if (error instanceof OverfullPageError) return fail({ kind: 'too-large', status, limitItems: PAGE_SIZE });
    if (!(error instanceof ShapeError)) throw error;
    const failure: HttpError = { kind: 'unexpected', detail: 'shape' };
    if (status !== undefined) failure.status = status;
    return fail(failure);
  }
}

function pushFrom(value: unknown): Push {
  const raw = object(value);
  const push: Push = {
    urlToken: urlTokenOf(raw),
    htmlUrl: requiredString(raw, 'html_url'),
    expired: flag(raw.expired),
    expiredOn: textOrNull(raw.expired_on),
    deleted: flag(raw.deleted),
    expireAfterDays: count(raw.expire_after_days),
    expireAfterViews: count(raw.expire_after_views),
    daysRemaining: count(raw.days_remaining),
    viewsRemaining: count(raw.views_remaining),
    deletableByViewer: typeof raw.deletable_by_viewer === 'boolean' ? raw.deletable_by_viewer : null,
    retrievalStep: flag(raw.retrieval_step),
    createdAt: text(raw.created_at),
    updatedAt: text(raw.updated_at),
  };
  if (typeof raw.name === 'string') push.name = raw.name;
  if (typeof raw.note === 'string') push.note = raw.note;
  const emailed = emailEcho(raw);
  if (emailed) push.emailedTo = emailed;
  return push;
}

/** A create answer's echo of the e-mail's addresses: `notify_emails_to`, or 2.9.0–2.9.1's `notify_by_email.recipients`. */
function emailEcho(raw: Json): string | undefined {
  const nested = isObject(raw.notify_by_email) ? raw.notify_by_email.recipients : undefined;
  const echoed = typeof raw.notify_emails_to === 'string' ? raw.notify_emails_to : nested;
  return typeof echoed === 'string' && echoed.trim() !== '' ? echoed : undefined;
}

function fileFrom(value: unknown): PushFile {
  const raw = object(value);
  return { filename: text(raw.filename), contentType: text(raw.content_type), url: requiredString(raw, 'url') };
}

/** A push record from create (201) or expire (DELETE, 200). */
export function parsePush(body: unknown, status?: number): PushResult<Push> {
  return guarded(() => pushFrom(body), status);
}

/** `GET /pushes/:token`: an expired push is data (`expired: true`, `payload: null`), not an error. */
export function parseRetrievedPush(body: unknown, status?: number): PushResult<RetrievedPush> {
  return guarded(() => {
    const raw = object(body);
    const files = raw.files ?? [];
    if (!Array.isArray(files)) throw new ShapeError();
    return { ...pushFrom(raw), payload: textOrNull(raw.payload), files: files.map(fileFrom) };
  }, status);
}

/**
 * `GET /pushes/:token/preview` → the secret URL exactly as the server built it
 * (docs/password-pusher.md#preview).
 */
export function parsePreviewUrl(body: unknown, status?: number): PushResult<string> {
  return guarded(() => requiredString(object(body), 'url'), status);
}

/**
 * A page's entries, checked before any is read: a page holds at most 50
 * (docs/password-pusher.md#lists), and a longer one would be turned into as many rows to draw.
 */
export function pageOf(value: unknown): unknown[] {
  if (!Array.isArray(value)) throw new ShapeError();
  if (value.length > PAGE_SIZE) throw new OverfullPageError();
  return value;
}

/** The bare array of `GET /pushes/active` and `/expired` (docs/password-pusher.md#lists). */
export function parsePushList(body: unknown, status?: number): PushResult<Push[]> {
  return guarded(() => {
    return withUrlTokens(pageOf(body)).map((raw) => {
      const push = pushFrom(raw);
      noteListedPassphrase(push, textOrNull(object(raw).passphrase));
      return push;
    });
  }, status);
}

/**
 * `{"logs": [...]}` of `GET /pushes/:token/audit`, or `{"views": [...]}` with the same entries
 * from 2.3.0 to 2.8.2, whose v2 audit was inherited from v1 (docs/password-pusher.md#audit-log).
 * A `creation_email_send` entry keeps its e-mail's status and error message, nothing else of it
 * (the recipients are not needed to say what became of the e-mail).
 */
export function parseAuditLog(body: unknown, status?: number): PushResult<AuditEntry[]> {
  return guarded(() => {
    const raw = object(body);
    return pageOf(Array.isArray(raw.logs) ? raw.logs : raw.views).map((value) => {
      const raw = object(value);
      const entry: AuditEntry = {
        kind: text(raw.kind),
        ip: text(raw.ip),
        userAgent: text(raw.user_agent),
        referrer: text(raw.referrer),
        createdAt: text(raw.created_at),
      };
      if (entry.kind === 'creation_email_send') entry.email = emailOutcome(raw.notify_by_email);
      return entry;
    });
  }, status);
}

function emailOutcome(value: unknown): EmailOutcome {
  const outcome: EmailOutcome = {};
  if (!isObject(value)) return outcome;
  if (typeof value.status === 'string' && value.status !== '') outcome.status = value.status;
  if (typeof value.error_message === 'string' && value.error_message.trim() !== '') outcome.errorMessage = value.error_message;
  return outcome;
}

/**
 * `GET /version`. API 2.0 (app 2.3.0–2.5.3) has no `features`: URL, QR and file pushes were on by
 * default then (docs/password-pusher.md#version-and-features), so they are offered, anonymous use
 * is assumed allowed, and a create answering 422 for a switched-off kind refreshes this
 * (lib/share/share-push.ts). A feature key missing from a newer answer, which does have
 * `features`, counts as off.
 */
export function parseVersion(body: unknown, status?: number): PushResult<VersionInfo> {
  return guarded(() => {
    const raw = object(body);
    const before254 = !isObject(raw.features);
    const features = isObject(raw.features) ? raw.features : {};
    const pushes = isObject(features.pushes) ? features.pushes : {};
    const files = isObject(pushes.file_attachments) ? pushes.file_attachments : {};
    const on = (group: unknown, key: string, assumed: boolean): boolean =>
      isObject(group) && typeof group[key] === 'boolean' ? (group[key] as boolean) : assumed;
    return {
      applicationVersion: requiredString(raw, 'application_version'),
      apiVersion: text(raw.api_version),
      edition: text(raw.edition) || 'oss',
      features: {
        anonymousAccess: on(features, 'anonymous_access', true),
        apiTokenAuthentication: on(features, 'api_token_authentication', true),
        pushesEnabled: on(pushes, 'enabled', true),
        emailAutoDispatch: on(pushes, 'email_auto_dispatch', false),
        fileAttachments: {
          enabled: on(files, 'enabled', before254),
          // Constant true on OSS: a `files` key always needs a token
          // (docs/password-pusher.md#version-and-features).
          requiresAuthentication: on(files, 'requires_authentication', true),
        },
        urlPushes: on(pushes.url_pushes, 'enabled', before254),
        qrPushes: on(pushes.qr_code_pushes, 'enabled', before254),
        accounts: on(features.accounts, 'enabled', false),
        requests: on(features.requests, 'enabled', false),
        ...(on(features.requests, 'email_auto_dispatch', false) && { requestsEmail: true as const }),
      },
    };
  }, status);
}

/**
 * Wraps list items into a `Page`. The totals come from the pagination headers of PR #4772
 * (docs/password-pusher.md#lists), which servers up to 2.11.4 do not send; then they stay undefined.
 */
export function toPage<T>(items: T[], page: number, headers: Headers): Page<T> {
  const result: Page<T> = { items, page, perPage: headerCount(headers, 'x-per-page', 1) ?? PAGE_SIZE };
  const total = headerCount(headers, 'x-total', 0);
  const totalPages = headerCount(headers, 'x-total-pages', 0);
  if (total !== undefined) result.total = total;
  if (totalPages !== undefined) result.totalPages = totalPages;
  return result;
}

function headerCount(headers: Headers, name: string, min: number): number | undefined {
  const value = headers.get(name)?.trim();
  if (!value || !/^\d+$/.test(value)) return undefined;
  const number = Number(value);
  return number >= min ? number : undefined;
}
