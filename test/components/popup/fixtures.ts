import { vi } from 'vitest';
import type { Push, VersionInfo } from '@/lib/pwpush/types';
import { instanceUrl, pushDefaults, setToken, DEFAULT_PUSH_DEFAULTS, type PushDefaults } from '@/lib/settings';

export const BASE_URL = 'https://pwpush.example';

export function versionInfo(features: Partial<VersionInfo['features']> = {}): VersionInfo {
  return {
    applicationVersion: '2.11.4',
    apiVersion: '2.1',
    edition: 'oss',
    features: {
      anonymousAccess: true,
      apiTokenAuthentication: true,
      pushesEnabled: true,
      emailAutoDispatch: false,
      fileAttachments: { enabled: false, requiresAuthentication: true },
      urlPushes: true,
      qrPushes: true,
      accounts: false,
      requests: false,
      ...features,
    },
  };
}

export function createdPush(overrides: Partial<Push> = {}): Push {
  return {
    urlToken: 'k3xq9w0lz2mfa',
    htmlUrl: `${BASE_URL}/p/k3xq9w0lz2mfa/r`,
    expired: false,
    expiredOn: null,
    deleted: false,
    expireAfterDays: 7,
    expireAfterViews: 5,
    daysRemaining: 7,
    viewsRemaining: 5,
    deletableByViewer: true,
    retrievalStep: true,
    createdAt: '2026-08-21T10:15:30.123Z',
    updatedAt: '2026-08-21T10:15:30.123Z',
    name: '',
    note: '',
    ...overrides,
  };
}

/** Sets up the extension as the options page would: instance, token, defaults. */
export async function configure(token = 'api-token', defaults: Partial<PushDefaults> = {}): Promise<void> {
  await instanceUrl.setValue(BASE_URL);
  await setToken(token, true);
  await pushDefaults.setValue({ ...DEFAULT_PUSH_DEFAULTS, ...defaults });
}

/** Stubs `navigator.clipboard` (happy-dom's own would succeed silently) and returns the spy. */
export function stubClipboard(write: (text: string) => Promise<void> = async () => {}) {
  const writeText = vi.fn(write);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
}
