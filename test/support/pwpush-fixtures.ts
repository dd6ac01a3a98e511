import type { Push, VersionInfo } from '@/lib/pwpush/types';

/**
 * Sample Password Pusher data for tests: the client's models (camelCase) and the server's raw
 * JSON (snake_case, docs/password-pusher.md#push-json and #version-and-features). Defaults are the
 * 2.11.4 OSS answers to a push made with the instance defaults (7 days, 5 views).
 */

export const BASE_URL = 'https://pwpush.example';
export const CREATED_AT = '2026-08-21T10:15:30.123Z';
/** The token of the one push a test talks about, as in the reference's examples. */
export const URL_TOKEN = 'k3xq9w0lz2mfa';

let serial = 0;

/**
 * A push as the client returns it. Every call gets its own token unless one is given, so lists
 * and histories built from several calls never collide; `htmlUrl` follows the token.
 */
export function makePush(overrides: Partial<Push> = {}): Push {
  serial += 1;
  const urlToken = overrides.urlToken ?? `tok${serial}x`;
  return {
    urlToken,
    htmlUrl: `${BASE_URL}/p/${urlToken}/r`,
    expired: false,
    expiredOn: null,
    deleted: false,
    expireAfterDays: 7,
    expireAfterViews: 5,
    daysRemaining: 7,
    viewsRemaining: 5,
    deletableByViewer: true,
    retrievalStep: true,
    createdAt: CREATED_AT,
    updatedAt: CREATED_AT,
    name: '',
    note: '',
    ...overrides,
  };
}

export type VersionInfoOverrides = Partial<Omit<VersionInfo, 'features'>> & { features?: Partial<VersionInfo['features']> };

/** What the client makes of `GET /version` on 2.11.4 OSS with every kind enabled; `features` merge one by one. */
export function makeVersionInfo({ features = {}, ...overrides }: VersionInfoOverrides = {}): VersionInfo {
  return {
    applicationVersion: '2.11.4',
    apiVersion: '2.1',
    edition: 'oss',
    ...overrides,
    features: {
      anonymousAccess: true,
      apiTokenAuthentication: true,
      pushesEnabled: true,
      emailAutoDispatch: false,
      fileAttachments: { enabled: true, requiresAuthentication: true },
      urlPushes: true,
      qrPushes: true,
      accounts: false,
      requests: false,
      ...features,
    },
  };
}

/**
 * A push record as the server sends it (docs/password-pusher.md#push-json), in the server's key
 * order, with the passphrase echoed in plain text as the server does. `html_url` and `json_url`
 * follow a given string `url_token` unless given themselves.
 */
export function pushRecord(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const token = typeof overrides.url_token === 'string' ? overrides.url_token : URL_TOKEN;
  return {
    expire_after_views: 5,
    expired: false,
    url_token: token,
    deletable_by_viewer: true,
    retrieval_step: true,
    expired_on: null,
    passphrase: 'hunter2-echo',
    created_at: CREATED_AT,
    updated_at: CREATED_AT,
    expire_after_days: 7,
    days_remaining: 7,
    views_remaining: 5,
    deleted: false,
    json_url: `${BASE_URL}/p/${token}/r.json`,
    html_url: `${BASE_URL}/p/${token}/r`,
    ...overrides,
  };
}

type RawFlags = Record<string, unknown>;
export type VersionRecordOverrides = RawFlags & { features?: RawFlags & { pushes?: RawFlags } };

/**
 * The `GET /api/v2/version` body of 2.11.4 OSS (docs/password-pusher.md#version-and-features).
 * Overrides merge level by level: top-level keys, then `features`, then `features.pushes`; the keys
 * keep the server's order.
 */
export function versionRecord({ features = {}, ...overrides }: VersionRecordOverrides = {}) {
  const { pushes = {}, ...flags } = features;
  return {
    application_version: '2.11.4',
    api_version: '2.1',
    edition: 'oss',
    ...overrides,
    features: {
      anonymous_access: true,
      api_token_authentication: true,
      accounts: { enabled: false },
      pushes: {
        enabled: true,
        email_auto_dispatch: false,
        file_attachments: { enabled: true, requires_authentication: true },
        url_pushes: { enabled: true },
        qr_code_pushes: { enabled: true },
        ...pushes,
      },
      requests: { enabled: false },
      ...flags,
    },
  };
}
