import { afterEach, beforeEach, vi } from 'vitest';
import type { HttpError } from '@/lib/http';
import { listedPassphrase } from '@/lib/pwpush/listed-passphrases';
import type { AuditEntry, Page, Push, PushInput, PushKind, PushResult, RetrievedPush, VersionInfo } from '@/lib/pwpush/types';

/**
 * A small fake Password Pusher behind a `fetch`, for tests of what the client's callers do: each
 * endpoint is a `vi.fn` answered in the client's own terms (a `Push`, a `Page`, an `HttpError`),
 * and the fake puts that on the wire as the real server does (docs/password-pusher.md: the push
 * record, bare list arrays, pagination headers, statuses, `Retry-After`, Rails' 422 fields). The
 * real client builds every request and parses every answer, so no test replaces the client.
 *
 * Each endpoint is called with what the request carried: `{ baseUrl }` plus `token` when an
 * `Authorization` header was sent, and the path's and query's arguments. An endpoint a test did not
 * answer (its `vi.fn` returns nothing) is a connection that failed.
 */

/** What a request showed of its caller: the instance, the token it sent and the account it asked in, if any. */
export interface Seen {
  baseUrl: string;
  token?: string;
  accountId?: string;
}

type Answer<T> = PushResult<T> | undefined | Promise<PushResult<T> | undefined>;

export interface FakePwpush {
  fetch: typeof fetch;
  version: ReturnType<typeof vi.fn<(seen: Seen) => Answer<VersionInfo>>>;
  createPush: ReturnType<typeof vi.fn<(seen: Seen, input: PushInput) => Answer<Push>>>;
  retrievePush: ReturnType<typeof vi.fn<(seen: Seen, urlToken: string, passphrase?: string) => Answer<RetrievedPush>>>;
  previewUrl: ReturnType<typeof vi.fn<(seen: Seen, urlToken: string) => Answer<string>>>;
  auditLog: ReturnType<typeof vi.fn<(seen: Seen, urlToken: string, page: number) => Answer<Page<AuditEntry>>>>;
  expirePush: ReturnType<typeof vi.fn<(seen: Seen, urlToken: string) => Answer<Push>>>;
  activePushes: ReturnType<typeof vi.fn<(seen: Seen, page: number) => Answer<Page<Push>>>>;
  expiredPushes: ReturnType<typeof vi.fn<(seen: Seen, page: number) => Answer<Page<Push>>>>;
  /** Every request, in order: method and path with its query. */
  requests: string[];
  /** The fields of every create, as sent (the JSON `push` object, or the multipart `push[…]` fields without the files). */
  created: Array<Record<string, unknown>>;
}

export function fakePwpush(): FakePwpush {
  const requests: string[] = [];
  const created: Array<Record<string, unknown>> = [];
  const fake: Omit<FakePwpush, 'fetch'> = {
    version: vi.fn(),
    createPush: vi.fn(),
    retrievePush: vi.fn(),
    previewUrl: vi.fn(),
    auditLog: vi.fn(),
    expirePush: vi.fn(),
    activePushes: vi.fn(),
    expiredPushes: vi.fn(),
    requests,
    created,
  };
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = (init.method ?? 'GET').toUpperCase();
    // As a real fetch: a request whose signal already ended is never sent.
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const at = url.pathname.indexOf('/api/v2/');
    if (at < 0) throw new TypeError(`fake Password Pusher: ${method} ${url.href} is not an API request`);
    const path = url.pathname.slice(at + '/api/v2'.length);
    requests.push(`${method} ${path}${url.search}`);
    const seen: Seen = { baseUrl: url.origin + url.pathname.slice(0, at) };
    const authorization = new Headers(init.headers).get('authorization');
    if (authorization?.startsWith('Bearer ')) seen.token = authorization.slice('Bearer '.length);
    const accountId = url.searchParams.get('account_id');
    if (accountId !== null) seen.accountId = accountId;
    const page = Number(url.searchParams.get('page') ?? '1');
    const token = /^\/pushes\/([^/]+)/.exec(path)?.[1];
    const pushToken = token === undefined ? '' : decodeURIComponent(token);
    let answer: Promise<Response>;
    if (method === 'GET' && path === '/version') answer = wire(fake.version(seen), versionRecord);
    else if (method === 'POST' && path === '/pushes') {
      const { input, fields } = await sentInput(init.body);
      created.push(fields);
      answer = wire(fake.createPush(seen, input), pushRecordOf, 201);
    } else if (method === 'GET' && path === '/pushes/active') answer = wire(fake.activePushes(seen, page), listRecord);
    else if (method === 'GET' && path === '/pushes/expired') answer = wire(fake.expiredPushes(seen, page), listRecord);
    else if (method === 'GET' && path.endsWith('/preview')) answer = wire(fake.previewUrl(seen, pushToken), (url) => ({ url }));
    else if (method === 'GET' && path.endsWith('/audit')) answer = wire(fake.auditLog(seen, pushToken, page), auditRecord);
    else if (method === 'DELETE') answer = wire(fake.expirePush(seen, pushToken), pushRecordOf);
    else if (method === 'GET') {
      const passphrase = url.searchParams.get('passphrase') ?? undefined;
      answer = wire(fake.retrievePush(seen, pushToken, passphrase), retrievedRecord);
    } else throw new TypeError(`fake Password Pusher: no route for ${method} ${path}`);
    // As a real fetch: the request's signal (a Cancel, the client's time limit) ends it at once.
    const signal = init.signal;
    if (!signal) return answer;
    return Promise.race([
      answer,
      new Promise<Response>((_, reject) => {
        const aborted = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
        if (signal.aborted) aborted();
        else signal.addEventListener('abort', aborted, { once: true });
      }),
    ]);
  }) as typeof globalThis.fetch;
  return { ...fake, fetch };
}

