// What changes with the Password Pusher version the reference server imitates
// (docs/password-pusher.md#versions). One `version` setting drives all of it.

/** The releases the tests run against: the oldest supported line, the last `views` audit, and the newest. */
export const VERSIONS = Object.freeze(['2.4.1', '2.8.2', '2.11.4']);
export const DEFAULT_VERSION = '2.11.4';

/** @param {string} version @returns {number[]} */
function parts(version) {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  if (!match) throw new TypeError(`version must look like 2.11.4, got ${version}`);
  return match.slice(1).map(Number);
}

/** @param {string} version @param {string} from */
export function atLeast(version, from) {
  const [a, b] = [parts(version), parts(from)];
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return /** @type {number} */ (a[i]) > /** @type {number} */ (b[i]);
  return true;
}

/** Any x.y.z from 1.0.0; before 2.3.0 the instance has API v1 only. @param {unknown} version */
export function validVersion(version) {
  if (typeof version !== 'string' || !atLeast(version, '1.0.0')) throw new TypeError(`version must look like 2.11.4, got ${version}`);
  return version;
}

/** Everything a client can tell apart, for one version. @param {string} version */
export function behaviourOf(version) {
  return {
    /** API v2 exists from 2.3.0; an older instance leaves every /api/v2 path unrouted (404). */
    apiV2: atLeast(version, '2.3.0'),
    /** `/version` gains `features` in 2.5.4 (071ffe014); api_version "2.0" before. */
    features: atLeast(version, '2.5.4'),
    /** v2 routes default to JSON from 2.7.3 (05b25799d); before, `Accept` or `.json` decides. */
    jsonByDefault: atLeast(version, '2.7.3'),
    /** 2.4.1 forced JSON in the v2 pushes controller only (not the version controller). */
    pushesForceJson: atLeast(version, '2.4.1'),
    /** Audit answers `{"logs":[...]}` from 2.9.0 (00b1e549f), `{"views":[...]}` before. */
    auditKey: atLeast(version, '2.9.0') ? 'logs' : 'views',
    /** E-mail on create and `email_auto_dispatch` that can be true, from 2.9.0 (00b1e549f). */
    notifyEmails: atLeast(version, '2.9.0'),
    /**
     * The e-mail fields are `notify_emails_to` and `notify_emails_to_locale` from 2.9.2 (626020f4f); 2.9.0
     * and 2.9.1 take `notify_by_email[recipients]` and `[locale]` and drop the flat ones unread.
     */
    notifyEmailsTo: atLeast(version, '2.9.2'),
    /** Rate limit on retrievals carrying a passphrase from 2.9.2. */
    passphraseRateLimit: atLeast(version, '2.9.2'),
    /** Before 2.9.6 (7113a9ea8) a token-less request owned every anonymous push (nil == nil). */
    anonymousOwnsAnonymous: !atLeast(version, '2.9.6'),
  };
}
