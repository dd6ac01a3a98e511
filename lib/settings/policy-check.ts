import { DAYS_RANGE, VIEWS_RANGE } from '../pwpush/limits';
import { pwpushLocale } from '../pwpush/locales';
import { shortText } from '../short-text';
import { normalizeInstanceUrl, type InstanceUrlProblem } from './instance-url';
import type { ManagedPolicy, PolicyKey, PolicyReading, PolicyRefusal, RefusalReason } from './managed';

/**
 * Checks the policy as `storage.managed` gives it (./managed.ts): Firefox hands over whatever
 * `policies.json` holds, so each key's value is checked here, and one that does not fit is left out
 * and named with the reason rather than half-used. Only the background (./policy-mirror.ts) and the
 * settings page, which names what was refused, load it.
 */

type Checked = { ok: true; value: unknown } | { ok: false; reason: RefusalReason };
type Check = (value: unknown) => Checked;

const fits = (value: unknown): Checked => ({ ok: true, value });
const refused = (reason: RefusalReason): Checked => ({ ok: false, reason });

const ADDRESS_PROBLEMS: Record<InstanceUrlProblem, RefusalReason> = {
  empty: 'not-an-address',
  invalid: 'not-an-address',
  'bare-word': 'not-an-address',
  'not-http': 'not-http',
  insecure: 'insecure',
};

const origin: Check = (value) => {
  if (typeof value !== 'string') return refused('not-an-address');
  const reading = normalizeInstanceUrl(value);
  return reading.ok ? fits(reading.origin) : refused(ADDRESS_PROBLEMS[reading.reason]);
};
const wholeIn =
  (range: { min: number; max: number }): Check =>
  (value) => {
    if (typeof value !== 'number') return refused('not-a-number');
    return Number.isInteger(value) && value >= range.min && value <= range.max ? fits(value) : refused('out-of-range');
  };
const flag: Check = (value) => (typeof value === 'boolean' ? fits(value) : refused('not-true-false'));
const language: Check = (value) => {
  if (value === '') return fits('');
  const code = pwpushLocale(value);
  return code ? fits(code) : refused('unknown-language');
};

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

/** Each default with the ceiling it must keep under (the schema's descriptions say so). */
export const CEILING_OF = {
  expireAfterDaysDefault: 'expireAfterDaysMax',
  expireAfterViewsDefault: 'expireAfterViewsMax',
} as const satisfies Partial<Record<PolicyKey, PolicyKey>>;

/** The policy as `storage.managed` gives it, each value checked; anything else in it is left out. */
export function readPolicy(raw: unknown): PolicyReading {
  const policy: Record<string, unknown> = {};
  const ignored: PolicyRefusal[] = [];
  const given = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const checks = Object.entries(packageChecks()) as Array<[PolicyKey, Check]>;
  const order = checks.map(([key]) => key);
  for (const [key, check] of checks) {
    if (!Object.hasOwn(given, key) || given[key] === undefined) continue;
    const checked = check(given[key]);
    if (checked.ok) policy[key] = checked.value;
    else ignored.push({ key, reason: checked.reason, given: givenText(given[key]) });
  }
  // A default above the policy's own ceiling: the ceiling is what the administrator allows, so it
  // is the locked default, and the default as given is named.
  for (const [key, ceilingKey] of Object.entries(CEILING_OF) as Array<[keyof typeof CEILING_OF, PolicyKey]>) {
    const value = policy[key] as number | undefined;
    const ceiling = policy[ceilingKey] as number | undefined;
    if (value === undefined || ceiling === undefined || value <= ceiling) continue;
    policy[key] = ceiling;
    ignored.push({ key, reason: 'above-ceiling', given: String(value) });
  }
  ignored.sort((a, b) => order.indexOf(a.key) - order.indexOf(b.key));
  return { policy: policy as ManagedPolicy, ignored };
}

/** About how much of a refused value the settings page quotes. */
export const GIVEN_TEXT_MAX = 60;

/**
 * A refused value as the settings page quotes it: text, cut short. An address keeps only its
 * scheme and host: a policy could carry credentials or a token in a path or query, and the page
 * may be shown to a colleague or in a screenshot.
 */
export function givenText(value: unknown): string {
  const text = typeof value === 'string' ? withoutSecrets(value) : (JSON.stringify(value) ?? String(value));
  return shortText(text, GIVEN_TEXT_MAX);
}

function withoutSecrets(text: string): string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return text;
  }
  if (url.host === '') return text;
  const more = url.username || url.password || url.pathname.length > 1 || url.search || url.hash;
  return `${url.protocol}//${url.host}${more ? '/…' : ''}`;
}
