// The /api/v2 endpoints other than create (docs/password-pusher.md#version-and-features, #show,
// #passphrase, #preview, #audit-log, #delete, #lists).
import { timingSafeEqual, createHash } from 'node:crypto';
import { chosenAccount, isCommercial, isMember } from './commercial/accounts.mjs';
import { auditJson, pushJson, pushLocale, versionJson } from './json.mjs';
import { PER_PAGE } from './store.mjs';
import { sendJson } from './respond.mjs';
import { behaviourOf } from './versions.mjs';

const MAX_PAGE = 200;
const PASSPHRASE_LIMIT = 5;
const PASSPHRASE_WINDOW_MS = 60_000;
const NOT_FOUND = { error: 'not-found' };

/** @typedef {import('./respond.mjs').Ctx} Ctx */
/** @typedef {import('./respond.mjs').ServerState} ServerState */
/** @typedef {import('./store.mjs').PushRecord} PushRecord */

/** @param {Ctx} ctx @param {ServerState} state */
export function version(ctx, state) {
  sendJson(ctx.res, 200, versionJson(state.options));
}

/** @param {string} a @param {string} b */
function sameSecret(a, b) {
  const digest = (/** @type {string} */ s) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(a), digest(b));
}

/**
 * Rails `rate_limit` on show: 5 requests carrying `passphrase` per minute per url_token, right or wrong,
 * fixed window from the first hit. Runs before the push is looked up.
 * @param {ServerState} state @param {string} urlToken
 */
function passphraseLimited(state, urlToken) {
  const now = state.now();
  const hits = state.passphraseHits.get(urlToken);
  if (!hits || now - hits.since >= PASSPHRASE_WINDOW_MS) {
    state.passphraseHits.set(urlToken, { since: now, count: 1 });
    return false;
  }
  hits.count += 1;
  return hits.count > PASSPHRASE_LIMIT;
}

/** @param {Ctx} ctx @param {PushRecord} push */
const isOwner = (ctx, push) => ctx.user !== null && push.owner === ctx.user.email;

/**
 * Who may read a push's audit and expire it: its owner, and on the commercial edition every member
 * of the account it lives in (docs/password-pusher.md#accounts, inferred).
 * @param {Ctx} ctx @param {ServerState} state @param {PushRecord} push
 */
const mayManage = (ctx, state, push) =>
  isOwner(ctx, push) || (ctx.user !== null && isCommercial(state) && isMember(state, ctx.user, push.account));

/**
 * `log_view` (docs/password-pusher.md#show): an expired push logs
 * failed_view (which counts); an administrator admin_view, even on their own push; the owner owner_view
 * (neither counts).
 * @param {Ctx} ctx @param {ServerState} state @param {PushRecord} push
 */
export function logView(ctx, state, push) {
  const kind = push.expired ? 'failed_view' : ctx.user?.admin ? 'admin_view' : isOwner(ctx, push) ? 'owner_view' : 'view';
  state.store.log(push, kind, ctx.visitor);
}

/** @param {Ctx} ctx @param {ServerState} state @param {string} urlToken */
export function show(ctx, state, urlToken) {
  const { res, params, store } = { ...ctx, store: state.store };
  const limited = behaviourOf(state.options.version).passphraseRateLimit;
  if (limited && Object.hasOwn(params, 'passphrase') && passphraseLimited(state, urlToken)) {
    return sendJson(res, 429, { error: 'Too many passphrase attempts. Please try again in a minute.' });
  }
  const push = store.find(urlToken);
  if (!push) return sendJson(res, 404, NOT_FOUND);
  store.checkLimits(push);
  if (!push.expired && push.passphrase) {
    const given = typeof params.passphrase === 'string' ? params.passphrase : null;
    if (given === null || !sameSecret(given, push.passphrase)) {
      store.log(push, 'failed_passphrase', ctx.visitor);
      return sendJson(res, 401, {
        error: 'That passphrase is incorrect.',
        message: "This push requires a passphrase. Please provide it using the 'passphrase' parameter (e.g. ?passphrase=mysecret)",
        status: 'unauthorized',
      });
    }
  }
  const wasExpired = push.expired;
  logView(ctx, state, push);
  // The exhausting view still answers expired:false / views_remaining:0 with the payload; expiry follows
  // the response. Pushes with files stay open so the attachments can still be downloaded.
  sendJson(res, 200, pushJson(store, push, ctx.linkOrigin, { payload: true }), wasExpired ? {} : { 'Cache-Control': 'no-cache' });
  if (!wasExpired && push.files.length === 0 && store.viewsRemaining(push) <= 0) store.expire(push);
}

