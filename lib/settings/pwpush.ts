import { storage } from './storage-item';
import type { PushKind, VersionInfo } from '../pwpush/types';
import { accountChoices, choiceFor, type AccountChoice } from './account';
import type { PushLimits } from './in-force';
import { managedDefaults } from './in-force';
import type { ManagedPolicy } from './managed';
import { keptPolicy, managedItem } from './managed-item';
import { historySettings, historySettingsOf } from './privacy';

/** Password Pusher: the instance, its API token (bound to its origin), push defaults, the instance's capabilities. */

/** The Password Pusher instance origin, e.g. `https://pwpush.example`; empty until set. The organisation's, when it sets one. */
const storedInstanceUrl = /* @__PURE__ */ storage.defineItem<string>('local:instanceUrl', { fallback: '', version: 1 });
export const instanceUrl = /* @__PURE__ */ managedItem(storedInstanceUrl, (stored, policy) => policy.instanceUrl ?? stored);

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
  /**
   * The language the secret link opens in for its recipient (`?locale=`, lib/pwpush/locales.ts);
   * `''` leaves it to the instance and the recipient's browser. Defaults saved before it existed
   * lack it and read as `''` (the reads spread them over DEFAULT_PUSH_DEFAULTS).
   */
  recipientLocale: string;
}

/** Password Pusher's own defaults (docs/password-pusher.md#defaults-and-limits): 7 days, 5 views. */
export const DEFAULT_PUSH_DEFAULTS: PushDefaults = {
  expireAfterDays: 7,
  expireAfterViews: 5,
  deletableByViewer: true,
  retrievalStep: true,
  copyLinkAutomatically: true,
  recipientLocale: '',
};

const storedPushDefaults = /* @__PURE__ */ storage.defineItem<PushDefaults>('local:pushDefaults', {
  fallback: DEFAULT_PUSH_DEFAULTS,
  version: 1,
});
/** Read as the defaults in force: the organisation's locked defaults and ceilings over the person's (./in-force.ts). */
export const pushDefaults = /* @__PURE__ */ managedItem(storedPushDefaults, (stored, policy) =>
  managedDefaults({ ...DEFAULT_PUSH_DEFAULTS, ...stored }, policy),
);

/**
 * Kinds an instance refused this session (a 422 on `kind`), by origin. 2.3.0–2.5.3 say nothing of
 * their kinds in `/version` (docs/password-pusher.md#version-and-features): the refusal is the only
 * word. Session only: an administrator may switch a kind on again.
 */
export const refusedKinds = /* @__PURE__ */ storage.defineItem<Record<string, PushKind[]>>('session:refusedKinds', { fallback: {} });

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
function tokenFor(origin: string, stored: StoredToken): string {
  if (!origin) return '';
  if (typeof stored === 'string') return stored;
  return stored.origin === origin ? stored.token : '';
}

/**
 * The stored instance, the token bound to it and, on a commercial instance, the account chosen there
 * (./account.ts): spread into a `ClientConfig`, every call then works in that account.
 */
export interface Connection {
  baseUrl: string;
  token: string;
  accountId?: string;
  accountName?: string;
}

function connectionOf(baseUrl: string, token: string, choices: Record<string, AccountChoice>): Connection {
  const account = choiceFor(choices, baseUrl);
  return account ? { baseUrl, token, accountId: account.id, accountName: account.name } : { baseUrl, token };
}

/** The stored instance and the token bound to it. */
async function readConnection(): Promise<Connection> {
  // One read per storage area, not one per item.
  const [baseUrl, remember, remembered, session, choices] = await storage.getItems([
    instanceUrl,
    rememberToken,
    rememberedToken,
    sessionToken,
    accountChoices,
  ] as const);
  return connectionOf(baseUrl, tokenFor(baseUrl, remember ? remembered : session), choices);
}

