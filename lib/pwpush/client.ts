import { DEFAULT_TIMEOUT_MS, requestJson, type HttpError, type HttpResponse } from '../http';
import { fail, ok, type Result } from '../result';
import {
  AUDIT_PAGE_MAX_BYTES,
  CREATED_MAX_BYTES,
  EXPIRED_MAX_BYTES,
  PREVIEW_MAX_BYTES,
  PUSH_PAGE_MAX_BYTES,
  RETRIEVED_MAX_BYTES,
  VERSION_MAX_BYTES,
} from './answer-limits';
import { accountOf, inAccount } from './account-param';
import { expireAfterDuration } from './duration';
import { firstRunOr } from './first-run';
import { parseAuditLog, parsePreviewUrl, parsePush, parsePushList, parseRetrievedPush, parseVersion, toPage } from './parse';
import type { AuditEntry, ClientConfig, Page, Push, PushInput, PushResult, RetrievedPush, UploadOptions, VersionInfo } from './types';
import { isUrlToken } from './url-token';

/**
 * Password Pusher JSON API v2, one function per endpoint (docs/password-pusher.md#routes). Pure:
 * the instance, token and fetch come in `ClientConfig`, nothing is stored, and every call is
 * exactly one request (or none, when the input is refused before sending).
 */

/**
 * `oss` sends `expire_after_days`; `commercial` (pwpush.com) sends `expire_after_duration`
 * (docs/password-pusher.md#commercial-edition).
 */
export type Edition = 'oss' | 'commercial' | (string & {});

const MAX_PAGE = 200;

/** Without progress events a file push gets a total timeout scaled to its size: 10 s, plus 1 s per 32 kB. */
const SLOWEST_UPLOAD_BYTES_PER_SECOND = 32 * 1024;

export type Reader<T> = (response: HttpResponse) => PushResult<T>;

/** One request to `/api/v2<path>`, read by `read`. Shared by the commercial edition's endpoints (./accounts.ts, ./requests.ts). */
export async function send<T>(
  cfg: ClientConfig,
  method: string,
  path: string,
  maxBytes: number,
  read: Reader<T>,
  body?: { json: unknown } | { form: FormData },
): Promise<PushResult<T>> {
  // A relative or non-HTTP base would resolve against the extension's own origin: nothing to reach.
  if (!/^https?:\/\/[^/]/i.test(cfg.baseUrl)) return fail({ kind: 'network' });
  // Before 2.7.3 the v2 routes had no default format: without this header (or a `.json` suffix) an
  // instance answers HTML (docs/password-pusher.md#format-negotiation).
  const headers: Record<string, string> = { Accept: 'application/json' };
  // Any Authorization header, even "Bearer " with nothing after it, is a 401 on public endpoints
  // (docs/password-pusher.md#auth-gate).
  const token = cfg.token?.trim();
  if (token) headers.Authorization = `Bearer ${token}`;
  const init: RequestInit = {
    method,
    headers,
    // A session cookie for the instance would override the token's identity
    // (docs/password-pusher.md#auth-gate).
    credentials: 'omit',
    // Retrieved payloads must not land in the browser's HTTP cache; the server only says no-cache
    // (docs/password-pusher.md#show).
    cache: 'no-store',
  };
  if (body && 'json' in body) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body.json);
  } else if (body) {
    // No Content-Type of our own: fetch adds the multipart boundary.
    init.body = body.form;
  }
  const url = `${cfg.baseUrl.replace(/\/+$/, '')}/api/v2${path}`;
  // Its turn first, then the time limit: a request that waits for the instance's pace has not begun.
  const turn = cfg.pace?.take(cfg.signal);
  if (turn && !(await turn)) return fail({ kind: 'network' });
  const answer = await requestJson(url, init, { maxBytes, fetch: cfg.fetch, timeoutMs: cfg.timeoutMs, signal: cfg.signal });
  if (!answer.ok && answer.error.kind === 'rate-limited') cfg.pace?.throttled(answer.error.retryAfterSeconds);
  if (!answer.ok) return fail(await firstRunOr(cfg, answer.error, Boolean(token)));
  // Every v2 endpoint answers with a body; an empty 2xx is a proxy or a different server.
  if (answer.value.body === undefined) return fail({ kind: 'unexpected', detail: 'empty', status: answer.value.status });
  return read(answer.value);
}

