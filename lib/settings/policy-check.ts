import { DAYS_RANGE, VIEWS_RANGE } from '../pwpush/limits';
import { pwpushLocale } from '../pwpush/locales';
import { normalizeInstanceUrl } from './instance-url';
import type { ManagedPolicy, PolicyKey, PolicyReading } from './managed';

/**
 * Checks the policy as `storage.managed` gives it (./managed.ts): Firefox hands over whatever
 * `policies.json` holds, so each key's value is checked here, and one that does not fit is left out
 * and named rather than half-used. Only the background (./policy-mirror.ts) and the settings page,
 * which names what was ignored, load it.
 */

type Check = (value: unknown) => unknown;

const origin: Check = (value) => {
  if (typeof value !== 'string') return undefined;
  const reading = normalizeInstanceUrl(value);
  return reading.ok ? reading.origin : undefined;
};
const wholeIn =
  (range: { min: number; max: number }): Check =>
  (value) =>
    typeof value === 'number' && Number.isInteger(value) && value >= range.min && value <= range.max ? value : undefined;
const flag: Check = (value) => (typeof value === 'boolean' ? value : undefined);
const language: Check = (value) => (value === '' ? '' : pwpushLocale(value) || undefined);

/** Password Pusher's settings: read by the packages that share. */
const SHARE_CHECKS = {
  instanceUrl: origin,
  expireAfterDaysMax: wholeIn(DAYS_RANGE),
  expireAfterViewsMax: wholeIn(VIEWS_RANGE),
  retrievalStepForced: flag,
  expireAfterDaysDefault: wholeIn(DAYS_RANGE),
  expireAfterViewsDefault: wholeIn(VIEWS_RANGE),
  recipientLanguageDefault: language,
  receipts: flag,
  lockdown: flag,
} satisfies Partial<Record<PolicyKey, Check>>;

/**
 * Every key of this package's schema (build/package-assets.ts), with the check of its value. Firefox
 * hands over all a policy holds, and one policy may be written for every package, so another package's
 * keys are left out here, unread: `airportPanel` switches the airport part off beside sharing, so only
 * the package with both reads it. The build's constants leave Password Pusher's checks out of Pushgate
 * Airport (test/build/bundles.test.ts).
 */
function packageChecks(): Partial<Record<PolicyKey, Check>> {
  return {
    ...(import.meta.env.PUSHGATE_SHARE && SHARE_CHECKS),
    ...(import.meta.env.PUSHGATE_AIRPORT && { airportApiUrl: origin }),
    ...(import.meta.env.PUSHGATE_SHARE && import.meta.env.PUSHGATE_AIRPORT && { airportPanel: flag }),
  };
}

/** The policy as `storage.managed` gives it, each value checked; anything else in it is left out. */
export function readPolicy(raw: unknown): PolicyReading {
  const policy: Record<string, unknown> = {};
  const ignored: PolicyKey[] = [];
  const given = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  for (const [key, check] of Object.entries(packageChecks()) as Array<[PolicyKey, Check]>) {
    if (!Object.hasOwn(given, key) || given[key] === undefined) continue;
    const value = check(given[key]);
    if (value === undefined) ignored.push(key);
    else policy[key] = value;
  }
  return { policy: policy as ManagedPolicy, ignored };
}
