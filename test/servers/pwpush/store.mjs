// In-memory push records with the counting and expiry rules of Password Pusher's Push model
// (docs/password-pusher.md#push-json, #show, `app/models/push.rb`).
import { randomBytes } from 'node:crypto';

export const PER_PAGE = 50;
const DAY_MS = 86_400_000;
/** `AuditLog::MAX_AUDIT_LOGS_PER_PUSH_OR_PULL`: later events are silently not recorded. */
const MAX_AUDIT_LOGS = 2000;

/** @typedef {'text' | 'file' | 'url' | 'qr'} PushKind */
/** @typedef {{ ip: string, userAgent: string, referrer: string }} Visitor */
/**
 * @typedef {{ kind: string, ip: string, userAgent: string, referrer: string, at: number,
 *   notify?: { recipients: string, locale: string | null, status: string, errorMessage?: string } }} AuditRecord
 */
/** @typedef {{ id: string, filename: string, contentType: string, data: Buffer }} StoredFile */
/**
 * @typedef {object} PushRecord
 * @property {number} seq
 * @property {string} urlToken
 * @property {PushKind} kind
 * @property {string | null} payload
 * @property {string | null} passphrase
 * @property {string} name
 * @property {string} note
 * @property {string | null} owner email of the token user who created it
 * @property {number | null} account the commercial edition's account it lives in; null on OSS or without a token
 * @property {number} expireAfterDays
 * @property {number} expireAfterViews
 * @property {boolean | null} deletableByViewer
 * @property {boolean} retrievalStep
 * @property {boolean} expired
 * @property {number | null} expiredOn
 * @property {number} createdAt
 * @property {number} updatedAt
 * @property {StoredFile[]} files
 * @property {AuditRecord[]} audit
 */
/**
 * @typedef {Omit<PushRecord, 'seq' | 'urlToken' | 'expired' | 'expiredOn' | 'createdAt' | 'updatedAt' | 'audit' | 'files'>
 *   & { files: Array<{ filename: string, contentType: string, data: Buffer }> }} NewPush
 */

/** `SecureRandom.urlsafe_base64(rand(8..14)).downcase`: 11–19 chars of [a-z0-9_-]. */
function newUrlToken() {
  const bytes = 8 + Math.floor(Math.random() * 7);
  return randomBytes(bytes).toString('base64url').toLowerCase();
}

export class PushStore {
  /** @param {() => number} now milliseconds since the epoch */
  constructor(now) {
    this.now = now;
    /** @type {Map<string, PushRecord>} */
    this.byToken = new Map();
    /** @type {Map<string, StoredFile>} */
    this.blobs = new Map();
    this.seq = 0;
  }

  clear() {
    this.byToken.clear();
    this.blobs.clear();
    this.seq = 0;
  }

  /**
   * @param {NewPush} fields
   * @param {Visitor} visitor logged as the `creation` event
   */
  add(fields, visitor) {
    let urlToken = newUrlToken();
    while (this.byToken.has(urlToken)) urlToken = newUrlToken();
    const at = this.now();
    const files = fields.files.map((file) => ({ ...file, id: randomBytes(12).toString('hex') }));
    /** @type {PushRecord} */
    const push = {
      ...fields,
      files,
      seq: ++this.seq,
      urlToken,
      expired: false,
      expiredOn: null,
      createdAt: at,
      updatedAt: at,
      audit: [],
    };
    for (const file of files) this.blobs.set(file.id, file);
    this.byToken.set(urlToken, push);
    this.log(push, 'creation', visitor);
    return push;
  }

  /** @param {string} urlToken */
  find(urlToken) {
    return this.byToken.get(urlToken) ?? null;
  }

  /** @param {string} id */
  blob(id) {
    return this.blobs.get(id) ?? null;
  }

  /** @param {PushRecord} push @param {string} kind @param {Visitor} visitor @param {Pick<AuditRecord, 'notify'>} [extra] */
  log(push, kind, visitor, extra = {}) {
    if (push.audit.length >= MAX_AUDIT_LOGS) return;
    push.audit.push({
      kind,
      ip: visitor.ip,
      userAgent: visitor.userAgent.slice(0, 255),
      referrer: visitor.referrer.slice(0, 255),
      at: this.now(),
      ...extra,
    });
  }

  /** Whole days since creation (`days_old` truncates the fraction). @param {PushRecord} push */
  daysRemaining(push) {
    const daysOld = Math.floor((this.now() - push.createdAt) / DAY_MS);
    return Math.max(push.expireAfterDays - daysOld, 0);
  }

  /** Views of an expired push (`failed_view`) count too; owner views and bad passphrases do not. @param {PushRecord} push */
  viewsRemaining(push) {
    const views = push.audit.filter((entry) => entry.kind === 'view' || entry.kind === 'failed_view').length;
    return Math.max(push.expireAfterViews - views, 0);
  }

  /** `deleted` means an `expire` event exists (a manual DELETE), not merely expired. @param {PushRecord} push */
  deleted(push) {
    return push.audit.some((entry) => entry.kind === 'expire');
  }

  /** `Push#check_limits`: lazy expiry when days or views have run out. @param {PushRecord} push */
  checkLimits(push) {
    if (!push.expired && (this.daysRemaining(push) <= 0 || this.viewsRemaining(push) <= 0)) this.expire(push);
  }

  /** `Push#expire!`: content (payload, passphrase, files) is destroyed. @param {PushRecord} push */
  expire(push) {
    const at = this.now();
    push.payload = null;
    push.passphrase = null;
    for (const file of push.files) this.blobs.delete(file.id);
    push.files = [];
    push.expired = true;
    push.expiredOn = at;
    push.updatedAt = at;
  }

  /** `ExpirePushesJob`: every push whose days or views ran out is expired. */
  expireDue() {
    for (const push of this.byToken.values()) this.checkLimits(push);
  }

  /** `CleanUpPushesJob`: expired anonymous pushes go, audit log and all; their token then answers 404. */
  deleteExpiredAnonymous() {
    for (const [token, push] of this.byToken) {
      if (push.expired && push.owner === null) this.byToken.delete(token);
    }
  }

  /**
   * A user's pushes in one state, newest first (`created_at DESC`; creation order breaks ties).
   * @param {string} owner @param {boolean} expired
   */
  listFor(owner, expired) {
    return [...this.byToken.values()]
      .filter((push) => push.owner === owner && push.expired === expired)
      .sort((a, b) => b.createdAt - a.createdAt || b.seq - a.seq);
  }

  /**
   * An account's pushes in one state, newest first: the commercial edition's lists
   * (docs/password-pusher.md#accounts).
   * @param {number} account @param {boolean} expired
   */
  listIn(account, expired) {
    return [...this.byToken.values()]
      .filter((push) => push.account === account && push.expired === expired)
      .sort((a, b) => b.createdAt - a.createdAt || b.seq - a.seq);
  }

  all() {
    return [...this.byToken.values()].sort((a, b) => a.seq - b.seq);
  }
}
