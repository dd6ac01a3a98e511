import { daysText, t, viewsText } from '@/lib/i18n';
import { DAYS_RANGE, VIEWS_RANGE } from '@/lib/pwpush/limits';
import type { ManagedPolicy, PolicyKey, PolicyReading, PolicyRefusal, RefusalReason } from '@/lib/settings';
import { CEILING_OF } from '@/lib/settings/policy-check';

/**
 * What the settings page says of a policy value Pushgate refused (lib/settings/policy-check.ts):
 * why, in the check's terms, and what is in force instead, so the person knows what they get and
 * the administrator what to correct.
 */

const RANGES: Partial<Record<PolicyKey, { min: number; max: number }>> = {
  expireAfterDaysMax: DAYS_RANGE,
  expireAfterDaysDefault: DAYS_RANGE,
  expireAfterViewsMax: VIEWS_RANGE,
  expireAfterViewsDefault: VIEWS_RANGE,
};

/**
 * The refusals to show. The check reads only this package's own keys (lib/settings/policy-check.ts),
 * so each is one of this package's. A copy kept by an older version named only the keys: those are
 * skipped until the background keeps a new one, moments after an update.
 */
export function shownRefusals(reading: PolicyReading): PolicyRefusal[] {
  return (Array.isArray(reading.ignored) ? reading.ignored : []).filter((refusal) => typeof refusal === 'object' && refusal !== null);
}

/**
 * Why the value cannot be used, as one sentence, per reason. An address is all Pushgate Airport's
 * policy holds: the other reasons, and their words of Password Pusher, are the sharing packages'
 * (test/build/bundles.test.ts).
 */
const REASONS: Partial<Record<RefusalReason, (refusal: PolicyRefusal, policy: ManagedPolicy) => string>> = {
  'not-an-address': () => t('policyRefusedNotAddress'),
  'not-http': () => t('policyRefusedNotHttp'),
  insecure: () => t('policyRefusedInsecure'),
  ...(import.meta.env.PUSHGATE_SHARE && {
    'not-a-number': ({ key }: PolicyRefusal) => t('policyRefusedNotNumber', rangeOf(key).min, rangeOf(key).max),
    'out-of-range': ({ key }: PolicyRefusal) => t('policyRefusedOutOfRange', rangeOf(key).min, rangeOf(key).max),
    'above-ceiling': ({ key }: PolicyRefusal, policy: ManagedPolicy) => {
      const ceilingKey = CEILING_OF[key as keyof typeof CEILING_OF];
      return t('policyRefusedAboveCeiling', ceilingKey, String(policy[ceilingKey] ?? ''));
    },
    'not-true-false': () => t('policyRefusedNotFlag'),
    'unknown-language': () => t('policyRefusedLanguage'),
  }),
};

const rangeOf = (key: PolicyKey) => RANGES[key] ?? DAYS_RANGE;

/** Why the value cannot be used, as one sentence. */
export function refusalReason(refusal: PolicyRefusal, policy: ManagedPolicy): string {
  return REASONS[refusal.reason]?.(refusal, policy) ?? '';
}

/** What Pushgate goes by instead, as one sentence. */
export function refusalInstead({ key, reason }: PolicyRefusal, policy: ManagedPolicy): string {
  if (import.meta.env.PUSHGATE_SHARE && reason === 'above-ceiling') {
    const amount = key.startsWith('expireAfterDays') ? daysText : viewsText;
    return t('policyInsteadCeiling', amount(policy[key as 'expireAfterDaysDefault'] ?? 0));
  }
  return (INSTEAD[key] ?? (() => t('policyInsteadYours')))();
}

/** Where a refused value leaves no setting of the person's: Password Pusher's limit, or the feature on. */
const INSTEAD: Partial<Record<PolicyKey, () => string>> = {
  ...(import.meta.env.PUSHGATE_SHARE && {
    expireAfterDaysMax: () => t('policyInsteadLimit', daysText(DAYS_RANGE.max)),
    expireAfterViewsMax: () => t('policyInsteadLimit', viewsText(VIEWS_RANGE.max)),
    lockdown: () => t('policyInsteadLockdown'),
  }),
  // The switch for the airport part beside sharing: only the combined package reads it.
  ...(import.meta.env.PUSHGATE_SHARE && import.meta.env.PUSHGATE_AIRPORT && { airportPanel: () => t('policyInsteadAirportPanel') }),
};
