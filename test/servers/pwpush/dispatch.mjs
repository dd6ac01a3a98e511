// One request through the reference server: log it, apply a fault, route it, run the API gate
// (docs/password-pusher.md#request-pipeline: gate, then first-run redirect, then the action).
import { parseBody } from './body.mjs';
import { listAccounts } from './commercial/accounts.mjs';
import { serveRequestPage } from './commercial/request-page.mjs';
import { closeRequest, createRequest, listRequests, previewRequest, showRequest } from './commercial/requests.mjs';
import { createPush } from './create.mjs';
import { applyFault } from './faults.mjs';
import * as pages from './pages.mjs';
import { audit, destroy, listing, logView, preview, show, version } from './routes.mjs';
import { redirect, sendEmpty401, sendHtml, sendJson, wantsJson } from './respond.mjs';
import { readBodyAsConfigured } from './uploads.mjs';
import { mfaRequiredText } from './translated.mjs';
import { behaviourOf } from './versions.mjs';

/** @typedef {import('./respond.mjs').Ctx} Ctx */
/** @typedef {import('./respond.mjs').ServerState} ServerState */
/** @typedef {(ctx: Ctx, state: ServerState, urlToken: string) => void} Handler */

/** Declared before `show`, as in routes.rb, so `active`/`expired` are never taken for tokens. */
const API_ROUTES = /** @type {Array<[string, RegExp, string, Handler]>} */ ([
  ['GET', /^\/api\/v2\/version$/, 'version', version],
  ['POST', /^\/api\/v2\/pushes$/, 'create', createPush],
  ['GET', /^\/api\/v2\/pushes\/active$/, 'active', listing(false)],
  ['GET', /^\/api\/v2\/pushes\/expired$/, 'expired', listing(true)],
  ['GET', /^\/api\/v2\/pushes\/([^/.]+)\/preview$/, 'preview', preview],
  ['GET', /^\/api\/v2\/pushes\/([^/.]+)\/audit$/, 'audit', audit],
  ['GET', /^\/api\/v2\/pushes\/([^/.]+)$/, 'show', show],
  ['DELETE', /^\/api\/v2\/pushes\/([^/.]+)$/, 'destroy', destroy],
]);
/** The commercial edition's own (docs/password-pusher.md#commercial-edition); OSS leaves them unrouted (404). */
const ACCOUNT_ROUTES = /** @type {Array<[string, RegExp, string, Handler]>} */ ([
  ['GET', /^\/api\/v2\/accounts$/, 'accounts', listAccounts],
]);
const REQUEST_ROUTES = /** @type {Array<[string, RegExp, string, Handler]>} */ ([
  ['POST', /^\/api\/v2\/requests$/, 'request-create', createRequest],
  ['GET', /^\/api\/v2\/requests$/, 'requests', listRequests],
  ['GET', /^\/api\/v2\/requests\/([^/.]+)\/preview$/, 'request-preview', previewRequest],
  ['GET', /^\/api\/v2\/requests\/([^/.]+)$/, 'request-show', showRequest],
  ['DELETE', /^\/api\/v2\/requests\/([^/.]+)$/, 'request-close', closeRequest],
]);
const TOKEN_ONLY = new Set([
  'audit',
  'active',
  'expired',
  'accounts',
  'request-create',
  'requests',
  'request-preview',
  'request-show',
  'request-close',
]);

/** @param {ServerState} state */
function routesOf(state) {
  if (state.options.edition !== 'commercial') return API_ROUTES;
  return [...API_ROUTES, ...ACCOUNT_ROUTES, ...(state.options.requestsEnabled === false ? [] : REQUEST_ROUTES)];
}

