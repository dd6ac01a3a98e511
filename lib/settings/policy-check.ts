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

/** Every key of the schema, with the check of its value. */
const CHECKS: Record<PolicyKey, Check> = {
  instanceUrl: origin,
  airportApiUrl: origin,
  expireAfterDaysMax: wholeIn(DAYS_RANGE),
  expireAfterViewsMax: wholeIn(VIEWS_RANGE),
  retrievalStepForced: flag,
  expireAfterDaysDefault: wholeIn(DAYS_RANGE),
  expireAfterViewsDefault: wholeIn(VIEWS_RANGE),
  recipientLanguageDefault: language,
  receipts: flag,
  lockdown: flag,
  airportPanel: flag,
};

export const POLICY_KEYS = Object.keys(CHECKS) as PolicyKey[];

/** The policy as `storage.managed` gives it, each value checked; anything else in it is left out. */
export function readPolicy(raw: unknown): PolicyReading {
  const policy: Record<string, unknown> = {};
  const ignored: PolicyKey[] = [];
  const given = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  for (const key of POLICY_KEYS) {
    if (!Object.hasOwn(given, key) || given[key] === undefined) continue;
    const value = CHECKS[key](given[key]);
    if (value === undefined) ignored.push(key);
    else policy[key] = value;
  }
  return { policy: policy as ManagedPolicy, ignored };
}