/** @param {Ctx} ctx @param {ServerState} state @param {string} urlToken */
export function preview(ctx, state, urlToken) {
  const push = state.store.find(urlToken);
  if (!push) return sendJson(ctx.res, 404, NOT_FOUND);
  const html = pushJson(state.store, push, ctx.linkOrigin, { locale: pushLocale(ctx.params.push_locale) }).html_url;
  sendJson(ctx.res, 200, { url: html });
}

/** @param {Ctx} ctx @param {ServerState} state @param {string} urlToken */
export function destroy(ctx, state, urlToken) {
  if (chosenAccount(ctx, state) === undefined) return;
  const push = state.store.find(urlToken);
  if (!push) return sendJson(ctx.res, 404, NOT_FOUND);
  // Before 2.9.6 `push.user_id == current_user&.id` held for nil == nil: anyone without a token
  // could expire any anonymous push (commit 7113a9ea8, docs/password-pusher.md#delete).
  const nilOwner = behaviourOf(state.options.version).anonymousOwnsAnonymous && ctx.user === null && push.owner === null;
  // 401 (not 403) even for a signed-in non-owner (docs/password-pusher.md#delete).
  if (!mayManage(ctx, state, push) && !nilOwner && push.deletableByViewer !== true) {
    return sendJson(ctx.res, 401, { error: 'That push is not deletable by viewers.' });
  }
  if (!push.expired) {
    state.store.expire(push);
    state.store.log(push, 'expire', ctx.visitor);
  }
  sendJson(ctx.res, 200, pushJson(state.store, push, ctx.linkOrigin));
}

/**
 * `page`: absent → 1, below 1 → 1, above 200 or not an integer ("abc", "", "1.5") → null (400).
 * @param {URLSearchParams} query @returns {number | null}
 */
export function pageNumber(query) {
  const raw = query.get('page');
  if (raw === null) return 1;
  if (!/^\s*[+-]?\d+\s*$/.test(raw)) return null;
  const page = Number.parseInt(raw, 10);
  if (page > MAX_PAGE) return null;
  return Math.max(page, 1);
}

/**
 * PR #4772 pagination headers (docs/password-pusher.md#lists). Kaminari-style totals: 0 items →
 * 0 pages.
 * @param {Ctx} ctx @param {number} page @param {number} total
 */
function pageHeaders(ctx, page, total) {
  const pages = Math.ceil(total / PER_PAGE);
  const at = (/** @type {number} */ n) => `<${ctx.origin}${ctx.path}?page=${n}>`;
  const links = [`${at(1)}; rel="first"`];
  if (page > 1) links.push(`${at(page - 1)}; rel="prev"`);
  if (page < pages) links.push(`${at(page + 1)}; rel="next"`);
  links.push(`${at(Math.max(pages, 1))}; rel="last"`);
  return {
    Link: links.join(', '),
    'X-Page': String(page),
    'X-Per-Page': String(PER_PAGE),
    'X-Total': String(total),
    'X-Total-Pages': String(pages),
  };
}

/**
 * @template T
 * @param {Ctx} ctx @param {ServerState} state @param {T[]} items @param {(page: T[]) => unknown} render
 */
export function sendPage(ctx, state, items, render) {
  const page = pageNumber(ctx.query);
  if (page === null) return sendJson(ctx.res, 400, { error: 'Invalid page parameter' });
  const slice = items.slice((page - 1) * PER_PAGE, page * PER_PAGE);
  const headers = state.options.paginationHeaders ? pageHeaders(ctx, page, items.length) : {};
  sendJson(ctx.res, 200, render(slice), headers);
}

/** @param {Ctx} ctx @param {ServerState} state @param {string} urlToken */
export function audit(ctx, state, urlToken) {
  if (chosenAccount(ctx, state) === undefined) return;
  const push = state.store.find(urlToken);
  if (!push) return sendJson(ctx.res, 404, NOT_FOUND);
  if (!mayManage(ctx, state, push)) return sendJson(ctx.res, 403, { error: "That push doesn't belong to you." });
  // `{"views":[...]}` until 2.8.2, inherited from v1; `{"logs":[...]}` from 2.9.0.
  const key = behaviourOf(state.options.version).auditKey;
  sendPage(ctx, state, push.audit, (logs) => ({ [key]: logs.map(auditJson) }));
}

/** @param {boolean} expired @returns {(ctx: Ctx, state: ServerState) => void} */
export const listing = (expired) => (ctx, state) => {
  // The commercial edition lists one account's pushes (docs/password-pusher.md#accounts); OSS the token user's.
  const account = chosenAccount(ctx, state);
  if (account === undefined) return;
  const pushes = account ? state.store.listIn(account.id, expired) : state.store.listFor(/** @type {string} */ (ctx.user?.email), expired);
  sendPage(ctx, state, pushes, (page) => page.map((push) => pushJson(state.store, push, ctx.linkOrigin, { owner: true })));
};
