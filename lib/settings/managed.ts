/**
 * What an organisation sets by policy and the person cannot change: the keys of
 * public/managed_schema.json, read from `storage.managed` (Chrome and Edge: their policies'
 * `3rdparty` extension section; Firefox: `policies.json` `3rdparty.Extensions`, read when Firefox
 * starts). Chrome checks each value against the schema before the extension sees it; Firefox checks
 * nothing, so every value is checked again (./policy-check.ts) and one that does not fit is ignored
 * and named (README.md, "For administrators").
 *
 * The background reads the policy and keeps the checked copy in `storage.local` (./policy-mirror.ts);
 * every page reads that copy with the settings it reads anyway (./managed-item.ts), and what the
 * policy makes of them is in ./in-force.ts, which the popup loads only when a policy is set
 * (docs/performance.md, rule 22).
 */
export interface ManagedPolicy {
  /** The instance's origin. */
  instanceUrl?: string;
  /** Swedavia's gateway or a proxy in front of it, as an origin. */
  airportApiUrl?: string;
  /** Ceilings: no push lives longer or opens more often. */
  expireAfterDaysMax?: number;
  expireAfterViewsMax?: number;
  /** True: every push has the retrieval step, and the person cannot switch it off. */
  retrievalStepForced?: boolean;
  /** Locked defaults; a push can still ask for another value under the ceilings. */
  expireAfterDaysDefault?: number;
  expireAfterViewsDefault?: number;
  /** A code of lib/pwpush/locales.ts, or `''` for the instance's own language. */
  recipientLanguageDefault?: string;
  receipts?: boolean;
  /** False: no lockdown anywhere (popup, settings, Pushes page, background). */
  lockdown?: boolean;
  /** False: no airport wait times (side panel, popup button, settings). */
  airportPanel?: boolean;
}

export type PolicyKey = keyof ManagedPolicy;

/** Why a value the administrator set is not used as given (./policy-check.ts). */
export type RefusalReason =
  /** An address key: not text, empty, or not an address at all. */
  | 'not-an-address'
  /** Another scheme than http or https (`ftp:`, `javascript:`). */
  | 'not-http'
  /** Plain http to anything but this computer. */
  | 'insecure'
  /** A number key: text, true/false or anything else that is not a number (`"7"`, `"abc"`). */
  | 'not-a-number'
  /** A number, but not a whole one within Password Pusher's range (-3, 2.5, 500). */
  | 'out-of-range'
  /** A default above the policy's own ceiling: the ceiling is used instead. */
  | 'above-ceiling'
  | 'not-true-false'
  /** Not one of Password Pusher's language codes, nor `''`. */
  | 'unknown-language';

export interface PolicyRefusal {
  key: PolicyKey;
  reason: RefusalReason;
  /**
   * The value as given, for the settings page only: as text, cut short, an address without its
   * credentials, path or query. Never in the diagnostic report.
   */
  given: string;
}

export interface PolicyReading {
  policy: ManagedPolicy;
  /** What the administrator set to a value that does not fit (a wrong type, an address over http, 500 days…). */
  ignored: PolicyRefusal[];
}

export const NO_POLICY: PolicyReading = { policy: {}, ignored: [] };

/** Where in `storage.local` the background keeps the checked policy (./policy.ts). */
export const POLICY_KEY = 'managedPolicy';
