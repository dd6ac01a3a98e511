// Response helpers, and the types shared by the handlers: server state and per-request context.

/**
 * @typedef {{ token: string, email: string, mfaMissing?: boolean, admin?: boolean,
 *   accounts?: Array<{ id: number, name: string, role: string }> }} User
 */
/**
 * @typedef {object} Ctx
 * @property {import('node:http').IncomingMessage} req
 * @property {import('node:http').ServerResponse} res
 * @property {string} method request method, HEAD answered as GET
 * @property {string} path URL path as requested
 * @property {URLSearchParams} query
 * @property {Record<string, unknown>} params body and query parameters, Rails style
 * @property {string} origin scheme://host:port the client used (Host / X-Forwarded-* headers)
 * @property {string} linkOrigin where the links it hands out point: `override_base_url` when set, else `origin`
 * @property {User | null} user
 * @property {import('./store.mjs').Visitor} visitor
 */
/**
 * @typedef {object} ResolvedOptions
 * @property {number} port
 * @property {'oss' | 'commercial'} edition
 * @property {boolean} allowAnonymous
 * @property {boolean} enableFilePushes
 * @property {boolean} enableUrlPushes
 * @property {boolean} enableQrPushes
 * @property {boolean} firstRun
 * @property {boolean} paginationHeaders
 * @property {string} version the Password Pusher release imitated, e.g. '2.8.2' (see versions.mjs)
 * @property {User[]} users
 * @property {(() => number) | undefined} now
 * @property {number} [uploadBytesPerSecond] read request bodies no faster than this (a slow uplink)
 * @property {number} [maxBodyBytes] a proxy's size limit: longer bodies get nginx's 413 HTML page
 * @property {number} [createAnswerDelayMs] a create stores the push at once but answers only this much later
 * @property {import('./throttle.mjs').ThrottleLimits | false} throttle Rack::Attack's per-IP limits, or none
 * @property {string} [overrideBaseUrl] the instance's `override_base_url`: the links it hands out use it (docs/password-pusher.md#secret-url)
 * @property {boolean} [emailConfigured] SMTP is set: e-mailing a new push's link works (2.9.0+)
 * @property {boolean} [requestsEnabled] the commercial edition's requests; on unless false
 * @property {Array<'text' | 'url' | 'file' | 'qr'>} [retrievalStepDisabled] the kinds whose `enable_retrieval_step` is false
 */
/** @typedef {{ method: string, path: string, query: Record<string, string>, authorization: string | null, contentType: string | null, body: unknown, at: number, connection: number, status?: number }} RequestRecord */
/**
 * @typedef {object} ServerState
 * @property {ResolvedOptions} options
 * @property {import('./store.mjs').PushStore} store
 * @property {import('./commercial/requests.mjs').RequestStore} secretRequests the commercial edition's requests
 * @property {import('./faults.mjs').FaultSlot} fault
 * @property {import('./throttle.mjs').Throttle} throttle
 * @property {Map<string, { since: number, count: number }>} passphraseHits
 * @property {RequestRecord[]} requests
 * @property {Array<{ id: number, at: number }>} connections each TCP connection a client opened, by the wall clock, oldest first
 * @property {WeakMap<import('node:net').Socket, number>} connectionIds
 * @property {Set<(request: RequestRecord) => void>} listeners run as each request arrives (`onRequest`)
 * @property {number[]} oversizedSent bytes sent of each oversized (hostile) answer, once it ended
 * @property {() => number} now
 * @property {(ms: number) => Promise<void>} sleep
 * @property {string} url
 */

const JSON_TYPE = 'application/json; charset=utf-8';

/** @param {import('node:http').ServerResponse} res @param {number} status @param {unknown} body @param {Record<string, string>} [headers] */
export function sendJson(res, status, body, headers = {}) {
  res.writeHead(status, { 'Content-Type': JSON_TYPE, ...headers });
  res.end(JSON.stringify(body));
}

/**
 * Rails `head :unauthorized` from the API gate: no body, JSON content type
 * (docs/password-pusher.md#auth-gate). @param {import('node:http').ServerResponse} res
 */
export function sendEmpty401(res) {
  res.writeHead(401, { 'Content-Type': 'application/json' });
  res.end();
}

/** @param {import('node:http').ServerResponse} res @param {number} status @param {string} html @param {Record<string, string>} [headers] */
export function sendHtml(res, status, html, headers = {}) {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', ...headers });
  res.end(html);
}

/** @param {import('node:http').ServerResponse} res @param {number} status @param {string} text @param {Record<string, string>} [headers] */
export function sendText(res, status, text, headers = {}) {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers });
  res.end(text);
}

/** @param {import('node:http').ServerResponse} res @param {number} status @param {string} location */
export function redirect(res, status, location) {
  sendHtml(res, status, `<html><body>You are being <a href="${location}">redirected</a>.</body></html>`, { Location: location });
}

/**
 * Rails' PublicExceptions answers JSON only when the request format resolves to JSON (a `.json`
 * extension or an Accept header naming JSON); otherwise the HTML error page.
 * @param {import('node:http').IncomingMessage} req @param {string} path
 */
export function wantsJson(req, path) {
  return path.endsWith('.json') || /application\/json|\+json/i.test(req.headers.accept ?? '');
}
