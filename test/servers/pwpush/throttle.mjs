// Rack::Attack's two general throttles as Password Pusher configures them
// (docs/password-pusher.md#throttling): 120 requests a minute and 60 a second per client IP, in
// fixed windows of the epoch (a counter per `floor(epoch seconds / period)`, as Rack::Attack keys
// its cache), answered 429 `Retry later\n` with Retry-After = the seconds left in the window.
import { sendText } from './respond.mjs';

/** @typedef {{ perMinute?: number, perSecond?: number }} ThrottleLimits */

export const REAL_LIMITS = Object.freeze({ perMinute: 120, perSecond: 60 });

/**
 * The two throttles in the order Rack::Attack checks them; it stops at the first one that
 * throttles, so a request refused by the minute's limit is not counted against the second's.
 */
const RULES = [
  { name: 'perMinute', period: 60, exempt: (/** @type {string} */ path) => path.startsWith('/assets') || path === '/up' },
  { name: 'perSecond', period: 1, exempt: (/** @type {string} */ path) => path === '/up' },
];

export class Throttle {
  constructor() {
    /** @type {Map<string, number>} */
    this.counts = new Map();
  }

  clear() {
    this.counts.clear();
  }

  /**
   * Counts one request; true when it was answered with the 429.
   * @param {ThrottleLimits | false} limits @param {string} ip @param {string} path @param {number} nowMs
   * @param {import('node:http').ServerResponse} res
   */
  refuse(limits, ip, path, nowMs, res) {
    if (limits === false) return false;
    const epoch = Math.floor(nowMs / 1000);
    for (const rule of RULES) {
      const limit = limits[/** @type {'perMinute' | 'perSecond'} */ (rule.name)];
      if (limit === undefined || rule.exempt(path)) continue;
      const window = Math.floor(epoch / rule.period);
      const key = `${rule.name}:${window}:${ip}`;
      const count = (this.counts.get(key) ?? 0) + 1;
      this.counts.set(key, count);
      this.forgetBefore(rule.name, window);
      if (count > limit) {
        sendText(res, 429, 'Retry later\n', { 'Retry-After': String(rule.period - (epoch % rule.period)) });
        return true;
      }
    }
    return false;
  }

  /** Past windows never count again (Rack::Attack's cache entries expire with their window). @param {string} name @param {number} window */
  forgetBefore(name, window) {
    if (this.counts.size < 1000) return;
    for (const key of this.counts.keys()) {
      const [rule, at] = key.split(':');
      if (rule === name && Number(at) < window) this.counts.delete(key);
    }
  }
}