const refuse = (): Result<never, HttpError> => fail({ kind: 'bad-request' });

/** Only a token that looks like one goes into a path (./url-token.ts): `..` or `a/b` would reach another endpoint. */
function pushPath(urlToken: string, suffix = ''): string | undefined {
  return isUrlToken(urlToken) ? `/pushes/${urlToken}${suffix}` : undefined;
}

const validPage = (page: number): boolean => Number.isInteger(page) && page >= 1 && page <= MAX_PAGE;

/**
 * `GET /version`: the instance's edition and enabled features. Public; never proves a token valid
 * (docs/password-pusher.md#version-and-features).
 */
export function version(cfg: ClientConfig): Promise<PushResult<VersionInfo>> {
  return send(cfg, 'GET', '/version', VERSION_MAX_BYTES, (r) => parseVersion(r.body, r.status));
}

/**
 * `POST /pushes`: creates a push with one request. Text, URL and QR pushes go as JSON; file
 * pushes as multipart with one `push[files][]` per file. Only the given options are sent, so
 * the rest take the instance defaults.
 */
export async function createPush(
  cfg: ClientConfig,
  input: PushInput,
  edition: Edition = 'oss',
  upload?: UploadOptions,
): Promise<PushResult<Push>> {
  const fields = pushFields(input, edition);
  const read: Reader<Push> = (r) => parsePush(r.body, r.status);
  // Beside `push`, not in it: where the commercial edition reads it (docs/password-pusher.md#accounts).
  const account = accountOf(cfg);
  if (input.kind !== 'file') {
    // Never a `files` key here: its mere presence makes the server demand a token
    // (docs/password-pusher.md#create).
    return send(cfg, 'POST', '/pushes', CREATED_MAX_BYTES, read, {
      json: account ? { push: fields, account_id: account } : { push: fields },
    });
  }
  // Multipart encoding turns every line break of a text field into CRLF (HTML spec, and undici
  // alike), so a file push's text arrives with CRLF line ends; text pushes go as JSON and stay exact.
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value !== 'object') form.append(`push[${name}]`, String(value));
    else for (const [key, inner] of Object.entries(value)) form.append(`push[${name}][${key}]`, inner);
  }
  for (const file of input.files ?? []) form.append('push[files][]', file, file.name);
  if (account) form.append('account_id', account);
  // The 201 comes only after the whole body arrived (docs/password-pusher.md#create): a fixed 10 s
  // fails every upload over ~12 MB on a 10 Mbit/s line, so the limit grows with the size. Not over
  // XMLHttpRequest for its progress events: it always follows redirects, and a 307/308 would send
  // the files again to wherever the answer points; fetch here never follows one.
  const bytes = (input.files ?? []).reduce((sum, file) => sum + file.size, 0);
  const scaled = (cfg.timeoutMs ?? DEFAULT_TIMEOUT_MS) + (bytes / SLOWEST_UPLOAD_BYTES_PER_SECOND) * 1000;
  return send({ ...cfg, timeoutMs: scaled, signal: upload?.signal }, 'POST', '/pushes', CREATED_MAX_BYTES, read, { form });
}

type Field = string | number | boolean | Record<string, string>;

function pushFields(input: PushInput, edition: Edition): Record<string, Field> {
  const fields: Record<string, Field> = {};
  // The payload is the secret: sent exactly as given, whitespace and line breaks included.
  // A file push may have no text at all, and then sends none.
  if (input.kind !== 'file' || input.payload !== '') fields.payload = input.payload;
  fields.kind = input.kind;
  const days = input.expireAfterDays;
  if (days !== undefined && Number.isFinite(days)) {
    if (edition === 'commercial') fields.expire_after_duration = expireAfterDuration(days);
    else fields.expire_after_days = days;
  }
  if (input.expireAfterViews !== undefined && Number.isFinite(input.expireAfterViews)) {
    fields.expire_after_views = input.expireAfterViews;
  }
  if (input.deletableByViewer !== undefined) fields.deletable_by_viewer = input.deletableByViewer;
  if (input.retrievalStep !== undefined) fields.retrieval_step = input.retrievalStep;
  if (input.passphrase) fields.passphrase = input.passphrase;
  if (input.name !== undefined) fields.name = input.name;
  if (input.note !== undefined) fields.note = input.note;
  // Only when given: an instance without e-mail answers either field with a 422; each release drops
  // the other's fields with a 201 (docs/password-pusher.md#notify-emails).
  if (input.emailTo && input.emailFields === 'notify_by_email') {
    fields.notify_by_email = { recipients: input.emailTo, ...(input.emailLocale && { locale: input.emailLocale }) };
  } else if (input.emailTo) {
    fields.notify_emails_to = input.emailTo;
    if (input.emailLocale) fields.notify_emails_to_locale = input.emailLocale;
  }
  return fields;
}