interface Body {
  body: unknown;
  headers?: Record<string, string>;
}

async function wire<T>(answer: Answer<T>, encode: (value: T) => unknown | Body, status = 200): Promise<Response> {
  const result = await answer;
  if (result === undefined) throw new TypeError('fake Password Pusher: no answer scripted');
  if (result.ok) {
    const encoded = encode(result.value);
    const { body, headers = {} } = isBody(encoded) ? encoded : { body: encoded };
    return json(body, status, headers);
  }
  return failure(result.error);
}

const isBody = (value: unknown): value is Body => typeof value === 'object' && value !== null && 'body' in value && !Array.isArray(value);

function json(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } });
}

/** The wire answer the client reads back as `error`. */
function failure(error: HttpError): Response | Promise<Response> {
  switch (error.kind) {
    case 'network':
      throw new TypeError('Failed to fetch');
    case 'timeout':
      // No answer: the client's own timer ends the request (a test moves the clock on).
      return new Promise<Response>(() => undefined);
    case 'redirect':
      return new Response(null, { status: error.status ?? 302, headers: error.location ? { location: error.location } : {} });
    case 'too-large':
      // A list page of more entries than a page holds, or an answer longer than its call reads.
      if (error.limitItems !== undefined)
        return json(
          Array.from({ length: error.limitItems + 1 }, () => ({})),
          error.status ?? 200,
        );
      return json('x'.repeat((error.limitBytes ?? 8 * 1024 * 1024) + 1), error.status ?? 200);
    case 'unexpected':
      if (error.detail === 'html')
        return new Response('<!DOCTYPE html><html></html>', { status: error.status ?? 200, headers: { 'content-type': 'text/html' } });
      if (error.detail === 'empty') return new Response('', { status: error.status ?? 200 });
      if (error.detail === 'invalid-json')
        return new Response('{', { status: error.status ?? 200, headers: { 'content-type': 'application/json' } });
      return json({ unexpected: true }, error.status ?? 200);
    default: {
      const status = error.status ?? STATUS[error.kind] ?? 400;
      const headers: Record<string, string> = {};
      if (error.retryAfterSeconds !== undefined) headers['retry-after'] = String(error.retryAfterSeconds);
      const body = error.fields ?? (error.serverMessage ? { error: error.serverMessage } : undefined);
      return body === undefined ? new Response('', { status, headers }) : json(body, status, headers);
    }
  }
}

const STATUS: Partial<Record<HttpError['kind'], number>> = {
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  'bad-request': 400,
  validation: 422,
  'rate-limited': 429,
  server: 500,
};

/**
 * A push as the server describes it (docs/password-pusher.md#push-json). Keys a `Push` does not
 * have (a `passphrase` or `payload` the server echoes) go on the wire as they are.
 */
export function pushRecordOf(push: Push): Record<string, unknown> {
  const {
    urlToken,
    htmlUrl,
    expired,
    expiredOn,
    deleted,
    expireAfterDays,
    expireAfterViews,
    daysRemaining,
    viewsRemaining,
    deletableByViewer,
    retrievalStep,
    createdAt,
    updatedAt,
    name,
    note,
    ...echoed
  } = push;
  const record: Record<string, unknown> = {
    ...echoed,
    expire_after_views: expireAfterViews,
    expired,
    url_token: urlToken,
    deletable_by_viewer: deletableByViewer,
    retrieval_step: retrievalStep,
    expired_on: expiredOn,
    created_at: createdAt,
    updated_at: updatedAt,
    expire_after_days: expireAfterDays,
    days_remaining: daysRemaining,
    views_remaining: viewsRemaining,
    deleted,
    html_url: htmlUrl,
  };
  if (name !== undefined) record.name = name;
  if (note !== undefined) record.note = note;
  return record;
}

function retrievedRecord(push: RetrievedPush): Record<string, unknown> {
  return {
    ...pushRecordOf(push),
    payload: push.payload,
    files: push.files.map(({ filename, contentType, url }) => ({ filename, content_type: contentType, url })),
  };
}

