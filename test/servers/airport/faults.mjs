// Switchable failures: the gateway's 401/403/429 (docs/airport-api.md#errors), a backend 500
// (body unknown, same section; see apim.mjs), and transport trouble (slow, truncated, dropped).
import {
  apimBody,
  DEFAULT_QUOTA_RETRY_AFTER,
  DEFAULT_RATE_LIMIT_RETRY_AFTER,
  INVALID_KEY_MESSAGE,
  quotaMessage,
  rateLimitMessage,
  SERVER_ERROR_MESSAGE,
} from './apim.mjs';
import { HOSTILE_TYPES } from './hostile.mjs';

/** @typedef {import('./server.d.mts').Fault} Fault */
/** @typedef {import('./answers.mjs').Answer & { headers?: Record<string, string> }} Answer */

const TYPES = ['unauthorized', 'quota', 'rate-limit', 'server-error', 'slow', 'malformed', 'drop', 'redirect', ...HOSTILE_TYPES];

/** @param {unknown} value */
const isCount = (value) => typeof value === 'number' && Number.isFinite(value) && value >= 0;

/**
 * Throws on a fault a test could not have meant, so a typo fails loudly instead of testing nothing.
 * @param {Fault} fault
 */
function check(fault) {
  if (!TYPES.includes(fault.type)) throw new TypeError(`Unknown fault type: ${fault.type}`);
  if (fault.times !== undefined && !(Number.isInteger(fault.times) && fault.times > 0)) {
    throw new RangeError('fault.times must be a positive integer');
  }
  if (fault.type === 'slow' && !isCount(fault.ms)) throw new RangeError('slow fault needs ms >= 0');
  if (fault.type === 'huge' && !(Number.isInteger(fault.count) && fault.count >= 0)) throw new RangeError('huge fault needs a count');
  if (fault.type === 'endless' && fault.chunkDelayMs !== undefined && !(Number.isInteger(fault.chunkDelayMs) && fault.chunkDelayMs >= 0)) {
    throw new RangeError('endless fault: chunkDelayMs is a whole number of ms');
  }
  if (
    fault.type === 'redirect' &&
    (typeof fault.location !== 'string' || fault.location === '' || ![301, 302, 303, 307, 308].includes(fault.status ?? 302))
  ) {
    throw new TypeError('redirect fault needs a location and a 3xx status');
  }
  if ((fault.type === 'quota' || fault.type === 'rate-limit') && fault.retryAfter !== undefined && !isCount(fault.retryAfter)) {
    throw new RangeError('retryAfter must be a number of seconds >= 0');
  }
}

/** The one active fault and how many more requests it applies to. */
export class FaultSwitch {
  /** @type {Fault | null} */
  fault = null;
  remaining = Infinity;

  /** @param {Fault | null} fault */
  set(fault) {
    if (fault) check(fault);
    this.fault = fault ? { ...fault } : null;
    this.remaining = fault?.times ?? Infinity;
  }

  /**
   * The fault for this request, counting it against `times`; null when none applies.
   * @param {string} pathname
   */
  take(pathname) {
    const fault = this.fault;
    if (!fault || (fault.paths !== undefined && !pathname.includes(fault.paths))) return null;
    this.remaining -= 1;
    if (this.remaining <= 0) this.fault = null;
    return fault;
  }
}

/**
 * @param {number} status @param {string} message @param {Record<string, string>} [headers]
 * @returns {Answer}
 */
const gateway = (status, message, headers) => ({ status, xml: false, body: apimBody(status, message), headers });

/**
 * @param {{ retryAfter?: number, retryAfterHeader?: boolean }} fault
 * @param {number} seconds
 */
const retryHeaders = (fault, seconds) => (fault.retryAfterHeader === false ? {} : { 'Retry-After': String(Math.floor(seconds)) });

/**
 * The answer under `fault` ('slow', 'drop', 'huge' and 'endless' are handled by the caller's transport).
 * @param {Fault | null} fault
 * @param {() => Answer} normal the answer without a fault
 * @returns {Answer}
 */
export function faultAnswer(fault, normal) {
  switch (fault?.type) {
    case 'unauthorized':
      return gateway(401, INVALID_KEY_MESSAGE);
    case 'quota': {
      const seconds = fault.retryAfter ?? DEFAULT_QUOTA_RETRY_AFTER;
      return gateway(403, quotaMessage(seconds), retryHeaders(fault, seconds));
    }
    case 'rate-limit': {
      const seconds = fault.retryAfter ?? DEFAULT_RATE_LIMIT_RETRY_AFTER;
      return gateway(429, rateLimitMessage(seconds), retryHeaders(fault, seconds));
    }
    case 'server-error':
      return gateway(500, SERVER_ERROR_MESSAGE);
    case 'redirect':
      // A moved or hijacked gateway: a client that follows it hands the subscription key on.
      return { status: fault.status ?? 302, xml: false, body: '', headers: { Location: fault.location } };
    case 'malformed': {
      const answer = normal();
      return { ...answer, status: 200, body: answer.body.slice(0, Math.max(1, Math.floor(answer.body.length / 2))) };
    }
    default:
      return normal();
  }
}
