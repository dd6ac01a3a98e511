import { storage } from './storage-item';
import type { VersionInfo } from './pwpush/types';

/**
 * Every stored setting, typed, with its default. Nothing secret lives here but the API token,
 * and that only in `local` or `session`: `sync` would copy it to every signed-in browser.
 * Payloads and passphrases are never stored anywhere.
 */

/** The Password Pusher instance origin, e.g. `https://pwpush.example`; empty until set. */
export const instanceUrl = /* @__PURE__ */ storage.defineItem<string>('local:instanceUrl', { fallback: '', version: 1 });

/** When false the token lives only in `session` storage and is gone when the browser closes. */
export const rememberToken = /* @__PURE__ */ storage.defineItem<boolean>('local:rememberToken', { fallback: true, version: 1 });

/**
 * The token together with the origin it was entered for. A token lets its holder list the owner's
 * pushes, so it is handed out only for that origin: changing the Instance URL never sends it elsewhere.
 * A bare string is a token saved before the origin was kept (or seeded by a test): it was always
 * written by the same Save as `instanceUrl`, so it belongs to the stored instance.
 */
export interface TokenBinding {
  origin: string;
  token: string;
}
type StoredToken = TokenBinding | string;

const rememberedToken = /* @__PURE__ */ storage.defineItem<StoredToken>('local:apiToken', { fallback: '', version: 1 });
const sessionToken = /* @__PURE__ */ storage.defineItem<StoredToken>('session:apiToken', { fallback: '' });

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

export const pushDefaults = /* @__PURE__ */ storage.defineItem<PushDefaults>('local:pushDefaults', {
  fallback: DEFAULT_PUSH_DEFAULTS,
  version: 1,
});

/** What this browser keeps of the pushes made in it (lib/history.ts): links, names and notes, never a secret. */
export interface HistorySettings {
  keep: boolean;
  /** A push known to be expired is forgotten this many days after it expired. */
  forgetExpiredAfterDays: number;
}

export const DEFAULT_HISTORY_SETTINGS: HistorySettings = { keep: true, forgetExpiredAfterDays: 30 };

export const historySettings = /* @__PURE__ */ storage.defineItem<HistorySettings>('local:historySettings', {
  fallback: DEFAULT_HISTORY_SETTINGS,
  version: 1,
});

export async function getHistorySettings(): Promise<HistorySettings> {
  return { ...DEFAULT_HISTORY_SETTINGS, ...(await historySettings.getValue()) };
}

/** The choices of "Clear copied secrets after", in seconds; 0 is Off. */
export const CLEAR_CLIPBOARD_CHOICES = [0, 30, 60, 300] as const;
export type ClearClipboardSeconds = (typeof CLEAR_CLIPBOARD_CHOICES)[number];

/** How long a retrieved secret that was copied stays on the clipboard (lib/clipboard-clear.ts). */
export const clearClipboardAfterSeconds = /* @__PURE__ */ storage.defineItem<ClearClipboardSeconds>('local:clearClipboardAfterSeconds', {
  fallback: 60,
  version: 1,
});

/** The stored choice, or the default when what is stored is not one of the choices. */
export async function getClearClipboardAfterSeconds(): Promise<ClearClipboardSeconds> {
  const stored = await clearClipboardAfterSeconds.getValue();
  return CLEAR_CLIPBOARD_CHOICES.includes(stored) ? stored : clearClipboardAfterSeconds.fallback;
}

/** `GET /version` per instance origin, so a push costs one request. */
export interface CachedCapabilities {
  info: VersionInfo;
  checkedAt: number;
}
export const capabilitiesCache = /* @__PURE__ */ storage.defineItem<Record<string, CachedCapabilities>>('local:capabilities', {
  fallback: {},
  version: 1,
});

/** The token stored for `origin`, or `''` when the stored one was entered for another origin (or there is none). */
export function tokenFor(origin: string, stored: StoredToken): string {
  if (!origin) return '';
  if (typeof stored === 'string') return stored;
  return stored.origin === origin ? stored.token : '';
}

/** The stored instance and the token bound to it. */
async function readConnection(): Promise<{ baseUrl: string; token: string }> {
  // One read per storage area, not one per item.
  const [baseUrl, remember, remembered, session] = await storage.getItems([instanceUrl, rememberToken, rememberedToken, sessionToken] as const);
  return { baseUrl, token: tokenFor(baseUrl, remember ? remembered : session) };
}

/** What the popup shows its form with: read when it opens, so a push reads no storage. */
export interface PopupStart {
  /** Null when no instance is set up yet. */
  connection: { baseUrl: string; token: string } | null;
  defaults: PushDefaults;
  /** Every instance's cached capabilities, by origin (lib/capabilities.ts reads the entry). */
  capabilities: Record<string, CachedCapabilities>;
}

/** The popup's settings in one read of `local` and one of `session`, at the same time. */
export async function readPopupStart(): Promise<PopupStart> {
  const [baseUrl, remember, remembered, session, defaults, capabilities] = await storage.getItems([
    instanceUrl,
    rememberToken,
    rememberedToken,
    sessionToken,
    pushDefaults,
    capabilitiesCache,
  ] as const);
  return {
    connection: baseUrl ? { baseUrl, token: tokenFor(baseUrl, remember ? remembered : session) } : null,
    defaults: { ...DEFAULT_PUSH_DEFAULTS, ...defaults },
    capabilities,
  };
}

