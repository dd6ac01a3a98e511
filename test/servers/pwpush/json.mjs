// JSON shapes of the jbuilder views (docs/password-pusher.md#push-json, #version-and-features,
// #audit-log), keys in the server's order.

import { behaviourOf } from './versions.mjs';

/**
 * The app's locales (`enabled_language_codes`, config/settings.yml at v2.11.4): what a top-level
 * `push_locale` and `notify_emails_to_locale` may name.
 */
export const LOCALES = new Set(
  'ca cs cy da de en en-GB es eu fi fr ga hi hu id is it ja ko lv nl no pl pt-BR pt-PT ro ru sk sr sv th uk ur zh-CN'.split(' '),
);

/** @typedef {import('./store.mjs').PushRecord} PushRecord */
/** @typedef {import('./store.mjs').PushStore} PushStore */

/** @param {number | null} ms */
export const iso = (ms) => (ms === null ? null : new Date(ms).toISOString());

/** @param {unknown} value @returns {string | null} */
export function pushLocale(value) {
  return typeof value === 'string' && LOCALES.has(value) ? value : null;
}

/**
 * `secret_url`: `/p/<token>`, plus `/r` for a retrieval step, plus `?locale=` for a push_locale.
 * @param {PushRecord} push @param {string} origin @param {string | null} [locale]
 */
export function secretUrl(push, origin, locale = null) {
  const url = `${origin}/p/${push.urlToken}${push.retrievalStep ? '/r' : ''}`;
  return locale ? `${url}?locale=${locale}` : url;
}

/** @param {string} origin @param {{ id: string, filename: string }} file */
export const blobUrl = (origin, file) => `${origin}/pfb/blobs/redirect/${file.id}/${encodeURIComponent(file.filename)}`;

/**
 * One push as `_push.json.jbuilder` renders it. `json_url` is `html_url + ".json"`, broken for `/r` and
 * `?locale=` URLs exactly like the real server (docs/password-pusher.md#push-json).
 * @param {PushStore} store @param {PushRecord} push @param {string} origin
 * @param {{ owner?: boolean, payload?: boolean, locale?: string | null,
 *   notify?: { recipients: string, locale: string | null, style?: 'notify_emails_to' | 'notify_by_email' } | null }} [extras]
 */
export function pushJson(store, push, origin, { owner = false, payload = false, locale = null, notify = null } = {}) {
  const htmlUrl = secretUrl(push, origin, locale);
  /** @type {Record<string, unknown>} */
  const json = {
    expire_after_views: push.expireAfterViews,
    expired: push.expired,
    url_token: push.urlToken,
    deletable_by_viewer: push.deletableByViewer,
    retrieval_step: push.retrievalStep,
    expired_on: iso(push.expiredOn),
    passphrase: push.expired ? null : push.passphrase,
    created_at: iso(push.createdAt),
    updated_at: iso(push.updatedAt),
    expire_after_days: push.expireAfterDays,
    days_remaining: store.daysRemaining(push),
    views_remaining: store.viewsRemaining(push),
    deleted: store.deleted(push),
    json_url: `${htmlUrl}.json`,
    html_url: htmlUrl,
  };
  if (owner) Object.assign(json, { note: push.note, name: push.name });
  // The create answer echoes the e-mail fields when they were given (docs/password-pusher.md#notify-emails):
  // nested under `notify_by_email` on 2.9.0 and 2.9.1 (`git show v2.9.0:app/views/pushes/_push.json.jbuilder`).
  if (notify?.style === 'notify_by_email') json.notify_by_email = { recipients: notify.recipients, locale: notify.locale };
  else if (notify) Object.assign(json, { notify_emails_to: notify.recipients, notify_emails_to_locale: notify.locale });
  if (payload) {
    json.payload = push.expired ? null : push.payload;
    json.files = push.expired
      ? []
      : push.files.map((file) => ({ filename: file.filename, content_type: file.contentType, url: blobUrl(origin, file) }));
  }
  return json;
}

/** @param {PushRecord['audit'][number]} entry */
export function auditJson(entry) {
  const at = iso(entry.at);
  /** @type {Record<string, unknown>} */
  const json = { ip: entry.ip, user_agent: entry.userAgent, referrer: entry.referrer, kind: entry.kind, created_at: at, updated_at: at };
  if (entry.notify) {
    const { recipients, locale, status, errorMessage } = entry.notify;
    // `audit.json.jbuilder`: `error_message` only when there is one, between the status and the sends.
    json.notify_by_email = {
      recipients,
      locale,
      status,
      ...(errorMessage && { error_message: errorMessage }),
      successful_sends: null,
      proceed_at: null,
    };
  }
  return json;
}

/**
 * The commercial edition says it has accounts and (unless `requestsEnabled: false`) requests, whose
 * e-mail follows the pushes' (docs/password-pusher.md#edition).
 * @param {{ edition: string, allowAnonymous: boolean, enableFilePushes: boolean, enableUrlPushes: boolean,
 *   enableQrPushes: boolean, version: string, emailConfigured?: boolean, requestsEnabled?: boolean }} options
 */
export function versionJson(options) {
  const emailAutoDispatch = Boolean(options.emailConfigured) && behaviourOf(options.version).notifyEmails;
  const { features } = behaviourOf(options.version);
  /** @type {Record<string, unknown>} */
  const json = { application_version: options.version, api_version: features ? '2.1' : '2.0', edition: options.edition };
  // api_version "2.0" (apps 2.3.0–2.5.3) had no features hash.
  if (!features) return json;
  const commercial = options.edition === 'commercial';
  const requests = commercial && options.requestsEnabled !== false;
  json.features = {
    anonymous_access: options.allowAnonymous,
    api_token_authentication: true,
    accounts: { enabled: commercial },
    pushes: {
      enabled: true,
      email_auto_dispatch: emailAutoDispatch,
      file_attachments: { enabled: options.enableFilePushes, requires_authentication: true },
      url_pushes: { enabled: options.enableUrlPushes },
      qr_code_pushes: { enabled: options.enableQrPushes },
    },
    requests: requests ? { enabled: true, email_auto_dispatch: emailAutoDispatch } : { enabled: false },
  };
  return json;
}