/**
 * `GET /pushes/:token[?passphrase=]`: reads the payload and counts as a view. An expired push
 * is a success with `expired: true` and `payload: null`; a wrong passphrase is `unauthorized`.
 */
export function retrievePush(cfg: ClientConfig, urlToken: string, passphrase?: string): Promise<PushResult<RetrievedPush>> {
  const path = pushPath(urlToken);
  if (!path) return Promise.resolve(refuse());
  const query = passphrase ? `?passphrase=${encodeURIComponent(passphrase)}` : '';
  return send(cfg, 'GET', path + query, RETRIEVED_MAX_BYTES, (r) => parseRetrievedPush(r.body, r.status));
}

/** `GET /pushes/:token/preview`: the secret URL as the server builds it (with `/r` for a retrieval step). No view. */
export function previewUrl(cfg: ClientConfig, urlToken: string): Promise<PushResult<string>> {
  const path = pushPath(urlToken, '/preview');
  if (!path) return Promise.resolve(refuse());
  return send(cfg, 'GET', path, PREVIEW_MAX_BYTES, (r) => parsePreviewUrl(r.body, r.status));
}

/** `GET /pushes/:token/audit?page=`: owner only (403 otherwise), oldest entry first, 50 a page. */
export function auditLog(cfg: ClientConfig, urlToken: string, page = 1): Promise<PushResult<Page<AuditEntry>>> {
  const path = pushPath(urlToken, '/audit');
  if (!path || !validPage(page)) return Promise.resolve(refuse());
  return send(cfg, 'GET', inAccount(cfg, `${path}?page=${page}`), AUDIT_PAGE_MAX_BYTES, (r) => {
    const entries = parseAuditLog(r.body, r.status);
    return entries.ok ? ok(toPage(entries.value, page, r.headers)) : entries;
  });
}

/** `DELETE /pushes/:token`: expires a push now (owner, or anyone if deletable by viewer). */
export function expirePush(cfg: ClientConfig, urlToken: string): Promise<PushResult<Push>> {
  const path = pushPath(urlToken);
  if (!path) return Promise.resolve(refuse());
  return send(cfg, 'DELETE', inAccount(cfg, path), EXPIRED_MAX_BYTES, (r) => parsePush(r.body, r.status));
}

/** `GET /pushes/active?page=`: the token owner's active pushes, newest first. */
export function activePushes(cfg: ClientConfig, page = 1): Promise<PushResult<Page<Push>>> {
  return pushList(cfg, 'active', page);
}

/** `GET /pushes/expired?page=`: the token owner's expired pushes, newest first. */
export function expiredPushes(cfg: ClientConfig, page = 1): Promise<PushResult<Page<Push>>> {
  return pushList(cfg, 'expired', page);
}

function pushList(cfg: ClientConfig, state: 'active' | 'expired', page: number): Promise<PushResult<Page<Push>>> {
  if (!validPage(page)) return Promise.resolve(refuse());
  return send(cfg, 'GET', inAccount(cfg, `/pushes/${state}?page=${page}`), PUSH_PAGE_MAX_BYTES, (r) => {
    const pushes = parsePushList(r.body, r.status);
    if (!pushes.ok) return pushes;
    const read = toPage(pushes.value, page, r.headers);
    // A push dropped for its token (./parse.ts) still came: a page the server sent full may have a next one.
    const sent = Array.isArray(r.body) ? r.body.length : pushes.value.length;
    if (sent > pushes.value.length) read.served = sent;
    return ok(read);
  });
}
