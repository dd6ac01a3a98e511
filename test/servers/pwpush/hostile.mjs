// Oversized answers a hostile or broken instance could send (opt-in faults, never the default):
// a list page of N pushes where a page holds 50 (docs/password-pusher.md#lists), a push record
// of N bytes, and a JSON answer that never ends, fast or as a slow drip.
import { listed, repeated, streamAnswer } from '../hostile-stream.mjs';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * @typedef {{ type: 'huge-list', count: number, contentLength?: boolean }
 *   | { type: 'huge-push', bytes: number, contentLength?: boolean }
 *   | { type: 'endless', chunkDelayMs?: number }} HostileFault
 */

export const HOSTILE_TYPES = new Set(['huge-list', 'huge-push', 'endless']);

/** @param {unknown} value */
const isCount = (value) => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** Throws on a hostile fault a test could not have meant. @param {Record<string, unknown>} fault */
export function checkHostile(fault) {
  if (fault.type === 'huge-list' && !isCount(fault.count)) throw new TypeError(`a huge-list fault needs a count: ${JSON.stringify(fault)}`);
  if (fault.type === 'huge-push' && !isCount(fault.bytes)) throw new TypeError(`a huge-push fault needs bytes: ${JSON.stringify(fault)}`);
  if (fault.type === 'endless' && fault.chunkDelayMs !== undefined && !isCount(fault.chunkDelayMs)) {
    throw new TypeError(`an endless fault's chunkDelayMs is a whole number of ms: ${JSON.stringify(fault)}`);
  }
}

/**
 * A push record in the active list's shape (`_push.json.jbuilder`), links on `origin`; `index`
 * makes its token, always 16 characters, so every record has the same length.
 * @param {string} origin @param {number} index
 */
function record(origin, index) {
  const token = `h${index.toString(36).padStart(15, '0')}`;
  const at = '2026-08-21T10:15:30.123Z';
  return {
    expire_after_views: 5,
    expired: false,
    url_token: token,
    deletable_by_viewer: true,
    retrieval_step: false,
    expired_on: null,
    passphrase: '',
    created_at: at,
    updated_at: at,
    expire_after_days: 7,
    days_remaining: 7,
    views_remaining: 5,
    deleted: false,
    json_url: `${origin}/p/${token}.json`,
    html_url: `${origin}/p/${token}`,
    note: '',
    name: `Push ${token}`,
  };
}

/**
 * Answers in place of the server with an oversized body, streamed.
 * @param {HostileFault} fault
 * @param {import('node:http').ServerResponse} res
 * @param {{ origin: string, sleep: (ms: number) => Promise<void>, onSent: (bytes: number) => void }} context
 */
export function sendHostile(fault, res, { origin, sleep, onSent }) {
  const stream = (/** @type {number} */ status, /** @type {Iterable<string>} */ chunks, /** @type {number | null} */ length, delayMs = 0) =>
    streamAnswer(res, status, { 'Content-Type': JSON_TYPE, ...(length === null ? {} : { 'Content-Length': String(length) }) }, chunks, {
      chunkDelayMs: delayMs,
      sleep,
      onSent,
    });
  switch (fault.type) {
    case 'huge-list': {
      const item = (/** @type {number} */ index) => JSON.stringify(record(origin, index));
      // Every record has the same length, so the whole body's length is known before it is made.
      const length = 2 + fault.count * Buffer.byteLength(item(0)) + Math.max(0, fault.count - 1);
      return stream(200, listed('[', fault.count, item, ',', ']'), fault.contentLength ? length : null);
    }
    case 'huge-push': {
      const [head = '', tail = ''] = JSON.stringify({ ...record(origin, 0), note: '\u0000' }).split('\\u0000');
      const status = res.req.method === 'POST' ? 201 : 200;
      const length = Buffer.byteLength(head + tail) + fault.bytes;
      return stream(status, around(head, repeated('x', fault.bytes), tail), fault.contentLength ? length : null);
    }
    case 'endless': {
      // A slow drip sends a few bytes at a time, as a stalled proxy would.
      const delayMs = fault.chunkDelayMs ?? 0;
      return stream(200, around('{"note":"', repeated('x', Number.POSITIVE_INFINITY, delayMs > 0 ? 16 : 64 * 1024), ''), null, delayMs);
    }
  }
}

/** @param {string} head @param {Iterable<string>} middle @param {string} tail */
function* around(head, middle, tail) {
  yield head;
  yield* middle;
  if (tail) yield tail;
}
