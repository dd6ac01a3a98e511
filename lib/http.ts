import { readBounded } from './bounded-body';
import { fail, ok, type Result } from './result';
import { shortText } from './short-text';

/**
 * One failure taxonomy for both API clients. The UI explains a failure by its kind, never by
 * the server's words: Password Pusher translates its error text (docs/password-pusher.md#errors).
 */
export type HttpErrorKind =
  | 'network'
  | 'timeout'
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'bad-request'
  | 'validation'
  | 'rate-limited'
  | 'server'
  /** A 3xx: neither API redirects, and following one would re-send a body or a credential elsewhere. */
  | 'redirect'
  /** A 2xx answer longer than what it should hold can be (`limitBytes`), or a list page with more entries than a page has (`limitItems`). */
  | 'too-large'
  | 'unexpected';

export interface HttpError {
  kind: HttpErrorKind;
  status?: number;
  /** The server's own text, shown as text only, never parsed for meaning. */
  serverMessage?: string;
  /** 422 field messages, e.g. `{ payload: ['must be a valid HTTP or HTTPS URL.'] }`. */
  fields?: Record<string, string[]>;
  /** From `Retry-After` (seconds or an HTTP date). */
  retryAfterSeconds?: number;
  /** Why an answer was unexpected: HTML (e.g. a fresh instance's first-run page), empty, bad JSON, wrong shape. */
  detail?: 'html' | 'empty' | 'invalid-json' | 'shape' | 'first-run' | 'untrusted-link';
  /**
   * Where a redirect pointed, when the answer lets it be read (an extension's fetch sees an opaque
   * redirect with no Location; Node's fetch shows it). Never requested.
   */
  location?: string;
  /** For `too-large`: the most bytes the answer was allowed; nothing past them was read. */
  limitBytes?: number;
  /** For `too-large`: the most entries a list page holds; none of the entries was kept. */
  limitItems?: number;
}

export interface HttpResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON, or `undefined` when the body was empty (or was not JSON, with `acceptText`). */
  body: unknown;
  /** With `acceptText` only: the raw body of a 2xx answer that is not JSON (e.g. XML). */
  text?: string;
}

export interface RequestOptions {
  /**
   * The most bytes of the answer's body that are read, chosen per call from what the answer
   * should hold (lib/pwpush/answer-limits.ts, lib/airport/answer-limits.ts). Past it a 2xx answer
   * fails as `too-large`; an error answer keeps its status and loses its words.
   */
  maxBytes: number;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** The person's "Cancel": aborts the request, which then fails as `network` (the caller knows why). */
  signal?: AbortSignal;
  /** Return a 2xx non-JSON, non-HTML body as `text` instead of failing as `invalid-json`. */
  acceptText?: boolean;
}

export const DEFAULT_TIMEOUT_MS = 10_000;

/** Sends one request and sorts the answer into a parsed body or an `HttpError`. */
export async function requestJson(
  url: string,
  init: RequestInit,
  { maxBytes, fetch: fetchFn = globalThis.fetch, timeoutMs = DEFAULT_TIMEOUT_MS, acceptText = false, signal }: RequestOptions,
): Promise<Result<HttpResponse, HttpError>> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const cancel = () => controller.abort();
  if (signal?.aborted) cancel();
  signal?.addEventListener('abort', cancel, { once: true });
  const failed = (): HttpError => ({ kind: controller.signal.aborted && !signal?.aborted ? 'timeout' : 'network' });
  try {
    let response: Response;
    try {
      // Never follow: a 307/308 would re-send a secret's POST body, and any redirect the
      // Authorization header or subscription key, to wherever the answer points.
      response = await fetchFn(url, { ...init, redirect: 'manual', signal: controller.signal });
    } catch {
      return fail(failed());
    }
    if (isRedirect(response)) return fail(redirectFailure(response, url));
    let text = '';
    try {
      const body = await readBounded(response, maxBytes);
      if (body.kind === 'text') text = body.text;
      // An error answer says what happened by its status: past the limit only its words are lost.
      else if (isSuccess(response)) return fail({ kind: 'too-large', status: response.status, limitBytes: maxBytes });
    } catch {
      return fail(failed());
    }
    return sortAnswer(response, text, acceptText);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
  }
}