/** A page of a list: the bare array, with the pagination headers when the page knows its totals (docs/password-pusher.md#lists). */
function pageBody<T>(page: Page<T>, encode: (item: T) => unknown): Body {
  const headers: Record<string, string> = {};
  if (page.total !== undefined || page.totalPages !== undefined) {
    headers['x-page'] = String(page.page);
    headers['x-per-page'] = String(page.perPage);
    if (page.total !== undefined) headers['x-total'] = String(page.total);
    if (page.totalPages !== undefined) headers['x-total-pages'] = String(page.totalPages);
  }
  return { body: page.items.map(encode), headers };
}

/** The lists echo each push's passphrase (docs/password-pusher.md#lists): one a test read from a list goes back as it was. */
function listRecord(page: Page<Push>): Body {
  return pageBody(page, (push) => {
    const passphrase = listedPassphrase(push);
    return passphrase === undefined ? pushRecordOf(push) : { ...pushRecordOf(push), passphrase };
  });
}

function auditRecord(page: Page<AuditEntry>): Body {
  const { body, headers } = pageBody(page, (entry) => ({
    ip: entry.ip,
    user_agent: entry.userAgent,
    referrer: entry.referrer,
    kind: entry.kind,
    created_at: entry.createdAt,
    updated_at: entry.createdAt,
    // `audit.json.jbuilder`: the e-mail's record on `creation_email_send` only, `error_message` when kept.
    ...(entry.email && {
      notify_by_email: {
        recipients: 'one@example.org',
        locale: null,
        ...(entry.email.status !== undefined && { status: entry.email.status }),
        ...(entry.email.errorMessage !== undefined && { error_message: entry.email.errorMessage }),
        successful_sends: null,
        proceed_at: null,
      },
    }),
  }));
  return { body: { logs: body }, headers };
}

function versionRecord(info: VersionInfo): Record<string, unknown> {
  const { features } = info;
  return {
    application_version: info.applicationVersion,
    api_version: info.apiVersion,
    edition: info.edition,
    features: {
      anonymous_access: features.anonymousAccess,
      api_token_authentication: features.apiTokenAuthentication,
      accounts: { enabled: features.accounts },
      pushes: {
        enabled: features.pushesEnabled,
        email_auto_dispatch: features.emailAutoDispatch,
        file_attachments: {
          enabled: features.fileAttachments.enabled,
          requires_authentication: features.fileAttachments.requiresAuthentication,
        },
        url_pushes: { enabled: features.urlPushes },
        qr_code_pushes: { enabled: features.qrPushes },
      },
      requests: { enabled: features.requests },
    },
  };
}

/** The push a `POST /pushes` asked for, from its JSON or multipart body, in the client's terms. */
async function sentInput(body: RequestInit['body']): Promise<{ input: PushInput; fields: Record<string, unknown> }> {
  const fields: Record<string, unknown> = {};
  const files: File[] = [];
  if (body instanceof FormData) {
    for (const [name, value] of body.entries()) {
      if (name === 'push[files][]') files.push(value as File);
      else fields[name.replace(/^push\[(.*)\]$/, '$1')] = value;
    }
  } else if (typeof body === 'string') {
    Object.assign(fields, (JSON.parse(body) as { push: Record<string, unknown> }).push);
  }
  const number = (value: unknown) => (value === undefined ? undefined : Number(value));
  const flag = (value: unknown) => (value === undefined ? undefined : value === true || value === 'true');
  const input: PushInput = { kind: String(fields.kind) as PushKind, payload: typeof fields.payload === 'string' ? fields.payload : '' };
  const set = <K extends keyof PushInput>(key: K, value: PushInput[K] | undefined) => {
    if (value !== undefined) input[key] = value;
  };
  set('files', files.length > 0 ? files : undefined);
  set('expireAfterDays', number(fields.expire_after_days));
  set('expireAfterViews', number(fields.expire_after_views));
  set('deletableByViewer', flag(fields.deletable_by_viewer));
  set('retrievalStep', flag(fields.retrieval_step));
  set('passphrase', fields.passphrase as string | undefined);
  set('name', fields.name as string | undefined);
  set('note', fields.note as string | undefined);
  set('emailTo', fields.notify_emails_to as string | undefined);
  set('emailLocale', fields.notify_emails_to_locale as string | undefined);
  return { input, fields };
}

/**
 * A fake for this test file, standing in for the network while each test runs: the client's
 * callers use the global fetch. Only `fetch` is put back after each test (`vi.unstubAllGlobals`
 * would also take away the fake browser's globals).
 */
export function installFakePwpush(): FakePwpush {
  const fake = fakePwpush();
  let network: typeof fetch;
  beforeEach(() => {
    fake.requests.length = 0;
    fake.created.length = 0;
    network = globalThis.fetch;
    globalThis.fetch = fake.fetch;
  });
  afterEach(() => {
    globalThis.fetch = network;
  });
  return fake;
}
