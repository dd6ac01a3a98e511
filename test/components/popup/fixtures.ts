import { vi } from 'vitest';
import type { Push, VersionInfo } from '@/lib/pwpush/types';
import { instanceUrl, pushDefaults, setToken, DEFAULT_PUSH_DEFAULTS, type PushDefaults } from '@/lib/settings';
import { BASE_URL, URL_TOKEN, makePush, makeVersionInfo } from '@/test/support/pwpush-fixtures';

export { BASE_URL } from '@/test/support/pwpush-fixtures';

/** The popup's instance: file pushes off unless a test turns them on. */
export function versionInfo(features: Partial<VersionInfo['features']> = {}): VersionInfo {
  return makeVersionInfo({ features: { fileAttachments: { enabled: false, requiresAuthentication: true }, ...features } });
}

/** The push the popup just created: the same token on every call, so a test can look for its link. */
export function createdPush(overrides: Partial<Push> = {}): Push {
  return makePush({ urlToken: URL_TOKEN, ...overrides });
}

/** Sets up the extension as the options page would: instance, token, defaults. */
export async function configure(token = 'api-token', defaults: Partial<PushDefaults> = {}): Promise<void> {
  await instanceUrl.setValue(BASE_URL);
  await setToken(token, true, BASE_URL);
  await pushDefaults.setValue({ ...DEFAULT_PUSH_DEFAULTS, ...defaults });
}

/** Stubs `navigator.clipboard` (happy-dom's own would succeed silently) and returns the spy. */
export function stubClipboard(write: (text: string) => Promise<void> = async () => {}) {
  const writeText = vi.fn(write);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
}