/** @param {string | string[] | undefined} value */
const first = (value) => (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim() || undefined;

/** Legacy X-User-Email + X-User-Token wins; else the last space-separated word of Authorization. @param {import('node:http').IncomingHttpHeaders} headers */
function tokenFromHeaders(headers) {
  const legacy = headers['x-user-token'];
  if (headers['x-user-email'] !== undefined && typeof legacy === 'string') return legacy;
  return (headers.authorization ?? '').trim().split(/\s+/).at(-1) ?? '';
}

/**
 * `Api::BaseController#require_api_authentication` (docs/password-pusher.md#auth-gate). Any
 * Authorization or X-User-Token header that does not name a user is a 401, even an empty
 * `Bearer `, except on /version.
 * @returns {{ user: import('./respond.mjs').User | null } | null} null → 401 empty body
 */
function gate(/** @type {string} */ action, /** @type {Ctx} */ ctx, /** @type {ServerState} */ state) {
  const { headers } = ctx.req;
  const token = tokenFromHeaders(headers);
  // A fresh instance (first run) has no users yet, so no token can match
  // (docs/password-pusher.md#first-run).
  const users = state.options.firstRun ? [] : state.options.users;
  const user = token ? users.find((candidate) => candidate.token === token) : undefined;
  if (user) return { user };
  if (action === 'version') return { user: null };
  if (headers.authorization !== undefined || headers['x-user-token'] !== undefined) return null;
  if (!state.options.allowAnonymous || TOKEN_ONLY.has(action)) return null;
  return { user: null };
}

/**
 * Before 2.7.3 the v2 routes had no default format: without `Accept: application/json` or a `.json`
 * suffix the request was an HTML one (docs/password-pusher.md#format-negotiation). 2.4.1 forced
 * JSON in the pushes controller. `/version` has always rendered JSON whatever the format.
 */
function answersJson(/** @type {string} */ action, /** @type {Ctx} */ ctx, /** @type {ServerState} */ state) {
  const behaviour = behaviourOf(state.options.version);
  if (action === 'version' || behaviour.jsonByDefault || behaviour.pushesForceJson) return true;
  return wantsJson(ctx.req, ctx.path);
}

/** @param {Ctx} ctx @param {ServerState} state @param {boolean} malformedBody */
function runApi(ctx, state, malformedBody) {
  if (!behaviourOf(state.options.version).apiV2) return false;
  const stem = ctx.path.replace(/\.json$/, '');
  for (const [method, pattern, action, handler] of routesOf(state)) {
    const match = method === ctx.method ? pattern.exec(stem) : null;
    if (!match) continue;
    // Rails parses the body when the gate first reads `params`: bad JSON is a 400 before anything else.
    if (malformedBody) {
      sendJson(ctx.res, 400, { status: 400, error: 'Bad Request' });
      return true;
    }
    if (!answersJson(action, ctx, state)) {
      sendHtml(ctx.res, 406, pages.notAcceptablePage());
      return true;
    }
    const admitted = gate(action, ctx, state);
    if (!admitted) {
      sendEmpty401(ctx.res);
      return true;
    }
    ctx.user = admitted.user;
    if (state.options.firstRun) {
      redirect(ctx.res, 302, `${ctx.origin}/first_run`);
      return true;
    }
    if (ctx.user?.mfaMissing) {
      sendJson(ctx.res, 403, { error: mfaRequiredText(ctx.req.headers['accept-language']) });
      return true;
    }
    handler(ctx, state, decodeURIComponent(match[1] ?? ''));
    return true;
  }
  return false;
}

/** Web pages. A secret page never shows or consumes the payload here. @param {Ctx} ctx @param {ServerState} state */
function servePage(ctx, state) {
  const { res, path } = ctx;
  if (ctx.method !== 'GET') return false;
  if (path === '/up') {
    sendHtml(res, 200, pages.healthPage());
    return true;
  }
  const blob = /^\/pfb\/blobs\/redirect\/([^/]+)\/[^/]+$/.exec(path);
  if (blob) {
    const file = state.store.blob(blob[1] ?? '');
    if (!file) return false;
    res.writeHead(200, {
      'Content-Type': file.contentType,
      'Content-Disposition': `attachment; filename="${encodeURIComponent(file.filename)}"`,
    });
    res.end(file.data);
    return true;
  }
  // `users/registrations_controller.rb#token`: the token page wants a signed-in browser; the API's
  // token is no session, so a browser without one is sent to sign in first (the page then shows the
  // token and its "regenerate" button, `DELETE /users/token`).
  if (path === '/users/token') {
    redirect(res, 302, `${ctx.origin}/users/sign_in`);
    return true;
  }
  if (path === '/users/sign_in') {
    sendHtml(res, 200, pages.signInPage());
    return true;
  }
  if (path === '/first_run') {
    if (state.options.firstRun) sendHtml(res, 200, pages.firstRunPage());
    else redirect(res, 302, `${ctx.origin}/`);
    return true;
  }
  const secret = /^\/p\/([a-z0-9_-]+)(\/r)?$/i.exec(path);
  const legacy = /^\/[fr]\/([a-z0-9_-]+)(\/r)?$/i.exec(path);
  if (path !== '/' && !secret && !legacy) return false;
  if (state.options.firstRun) {
    redirect(res, 302, `${ctx.origin}/first_run`);
    return true;
  }
  if (path === '/') {
    sendHtml(res, 200, pages.homePage());
    return true;
  }
  if (legacy) {
    redirect(res, 301, `${ctx.origin}/p/${legacy[1]}${legacy[2] ?? ''}`);
    return true;
  }
  const push = state.store.find(secret?.[1] ?? '');
  if (push) state.store.checkLimits(push);
  // `PushesController#show`: the page itself claims a view, logged with the visitor's IP, user agent
  // and referrer, as a link preview's or a person's browser fetches it; `/r` (the retrieval step's
  // page) and a passphrase push (sent to its passphrase page first) claim none (docs/password-pusher.md#show).
  const viewed = push && !push.expired && !secret?.[2] && !push.passphrase;
  if (viewed) logView(ctx, state, push);
  sendHtml(res, 200, push && !push.expired ? pages.secretLinkPage(Boolean(secret?.[2])) : pages.expiredPage());
  if (viewed && push.files.length === 0 && state.store.viewsRemaining(push) <= 0) state.store.expire(push);
  return true;
}

/** @param {import('node:http').IncomingMessage} req @param {string} fallback */
function originOf(req, fallback) {
  const host = first(req.headers['x-forwarded-host']) ?? req.headers.host;
  return host ? `${first(req.headers['x-forwarded-proto']) ?? 'http'}://${host}` : fallback;
}

/** `log_event` takes X-Forwarded-For verbatim when present, else REMOTE_ADDR. @param {import('node:http').IncomingMessage} req */
function visitorOf(req) {
  const forwarded = req.headers['x-forwarded-for'];
  const remote = (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
  return {
    ip: typeof forwarded === 'string' && forwarded.trim() ? forwarded : remote,
    userAgent: req.headers['user-agent'] ?? '',
    referrer: req.headers.referer ?? '',
  };
}

/** @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res @param {ServerState} state */
export async function handleRequest(req, res, state) {
  // Wall-clock time, not the server's (which a test may move on): when the request reached it.
  const at = Date.now();
  const url = new URL(req.url ?? '/', 'http://localhost');
  const path = url.pathname;
  const contentType = req.headers['content-type'] ?? null;
  const raw = await readBodyAsConfigured(req, res, state.options);
  if (raw === null) return;
  const body = await parseBody(raw, contentType, url.searchParams);
  const record = {
    method: req.method ?? 'GET',
    path,
    query: Object.fromEntries(url.searchParams),
    authorization: req.headers.authorization ?? null,
    contentType,
    body: body.logged,
    at,
    connection: state.connectionIds.get(req.socket) ?? 0,
  };
  // The status once answered (none for a connection dropped before any answer): how a throttle's 429s are counted.
  res.on('finish', () => {
    record.status = res.statusCode;
  });
  state.requests.push(record);
  for (const listener of state.listeners) listener(record);
  if (state.throttle.refuse(state.options.throttle, visitorOf(req).ip, path, state.now(), res)) return;
  if (path.startsWith('/api/v2')) {
    const fault = state.fault.take(path, req.method);
    if (fault && (await applyFault(fault, res, state.sleep, (bytes) => state.oversizedSent.push(bytes)))) return;
  }
  /** @type {Ctx} */
  const ctx = {
    req,
    res,
    method: req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET'),
    path,
    query: url.searchParams,
    params: body.params,
    origin: originOf(req, state.url),
    linkOrigin: state.options.overrideBaseUrl || originOf(req, state.url),
    user: null,
    visitor: visitorOf(req),
  };
  if (runApi(ctx, state, body.malformed) || serveRequestPage(ctx, state) || servePage(ctx, state)) return;
  // Unrouted, including GET /api/v2/pushes (index), PUT/PATCH and CORS preflights
  // (docs/password-pusher.md#routes).
  if (wantsJson(req, path)) sendJson(res, 404, { status: 404, error: 'Not Found' });
  else sendHtml(res, 404, pages.notFoundPage(path));
}
