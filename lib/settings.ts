import { storage } from 'wxt/utils/storage';
import type { VersionInfo } from './pwpush/types';

/**
 * Every stored setting, typed, with its default. Nothing secret lives here but the API token,
 * and that only in `local` or `session`: `sync` would copy it to every signed-in browser.
 * Payloads and passphrases are never stored anywhere.
 */

/** The Password Pusher instance origin, e.g. `https://pwpush.example`; empty until set. */
export const instanceUrl = storage.defineItem<string>('local:instanceUrl', { fallback: '', version: 1 });

/** When false the token lives only in `session` storage and is gone when the browser closes. */
export const rememberToken = storage.defineItem<boolean>('local:rememberToken', { fallback: true, version: 1 });

const rememberedToken = storage.defineItem<string>('local:apiToken', { fallback: '', version: 1 });
const sessionToken = storage.defineItem<string>('session:apiToken', { fallback: '' });

export interface PushDefaults {
  expireAfterDays: number;
  expireAfterViews: number;
  deletableByViewer: boolean;
  /** On by default like the server: a link-preview bot then cannot burn a view. */
  retrievalStep: boolean;
  copyLinkAutomatically: boolean;
}

/** Password Pusher's own defaults (reference §5): 7 days, 5 views. */
export const DEFAULT_PUSH_DEFAULTS: PushDefaults = {
  expireAfterDays: 7,
  expireAfterViews: 5,
  deletableByViewer: true,
  retrievalStep: true,
  copyLinkAutomatically: true,
};

export const pushDefaults = storage.defineItem<PushDefaults>('local:pushDefaults', {
  fallback: DEFAULT_PUSH_DEFAULTS,
  version: 1,
});

/** `GET /version` per instance origin, so a push costs one request. */
export interface CachedCapabilities {
  info: VersionInfo;
  checkedAt: number;
}
export const capabilitiesCache = storage.defineItem<Record<string, CachedCapabilities>>('local:capabilities', {
  fallback: {},
  version: 1,
});

export async function getToken(): Promise<string> {
  return (await rememberToken.getValue()) ? rememberedToken.getValue() : sessionToken.getValue();
}

/** Keeps the token in exactly one area: `local` when remembered, else `session` only. */
export async function setToken(token: string, remember: boolean): Promise<void> {
  await rememberToken.setValue(remember);
  if (remember) {
    await rememberedToken.setValue(token);
    await sessionToken.removeValue();
  } else {
    await sessionToken.setValue(token);
    await rememberedToken.removeValue();
  }
}

/** The instance and token a push needs, or null when the extension is not configured yet. */
export async function getConnection(): Promise<{ baseUrl: string; token: string } | null> {
  const baseUrl = await instanceUrl.getValue();
  if (!baseUrl) return null;
  return { baseUrl, token: await getToken() };
}

export async function getPushDefaults(): Promise<PushDefaults> {
  return { ...DEFAULT_PUSH_DEFAULTS, ...(await pushDefaults.getValue()) };
}