/** The token of the stored instance; `''` when none was saved for that origin. */
export async function getToken(): Promise<string> {
  return (await readConnection()).token;
}

/** Keeps the token, bound to `origin`, in exactly one area: `local` when remembered, else `session` only. */
export async function setToken(token: string, remember: boolean, origin: string): Promise<void> {
  await rememberToken.setValue(remember);
  const [keep, drop] = remember ? [rememberedToken, sessionToken] : [sessionToken, rememberedToken];
  await drop.removeValue();
  if (token && origin) await keep.setValue({ origin, token });
  else await keep.removeValue();
}

/** The instance and token a push needs, or null when the extension is not configured yet. */
export async function getConnection(): Promise<{ baseUrl: string; token: string } | null> {
  const connection = await readConnection();
  return connection.baseUrl ? connection : null;
}

export async function getPushDefaults(): Promise<PushDefaults> {
  return { ...DEFAULT_PUSH_DEFAULTS, ...(await pushDefaults.getValue()) };
}

/* ── Airport wait times ─────────────────────────────────────────────────────────────────── */

export const DEFAULT_AIRPORT_API_URL = 'https://api.swedavia.se';

/** The airport API's base URL (origin). Swedavia's gateway by default. */
export const airportApiUrl = /* @__PURE__ */ storage.defineItem<string>('local:airportApiUrl', {
  fallback: DEFAULT_AIRPORT_API_URL,
  version: 1,
});

/**
 * Subscription keys: credentials, so `local` only, never `sync`. The provider rotates the
 * primary and the secondary key alternately every six months (airport reference §1.5), which
 * is why a second key can be kept for failover.
 */
export const airportKeys = /* @__PURE__ */ storage.defineItem<AirportKeys>('local:airportKeys', {
  fallback: { primary: '', secondary: '' },
  version: 1,
});

export interface AirportKeys {
  /** WaitTime Public: the wait-time requests. */
  primary: string;
  secondary: string;
  /** AirportInfo, a separate product with its own key (reference §1.1): only the airport list. */
  info?: string;
  /**
   * The origin the keys were entered for. A key goes only there: a changed Airport API URL must
   * not carry it to another server. Missing in settings saved before keys were tied to an origin;
   * those count as entered for the URL saved with them.
   */
  origin?: string;
}

const NO_AIRPORT_KEYS: AirportKeys = { primary: '', secondary: '', info: '' };

/** `https://Api.Swedavia.se/x/` → `https://api.swedavia.se`; text that is no URL, trimmed. */
function originOf(url: string): string {
  try {
    return new URL(url.trim()).origin;
  } catch {
    return url.trim().replace(/\/+$/, '');
  }
}

/**
 * The keys to send to `baseUrl`: the stored ones when they were entered for that origin, else
 * none. Every reader of `airportKeys` goes through this, so no key reaches another server.
 */
export function airportKeysFor(baseUrl: string, keys: AirportKeys): AirportKeys {
  if (keys.origin !== undefined && originOf(keys.origin) !== originOf(baseUrl)) return { ...NO_AIRPORT_KEYS, origin: keys.origin };
  return { primary: keys.primary ?? '', secondary: keys.secondary ?? '', info: keys.info ?? '', origin: originOf(baseUrl) };
}

/**
 * When the airport list request last failed (`Date.now()`), 0 for never: the side panel then
 * uses the shipped list and asks again a day later, not on every opening. Saving the keys resets it.
 */
export const airportListFailedAt = /* @__PURE__ */ storage.defineItem<number>('local:airportListFailedAt', { fallback: 0, version: 1 });

/**
 * The departure the side panel shows first ("My flight"), until its date has passed. Not secret:
 * a flight number and a date, in `local` like the favourites.
 */
export const myFlight = /* @__PURE__ */ storage.defineItem<{ iata: string; flight: string; date: string } | null>('local:myFlight', {
  fallback: null,
  version: 1,
});

/** IATA code shown when the side panel opens; empty for none. */
export const defaultAirport = /* @__PURE__ */ storage.defineItem<string>('local:defaultAirport', { fallback: '', version: 1 });

/** Automatic refresh interval of the side panel, in minutes (never below 1). */
export const airportRefreshMinutes = /* @__PURE__ */ storage.defineItem<number>('local:airportRefreshMinutes', {
  fallback: 5,
  version: 1,
});

/** Which path version answered per base URL ('v1' spec paths or the gateway's 'v2'). */
export const airportApiVersions = /* @__PURE__ */ storage.defineItem<Record<string, 'v1' | 'v2'>>('local:airportApiVersions', {
  fallback: {},
  version: 1,
});

/** Requests made this calendar month: the free quota is about 10,000 a month (reference §1.4). */
export const airportCalls = /* @__PURE__ */ storage.defineItem<{ month: string; count: number }>('local:airportCalls', {
  fallback: { month: '', count: 0 },
  version: 1,
});

/** Recently viewed (newest first, at most 5) and favourite airports, as IATA codes. */
export const recentAirports = /* @__PURE__ */ storage.defineItem<string[]>('local:recentAirports', { fallback: [], version: 1 });
export const favouriteAirports = /* @__PURE__ */ storage.defineItem<string[]>('local:favouriteAirports', { fallback: [], version: 1 });