/** `opaqueredirect` is what a browser's fetch gives for `redirect: 'manual'`: status 0, no headers. */
function isRedirect(response: Response): boolean {
  return response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400 && response.status !== 304);
}

const isSuccess = (response: Response): boolean => response.status >= 200 && response.status < 300;

function redirectFailure(response: Response, url: string): HttpError {
  const failure: HttpError = { kind: 'redirect' };
  if (response.status >= 300) failure.status = response.status;
  const location = response.headers.get('location');
  if (location) {
    try {
      failure.location = new URL(location, url).href;
    } catch {
      failure.location = location;
    }
  }
  // The body of a redirect is never read: nothing in it is meant for us.
  void response.body?.cancel().catch(() => undefined);
  return failure;
}

function sortAnswer(response: Response, text: string, acceptText: boolean): Result<HttpResponse, HttpError> {
  const { status, headers } = response;
  const parsed = parseBody(text, headers.get('content-type') ?? '');
  if (isSuccess(response)) {
    if (parsed.kind === 'json') return ok({ status, headers, body: parsed.value });
    if (parsed.kind === 'empty') return ok({ status, headers, body: undefined });
    if (parsed.kind === 'text' && acceptText) return ok({ status, headers, body: undefined, text: parsed.text });
    return fail({ kind: 'unexpected', status, detail: parsed.kind === 'html' ? 'html' : 'invalid-json' });
  }
  const base: HttpError = { kind: kindOf(status), status };
  const serverMessage = messageOf(parsed);
  if (serverMessage) base.serverMessage = serverMessage;
  const retryAfter = parseRetryAfter(headers.get('retry-after'));
  if (retryAfter !== undefined) base.retryAfterSeconds = retryAfter;
  if (status === 422 && parsed.kind === 'json') {
    const fields = fieldMessages(parsed.value);
    if (fields) base.fields = fields;
  }
  if (parsed.kind === 'html' && base.kind !== 'server') base.detail = 'html';
  return fail(base);
}

function kindOf(status: number): HttpErrorKind {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  if (status === 422) return 'validation';
  if (status === 429) return 'rate-limited';
  if (status >= 500) return 'server';
  if (status >= 400) return 'bad-request';
  // 1xx (or a 304 to a request that asked for no cache) means an odd proxy.
  return 'unexpected';
}

type ParsedBody = { kind: 'json'; value: unknown } | { kind: 'empty' } | { kind: 'html'; text: string } | { kind: 'text'; text: string };

function parseBody(text: string, contentType: string): ParsedBody {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty' };
  if (/html/i.test(contentType) || /^<(!doctype|html|head|body)/i.test(trimmed)) return { kind: 'html', text };
  try {
    return { kind: 'json', value: JSON.parse(trimmed) };
  } catch {
    return { kind: 'text', text: trimmed };
  }
}

/** The readable part of an error body (`{error}`, `{message}`, a JSON string, or plain text), cut short. */
function messageOf(parsed: ParsedBody): string | undefined {
  const text = rawMessageOf(parsed);
  return text ? shortText(text) : undefined;
}

function rawMessageOf(parsed: ParsedBody): string | undefined {
  if (parsed.kind === 'text') return parsed.text;
  if (parsed.kind !== 'json') return undefined;
  const value = parsed.value;
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const { error, message } = value as Record<string, unknown>;
    if (typeof error === 'string' && error) return error;
    if (typeof message === 'string' && message) return message;
  }
  return undefined;
}

/** Rails' ActiveModel errors hash: `{ attr: ["msg", ...], base: [...] }`. */
function fieldMessages(value: unknown): Record<string, string[]> | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const fields: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(value)) {
    if (Array.isArray(messages) && messages.every((m) => typeof m === 'string')) fields[name] = messages;
    else if (typeof messages === 'string' && name !== 'error') fields[name] = [messages];
  }
  return Object.keys(fields).length ? fields : undefined;
}

/** `Retry-After` is either delta-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}
