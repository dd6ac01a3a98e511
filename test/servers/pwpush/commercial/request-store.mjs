// The commercial edition's requests as records (docs/password-pusher.md#requests-request-a-secret): made,
// found, closed when their days run out or when closed, listed per account. Handlers: ./requests.mjs.
import { randomBytes } from 'node:crypto';

const DAY_MS = 86_400_000;

/**
 * @typedef {object} RequestRecord
 * @property {number} seq
 * @property {string} urlToken
 * @property {string} owner email of the requester
 * @property {number} account
 * @property {string} text what the person answering is asked
 * @property {string} name
 * @property {string} note
 * @property {number} duration the `close_after_duration` / `expire_after_duration` code
 * @property {number} days
 * @property {number} answers `expire_after_views`: answers taken before it closes
 * @property {boolean} retrievalStep
 * @property {boolean} deletableByViewer
 * @property {number} createdAt
 * @property {number} updatedAt
 * @property {boolean} closed
 * @property {number | null} closedOn
 * @property {string[]} responses url tokens of the answers' pushes, oldest first
 */

/** `SecureRandom.urlsafe_base64(rand(8..14)).downcase`, as a push's token. */
function newUrlToken() {
  return randomBytes(8 + Math.floor(Math.random() * 7))
    .toString('base64url')
    .toLowerCase();
}

export class RequestStore {
  /** @param {() => number} now */
  constructor(now) {
    this.now = now;
    /** @type {Map<string, RequestRecord>} */
    this.byToken = new Map();
    this.seq = 0;
  }

  clear() {
    this.byToken.clear();
    this.seq = 0;
  }

  /** @param {Omit<RequestRecord, 'seq' | 'urlToken' | 'createdAt' | 'updatedAt' | 'closed' | 'closedOn' | 'responses'>} fields */
  add(fields) {
    let urlToken = newUrlToken();
    while (this.byToken.has(urlToken)) urlToken = newUrlToken();
    const at = this.now();
    /** @type {RequestRecord} */
    const record = { ...fields, seq: ++this.seq, urlToken, createdAt: at, updatedAt: at, closed: false, closedOn: null, responses: [] };
    this.byToken.set(urlToken, record);
    return record;
  }

  /** A request whose days ran out is closed when next touched, as a push expires lazily. @param {string} urlToken */
  find(urlToken) {
    const record = this.byToken.get(urlToken) ?? null;
    if (record && !record.closed && this.daysRemaining(record) <= 0) this.close(record);
    return record;
  }

  /** @param {RequestRecord} record */
  daysRemaining(record) {
    return Math.max(record.days - Math.floor((this.now() - record.createdAt) / DAY_MS), 0);
  }

  /** @param {RequestRecord} record */
  close(record) {
    if (record.closed) return;
    record.closed = true;
    record.closedOn = this.now();
    record.updatedAt = record.closedOn;
  }

  /** An account's requests, newest first. @param {number} account */
  listIn(account) {
    return [...this.byToken.values()]
      .map((record) => this.find(record.urlToken) ?? record)
      .filter((record) => record.account === account)
      .sort((a, b) => b.createdAt - a.createdAt || b.seq - a.seq);
  }

  all() {
    return [...this.byToken.values()].sort((a, b) => a.seq - b.seq);
  }
}
