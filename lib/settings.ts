import { storage } from './storage-item';
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
  // All three at once: one round trip to the browser instead of two in a row (the popup opens on this).
  const [remember, remembered, session] = await Promise.all([
    rememberToken.getValue(),
    rememberedToken.getValue(),
    sessionToken.getValue(),
  ]);
  return remember ? remembered : session;
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
  const [baseUrl, token] = await Promise.all([instanceUrl.getValue(), getToken()]);
  return baseUrl ? { baseUrl, token } : null;
}

export async function getPushDefaults(): Promise<PushDefaults> {
  return { ...DEFAULT_PUSH_DEFAULTS, ...(await pushDefaults.getValue()) };
}

/* ── Airport wait times ─────────────────────────────────────────────────────────────────── */

export const DEFAULT_AIRPORT_API_URL = 'https://api.swedavia.se';

/** The airport API's base URL (origin). Swedavia's gateway by default. */
export const airportApiUrl = storage.defineItem<string>('local:airportApiUrl', {
  fallback: DEFAULT_AIRPORT_API_URL,
  version: 1,
});

/**
 * Subscription keys: credentials, so `local` only, never `sync`. The provider rotates the
 * primary and the secondary key alternately every six months (airport reference §1.5), which
 * is why a second key can be kept for failover.
 */
export const airportKeys = storage.defineItem<{ primary: string; secondary: string }>('local:airportKeys', {
  fallback: { primary: '', secondary: '' },
  version: 1,
});

/** IATA code shown when the side panel opens; empty for none. */
export const defaultAirport = storage.defineItem<string>('local:defaultAirport', { fallback: '', version: 1 });

/** Automatic refresh interval of the side panel, in minutes (never below 1). */
export const airportRefreshMinutes = storage.defineItem<number>('local:airportRefreshMinutes', {
  fallback: 5,
  version: 1,
});

/** Which path version answered per base URL ('v1' spec paths or the gateway's 'v2'). */
export const airportApiVersions = storage.defineItem<Record<string, 'v1' | 'v2'>>('local:airportApiVersions', {
  fallback: {},
  version: 1,
});

/** Requests made this calendar month: the free quota is about 10,000 a month (reference §1.4). */
export const airportCalls = storage.defineItem<{ month: string; count: number }>('local:airportCalls', {
  fallback: { month: '', count: 0 },
  version: 1,
});

/** Recently viewed (newest first, at most 5) and favourite airports, as IATA codes. */
export const recentAirports = storage.defineItem<string[]>('local:recentAirports', { fallback: [], version: 1 });
export const favouriteAirports = storage.defineItem<string[]>('local:favouriteAirports', { fallback: [], version: 1 });
