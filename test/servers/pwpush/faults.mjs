// Injected failures for /api/v2/* requests: what a broken instance, proxy or network does to a client.
import { checkHostile, HOSTILE_TYPES, sendHostile } from './hostile.mjs';
import { portalPage, serverErrorPage } from './pages.mjs';
import { redirect, sendEmpty401, sendHtml, sendJson, sendText } from './respond.mjs';

/**
 * @typedef {{ times?: number, paths?: string, method?: string }} FaultScope
 * @typedef {FaultScope & (
 *   | { type: 'unauthorized' }
 *   | { type: 'validation', fields?: Readonly<Record<string, readonly string[]>> }
 *   | { type: 'rate-limit', retryAfter?: number }
 *   | { type: 'server-error' }
 *   | { type: 'html' }
 *   | { type: 'slow', ms: number }
 *   | { type: 'malformed' }
 *   | { type: 'drop' }
 *   | { type: 'redirect', status?: number, location: string }
 *   | { type: 'hostile-link', url: string }
 *   | { type: 'hostile-file-link', url: string }
 *   | import('./hostile.mjs').HostileFault
 * )} Fault
 */

/** A push record cut off mid-value, like a connection closed by a proxy. */
const TRUNCATED_JSON = '{"expire_after_views":5,"expired":false,"url_token":"k3xq9w0l';

const FAULT_TYPES = new Set([
  'unauthorized',
  'validation',
  'rate-limit',
  'server-error',
  'html',
  'slow',
  'malformed',
  'drop',
  'redirect',
  'hostile-link',
  'hostile-file-link',
  ...HOSTILE_TYPES,
]);

/** A moved or hijacked instance (or a proxy in front of it) points the client elsewhere. */
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** A push record in `_push.json.jbuilder`'s shape whose links are `url`. @param {string} url */
function hostilePush(url) {
  const now = new Date().toISOString();
  return {
    expire_after_views: 5,
    expired: false,
    url_token: 'h0stilel1nk0k3n',
    deletable_by_viewer: true,
    retrieval_step: false,
    expired_on: null,
    passphrase: '',
    created_at: now,
    updated_at: now,
    expire_after_days: 7,
    days_remaining: 7,
    views_remaining: 5,
    deleted: false,
    json_url: `${url}.json`,
    html_url: url,
    note: '',
    name: '',
  };
}

/** A retrieved file push (`_push.json.jbuilder` with `files`) whose second file link is `url`. @param {string} origin @param {string} url */
function hostileFilePush(origin, url) {
  return {
    ...hostilePush(`${origin}/p/h0stilef1le0k3n`),
    url_token: 'h0stilef1le0k3n',
    payload: '',
    files: [
      { filename: 'report.pdf', content_type: 'application/pdf', url: `${origin}/pfb/blobs/redirect/f1/report.pdf` },
      { filename: 'invoice.exe', content_type: 'application/octet-stream', url },
    ],
  };
}

/** @param {unknown} value @returns {Fault | null} */
export function validFault(value) {
  if (value === null || value === undefined) return null;
  const type = /** @type {{ type?: unknown }} */ (value).type;
  if (typeof value !== 'object' || typeof type !== 'string' || !FAULT_TYPES.has(type)) {
    throw new TypeError(`unknown fault: ${JSON.stringify(value)}`);
  }
  if ((type === 'hostile-link' || type === 'hostile-file-link') && typeof (/** @type {{ url?: unknown }} */ (value).url) !== 'string') {
    throw new TypeError(`a ${type} fault needs a url: ${JSON.stringify(value)}`);
  }
  if (HOSTILE_TYPES.has(type)) checkHostile(/** @type {Record<string, unknown>} */ (value));
  if (type === 'redirect') {
    const { status = 302, location } = /** @type {{ status?: unknown, location?: unknown }} */ (value);
    if (typeof status !== 'number' || !REDIRECT_STATUSES.has(status) || typeof location !== 'string' || location === '') {
      throw new TypeError(`a redirect fault needs a 3xx status and a location: ${JSON.stringify(value)}`);
    }
  }
  return { .../** @type {Fault} */ (value) };
}

/** Holds the current fault and counts down `times`. */
export class FaultSlot {
  /** @type {Fault | null} */
  current = null;

  /** `times` below 1 means the fault never applies. @param {Fault | null} fault */
  set(fault) {
    this.current = fault && !(fault.times !== undefined && fault.times < 1) ? { ...fault } : null;
  }

  /**
   * The fault that applies to this request (`paths`: part of its path; `method`: only that method);
   * each use counts against `times`. @param {string} path @param {string} [method]
   */
  take(path, method) {
    const fault = this.current;
    if (!fault || (fault.paths !== undefined && !path.includes(fault.paths))) return null;
    if (fault.method !== undefined && fault.method !== method) return null;
    if (fault.times !== undefined && --fault.times <= 0) this.current = null;
    return fault;
  }
}

/**
 * Answers in place of the server. Returns false for `slow`, after the delay, so the real answer follows.
 * @param {Fault} fault @param {import('node:http').ServerResponse} res
 * @param {(ms: number) => Promise<void>} sleep
 * @param {(bytes: number) => void} onOversizedSent told how much of an oversized answer was sent, once it ends
 */
export async function applyFault(fault, res, sleep, onOversizedSent) {
  switch (fault.type) {
    case 'unauthorized':
      sendEmpty401(res);
      return true;
    case 'validation':
      sendJson(res, 422, fault.fields ?? { payload: ['Payload is required.'] });
      return true;
    case 'rate-limit':
      // Rack::Attack's throttled response (docs/password-pusher.md#throttling).
      sendText(res, 429, 'Retry later\n', { 'Retry-After': String(fault.retryAfter ?? 60) });
      return true;
    case 'server-error':
      sendHtml(res, 500, serverErrorPage());
      return true;
    case 'html':
      sendHtml(res, 200, portalPage());
      return true;
    case 'malformed':
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
      res.end(TRUNCATED_JSON);
      return true;
    case 'drop':
      res.socket?.destroy();
      return true;
    case 'redirect':
      // 307/308 tell a client to repeat the same method and body at the new place; 301-303 a GET.
      redirect(res, fault.status ?? 302, fault.location);
      return true;
    case 'hostile-link':
      // A hostile (or badly proxied) instance: create answers 201 and preview 200 with `url` as the link.
      if (res.req.method === 'POST') sendJson(res, 201, hostilePush(fault.url));
      else sendJson(res, 200, { url: fault.url });
      return true;
    case 'hostile-file-link':
      // A retrieved file push with two attachments: one on the instance's own host, one at `url`.
      sendJson(res, 200, hostileFilePush(`http://${res.req.headers.host}`, fault.url));
      return true;
    case 'slow':
      await sleep(fault.ms);
      return false;
    case 'huge-list':
    case 'huge-push':
    case 'endless':
      await sendHostile(fault, res, { origin: `http://${res.req.headers.host}`, sleep, onSent: onOversizedSent });
      return true;
  }
}
