// The commercial edition's requests, "Request a secret" (docs/password-pusher.md#requests-request-a-secret):
// a token user makes a request, shares its `/r/<token>` link, and whoever opens it answers once with a
// secret, which becomes a push in the request's account owned by the requester. What the public
// documentation and pwpush-cli show is followed; where they are silent (the list, the answers) the
// choices are the note's "inferred" ones.
import { isPlainObject } from '../body.mjs';
import { flag, isBlank, permitted, text, toInteger, withinOrDefault } from '../create.mjs';
import { iso, secretUrl } from '../json.mjs';
import { notifyErrors, notifyFields, notifyRecord } from '../notify.mjs';
import { sendJson } from '../respond.mjs';
import { sendPage } from '../routes.mjs';
import { chosenAccount, isMember } from './accounts.mjs';
import { durationDays } from './duration.mjs';
import { RequestStore } from './request-store.mjs';

export { RequestStore };

/** @typedef {import('./request-store.mjs').RequestRecord} RequestRecord */

const DEFAULT_DAYS = 7;
/** How many answers a request takes before it closes (`expire_after_views`): one person, one secret, unless asked. */
const ANSWERS = { min: 1, max: 100, fallback: 1 };
const MAX_TEXT_CHARS = 1_048_576;
const NOT_FOUND = { error: 'not-found' };

/** @typedef {import('../respond.mjs').Ctx} Ctx */
/** @typedef {import('../respond.mjs').ServerState} ServerState */
/** @typedef {import('../store.mjs').Visitor} Visitor */
/** @param {RequestRecord} record @param {string} origin */
export const requestUrl = (record, origin) => `${origin}/r/${record.urlToken}`;

/**
 * One request as the API renders it here: the push record's keys where they mean the same, the text,
 * and its answers (each a push: its token, link, time and state).
 * @param {ServerState} state @param {RequestRecord} record @param {string} origin
 */
export function requestJson(state, record, origin) {
  return {
    url_token: record.urlToken,
    html_url: requestUrl(record, origin),
    request: record.text,
    name: record.name,
    note: record.note,
    expire_after_duration: record.duration,
    expire_after_days: record.days,
    days_remaining: state.secretRequests.daysRemaining(record),
    expire_after_views: record.answers,
    views_remaining: Math.max(record.answers - record.responses.length, 0),
    retrieval_step: record.retrievalStep,
    deletable_by_viewer: record.deletableByViewer,
    expired: record.closed,
    expired_on: iso(record.closedOn),
    created_at: iso(record.createdAt),
    updated_at: iso(record.updatedAt),
    responses: record.responses.flatMap((token) => {
      const push = state.store.find(token);
      if (!push) return [];
      state.store.checkLimits(push);
      return [{ url_token: push.urlToken, html_url: secretUrl(push, origin), created_at: iso(push.createdAt), expired: push.expired }];
    }),
  };
}

/**
 * The request's days: `close_after_duration` (the hosted reference's name) or else `expire_after_duration`
 * (what pwpush-cli sends); without either, or with no code, a week.
 * @param {Record<string, unknown>} fields
 */
function durationOf(fields) {
  for (const key of ['close_after_duration', 'expire_after_duration']) {
    const code = toInteger(permitted(fields, key).value);
    const days = durationDays(code);
    if (days !== null && code !== null) return { duration: code, days };
  }
  return { duration: 12, days: DEFAULT_DAYS };
}