/**
 * The operating system the browser runs on (`runtime.getPlatformInfo().os`: `mac`, `win`,
 * `linux`, …), kept by the background so that the popup shows "⌘+Enter" or "Ctrl+Enter" from the
 * read it makes anyway. Asking in the popup costs heap: `navigator.platform` builds the whole
 * Navigator prototype, `runtime.getPlatformInfo` the runtime namespace
 * (docs/performance.md, rule 5). Empty until the background has run once.
 */
export const platformOs = /* @__PURE__ */ storage.defineItem<string>('local:platformOs', { fallback: '', version: 1 });

/** What the popup shows its form with: read when it opens, so a push reads no storage. */
export interface PopupStart {
  /** Null when no instance is set up yet. */
  connection: Connection | null;
  defaults: PushDefaults;
  /** Every instance's cached capabilities, by origin (lib/share/capabilities.ts reads the entry). */
  capabilities: Record<string, CachedCapabilities>;
  /** The operating system as the background kept it (`mac`, `win`, …), `''` before it has run. */
  os: string;
  /** Kinds the stored instance refused this session. */
  refused: PushKind[];
  /** What the organisation set (locked in the popup, marked as theirs); empty without a policy. */
  policy: ManagedPolicy;
  /** Its ceilings and forced retrieval step; null without a policy. */
  limits: PushLimits | null;
  /** Whether the history keeps names and notes: a push hands it to the background, which then reads nothing before its request. */
  keepHistory: boolean;
}

/**
 * The popup's settings in one read of `local` and one of `session`, at the same time, the policy's
 * copy among them. What a policy makes of them (./in-force.ts) is loaded only when one is set: most
 * popups open without it (docs/performance.md, rule 22).
 */
export async function readPopupStart(): Promise<PopupStart> {
  const [stored, remember, remembered, session, storedDefaults, capabilities, os, refused, choices, kept, history] = await storage.getItems(
    [
      storedInstanceUrl,
      rememberToken,
      rememberedToken,
      sessionToken,
      storedPushDefaults,
      capabilitiesCache,
      platformOs,
      refusedKinds,
      accountChoices,
      keptPolicy,
      historySettings,
    ] as const,
  );
  // Written by the background alone (./policy-mirror.ts), in this shape.
  const { policy } = kept;
  const baseUrl = policy.instanceUrl ?? stored;
  let defaults = { ...DEFAULT_PUSH_DEFAULTS, ...storedDefaults };
  let limits: PushLimits | null = null;
  if (Object.keys(policy).length > 0) {
    const inForce = await import('./in-force');
    defaults = inForce.managedDefaults(defaults, policy);
    limits = inForce.limitsOf(policy);
  }
  return {
    connection: baseUrl ? connectionOf(baseUrl, tokenFor(baseUrl, remember ? remembered : session), choices) : null,
    defaults,
    capabilities,
    os,
    refused: (baseUrl && refused[baseUrl]) || [],
    policy,
    limits,
    keepHistory: historySettingsOf(history).keep,
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
export async function getConnection(): Promise<Connection | null> {
  const connection = await readConnection();
  return connection.baseUrl ? connection : null;
}

/** The defaults in force (the organisation's over the person's). */
export async function getPushDefaults(): Promise<PushDefaults> {
  return pushDefaults.getValue();
}

/**
 * The lockdown's end for the token: gone from both areas, or, when the person chose to keep it for
 * this session only, moved to `session` (as "Remember token on this device" off keeps it).
 */
export async function forgetToken(keepForSession: boolean): Promise<'forgotten' | 'session' | 'none'> {
  const [baseUrl, remember, remembered, session] = await storage.getItems([
    instanceUrl,
    rememberToken,
    rememberedToken,
    sessionToken,
  ] as const);
  const hadAny = remembered !== '' || session !== '';
  const token = tokenFor(baseUrl, remember ? remembered : session);
  if (keepForSession && token) {
    await setToken(token, false, baseUrl);
    return 'session';
  }
  await Promise.all([rememberedToken.removeValue(), sessionToken.removeValue()]);
  return hadAny ? 'forgotten' : 'none';
}
