import { fail, ok } from '../result';
import { REQUEST_MAX_BYTES, REQUEST_PAGE_MAX_BYTES } from './answer-limits';
import { accountOf, inAccount } from './account-param';
import { send } from './client';
import { expireAfterDuration } from './duration';
import { parsePreviewUrl, toPage } from './parse';
import { parseRequestList, parseSecretRequest } from './parse-commercial';
import type { ClientConfig, Page, PushResult, RequestInput, SecretRequest } from './types';
import { isUrlToken } from './url-token';

/**
 * "Request a secret" on the commercial edition (docs/password-pusher.md#requests-request-a-secret):
 * a request asks someone to send the token's owner a secret through its link. Every call needs the
 * token; each is one request, but a create whose answer carries no link reads it from the preview.
 */

const MAX_PAGE = 200;

/** Only a token that looks like one goes into a path (./url-token.ts). */
function requestPath(urlToken: string, suffix = ''): string | undefined {
  return isUrlToken(urlToken) ? `/requests/${urlToken}${suffix}` : undefined;
}

/**
 * The fields as pwpush-cli's `request` sends them, plus `close_after_duration`, the hosted reference's
 * name for the same days: a server reads the one it permits and drops the other.
 */
function requestFields(input: RequestInput): Record<string, string | number | boolean> {
  const fields: Record<string, string | number | boolean> = { request: input.text };
  if (input.expireAfterDays !== undefined && Number.isFinite(input.expireAfterDays)) {
    const code = expireAfterDuration(input.expireAfterDays);
    fields.expire_after_duration = code;
    fields.close_after_duration = code;
  }
  if (input.expireAfterViews !== undefined && Number.isFinite(input.expireAfterViews)) fields.expire_after_views = input.expireAfterViews;
  if (input.deletableByViewer !== undefined) fields.deletable_by_viewer = input.deletableByViewer;
  if (input.retrievalStep !== undefined) fields.retrieval_step = input.retrievalStep;
  if (input.name) fields.name = input.name;
  if (input.note) fields.note = input.note;
  if (input.emailTo) {
    fields.notify_emails_to = input.emailTo;
    if (input.emailLocale) fields.notify_emails_to_locale = input.emailLocale;
  }
  return fields;
}

/** `POST /requests` with `account_id` beside `request`; the link from the answer, else from the preview. */
export async function createRequest(cfg: ClientConfig, input: RequestInput): Promise<PushResult<SecretRequest>> {
  if (!cfg.token?.trim()) return fail({ kind: 'unauthorized' });
  const account = accountOf(cfg);
  const request = requestFields(input);
  const created = await send(cfg, 'POST', '/requests', REQUEST_MAX_BYTES, (r) => parseSecretRequest(r.body, r.status), {
    json: account ? { request, account_id: account } : { request },
  });
  if (!created.ok || created.value.htmlUrl) return created;
  const preview = await requestLink(cfg, created.value.urlToken);
  return preview.ok ? ok({ ...created.value, htmlUrl: preview.value }) : preview;
}

/** `GET /requests/:token/preview` → the link to send, as pwpush-cli reads it. */
export function requestLink(cfg: ClientConfig, urlToken: string): Promise<PushResult<string>> {
  const path = requestPath(urlToken, '/preview');
  if (!path) return Promise.resolve(fail({ kind: 'bad-request' }));
  return send(cfg, 'GET', inAccount(cfg, path), REQUEST_MAX_BYTES, (r) => parsePreviewUrl(r.body, r.status));
}

/** `GET /requests?page=`: the account's requests with their answers, newest first, 50 a page. */
export function listRequests(cfg: ClientConfig, page = 1): Promise<PushResult<Page<SecretRequest>>> {
  if (!Number.isInteger(page) || page < 1 || page > MAX_PAGE) return Promise.resolve(fail({ kind: 'bad-request' }));
  return send(cfg, 'GET', inAccount(cfg, `/requests?page=${page}`), REQUEST_PAGE_MAX_BYTES, (r) => {
    const requests = parseRequestList(r.body, r.status);
    return requests.ok ? ok(toPage(requests.value, page, r.headers)) : requests;
  });
}

/** `DELETE /requests/:token`: closes a request; its answers stay. */
export function closeRequest(cfg: ClientConfig, urlToken: string): Promise<PushResult<SecretRequest>> {
  const path = requestPath(urlToken);
  if (!path) return Promise.resolve(fail({ kind: 'bad-request' }));
  return send(cfg, 'DELETE', inAccount(cfg, path), REQUEST_MAX_BYTES, (r) => parseSecretRequest(r.body, r.status));
}