/** `POST /api/v2/requests`. @param {Ctx} ctx @param {ServerState} state */
export function createRequest(ctx, state) {
  const account = chosenAccount(ctx, state);
  if (account === undefined) return;
  const raw = ctx.params.request;
  const fields = isPlainObject(raw) && Object.keys(raw).length ? raw : null;
  if (!fields) return sendJson(ctx.res, 400, { error: 'param is missing or the value is empty or invalid: request' });
  const asked = permitted(fields, 'request').value;
  /** @type {Record<string, string[]>} */
  const errors = {};
  if (isBlank(asked)) errors.request = ["can't be blank"];
  else if ([...String(asked)].length > MAX_TEXT_CHARS) errors.request = [`is too long (maximum is ${MAX_TEXT_CHARS} characters)`];
  const notify = notifyFields(fields, state.options);
  Object.assign(errors, notifyErrors(notify, ctx, state.options));
  if (Object.keys(errors).length) return sendJson(ctx.res, 422, errors);
  const record = state.secretRequests.add({
    owner: /** @type {string} */ (ctx.user?.email),
    account: /** @type {number} */ (account?.id),
    text: String(asked),
    name: text(permitted(fields, 'name').value),
    note: text(permitted(fields, 'note').value),
    ...durationOf(fields),
    answers: withinOrDefault(toInteger(permitted(fields, 'expire_after_views').value), ANSWERS),
    retrievalStep: flag(fields, 'retrieval_step'),
    deletableByViewer: flag(fields, 'deletable_by_viewer'),
  });
  const json = requestJson(state, record, ctx.linkOrigin);
  const sent = notifyRecord(notify);
  sendJson(ctx.res, 201, sent ? { ...json, notify_emails_to: sent.recipients, notify_emails_to_locale: sent.locale } : json);
}

/** `GET /api/v2/requests?page=`: the account's requests, newest first, 50 a page. @param {Ctx} ctx @param {ServerState} state */
export function listRequests(ctx, state) {
  const account = chosenAccount(ctx, state);
  if (account === undefined) return;
  const records = account ? state.secretRequests.listIn(account.id) : [];
  sendPage(ctx, state, records, (page) => page.map((record) => requestJson(state, record, ctx.linkOrigin)));
}

/**
 * The request a token may see: a member of its account. Answers 404 or 403 itself otherwise.
 * @param {Ctx} ctx @param {ServerState} state @param {string} urlToken
 */
function ownRequest(ctx, state, urlToken) {
  if (chosenAccount(ctx, state) === undefined) return null;
  const record = state.secretRequests.find(urlToken);
  if (!record) {
    sendJson(ctx.res, 404, NOT_FOUND);
    return null;
  }
  if (!ctx.user || !isMember(state, ctx.user, record.account)) {
    sendJson(ctx.res, 403, { error: "That request doesn't belong to you." });
    return null;
  }
  return record;
}

/** `GET /api/v2/requests/:url_token`. @param {Ctx} ctx @param {ServerState} state @param {string} urlToken */
export function showRequest(ctx, state, urlToken) {
  const record = ownRequest(ctx, state, urlToken);
  if (record) sendJson(ctx.res, 200, requestJson(state, record, ctx.linkOrigin));
}

/** `GET /api/v2/requests/:url_token/preview` → `{"url": ...}`, as pwpush-cli reads it. @param {Ctx} ctx @param {ServerState} state @param {string} urlToken */
export function previewRequest(ctx, state, urlToken) {
  const record = ownRequest(ctx, state, urlToken);
  if (record) sendJson(ctx.res, 200, { url: requestUrl(record, ctx.linkOrigin) });
}

/** `DELETE /api/v2/requests/:url_token`: closes it; its answers stay. @param {Ctx} ctx @param {ServerState} state @param {string} urlToken */
export function closeRequest(ctx, state, urlToken) {
  const record = ownRequest(ctx, state, urlToken);
  if (!record) return;
  state.secretRequests.close(record);
  sendJson(ctx.res, 200, requestJson(state, record, ctx.linkOrigin));
}

/**
 * Someone answers the request at its link: the secret becomes a push of the requester's, in the
 * request's account, living the request's days. `null` when the request is gone or closed.
 * @param {ServerState} state @param {string} urlToken @param {string} payload @param {Visitor} visitor
 */
export function answerRequest(state, urlToken, payload, visitor) {
  const record = state.secretRequests.find(urlToken);
  if (!record || record.closed || payload === '') return null;
  const push = state.store.add(
    {
      kind: 'text',
      payload,
      passphrase: '',
      name: record.name,
      note: '',
      owner: record.owner,
      account: record.account,
      expireAfterDays: record.days,
      expireAfterViews: 5,
      deletableByViewer: false,
      retrievalStep: false,
      files: [],
    },
    visitor,
  );
  record.responses.push(push.urlToken);
  record.updatedAt = state.now();
  if (record.responses.length >= record.answers) state.secretRequests.close(record);
  return push;
}
