import { daysText, t, viewsText } from '@/lib/i18n';
import { DAYS_RANGE, VIEWS_RANGE } from '@/lib/pwpush/limits';
import type { ManagedPolicy, PolicyKey, PolicyReading, PolicyRefusal } from '@/lib/settings';
import { CEILING_OF } from '@/lib/settings/policy-check';

/**
 * What the settings page says of a policy value Pushgate refused (lib/settings/policy-check.ts):
 * why, in the check's terms, and what is in force instead, so the person knows what they get and
 * the administrator what to correct.
 */

/** The airport's keys (`airportApiUrl`, `airportPanel`): a package without airports has no use for them, and says nothing of them. */
const isAirportKey = (key: PolicyKey) => key.startsWith('airport');

const RANGES: Partial<Record<PolicyKey, { min: number; max: number }>> = {
  expireAfterDaysMax: DAYS_RANGE,
  expireAfterDaysDefault: DAYS_RANGE,
  expireAfterViewsMax: VIEWS_RANGE,
  expireAfterViewsDefault: VIEWS_RANGE,
};

/**
 * The refusals this package's settings are concerned with. A copy kept by an older version named
 * only the keys: those are skipped until the background keeps a new one, moments after an update.
 */
export function shownRefusals(reading: PolicyReading): PolicyRefusal[] {
  return (Array.isArray(reading.ignored) ? reading.ignored : []).filter(
    (refusal) =>
      typeof refusal === 'object' &&
      refusal !== null &&
      (isAirportKey(refusal.key) ? import.meta.env.PUSHGATE_AIRPORT : import.meta.env.PUSHGATE_SHARE),
  );
}

/** Why the value cannot be used, as one sentence. */
export function refusalReason({ key, reason }: PolicyRefusal, policy: ManagedPolicy): string {
  const range = RANGES[key] ?? DAYS_RANGE;
  switch (reason) {
    case 'not-an-address':
      return t('policyRefusedNotAddress');
    case 'not-http':
      return t('policyRefusedNotHttp');
    case 'insecure':
      return t('policyRefusedInsecure');
    case 'not-a-number':
      return t('policyRefusedNotNumber', range.min, range.max);
    case 'out-of-range':
      return t('policyRefusedOutOfRange', range.min, range.max);
    case 'above-ceiling': {
      const ceilingKey = CEILING_OF[key as keyof typeof CEILING_OF];
      return t('policyRefusedAboveCeiling', ceilingKey, String(policy[ceilingKey] ?? ''));
    }
    case 'not-true-false':
      return t('policyRefusedNotFlag');
    case 'unknown-language':
      return t('policyRefusedLanguage');
  }
}

/** What Pushgate goes by instead, as one sentence. */
export function refusalInstead({ key, reason }: PolicyRefusal, policy: ManagedPolicy): string {
  const amount = key.startsWith('expireAfterDays') ? daysText : viewsText;
  if (reason === 'above-ceiling') return t('policyInsteadCeiling', amount(policy[key as 'expireAfterDaysDefault'] ?? 0));
  return (INSTEAD[key] ?? (() => t('policyInsteadYours')))();
}

/** Where a refused value leaves no setting of the person's: Password Pusher's limit, or the feature on. */
const INSTEAD: Partial<Record<PolicyKey, () => string>> = {
  expireAfterDaysMax: () => t('policyInsteadLimit', daysText(DAYS_RANGE.max)),
  expireAfterViewsMax: () => t('policyInsteadLimit', viewsText(VIEWS_RANGE.max)),
  lockdown: () => t('policyInsteadLockdown'),
  airportPanel: () => t('policyInsteadAirportPanel'),
};
