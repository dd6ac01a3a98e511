import { DAYS_RANGE, VIEWS_RANGE } from '../pwpush/limits';
import type { ManagedPolicy } from './managed';

/**
 * What the organisation's policy (./managed.ts) makes of a push and of the person's defaults. Kept
 * apart from the policy's types: the popup loads it only when a policy is set (./pwpush.ts).
 */

/** What a push may be: the ceilings (Password Pusher's own where no policy sets one) and the forced retrieval step. */
export interface PushLimits {
  daysMax: number;
  viewsMax: number;
  retrievalStepForced: boolean;
}

export const NO_LIMITS: PushLimits = /* @__PURE__ */ limitsOf({});

export function limitsOf(policy: ManagedPolicy): PushLimits {
  return {
    daysMax: policy.expireAfterDaysMax ?? DAYS_RANGE.max,
    viewsMax: policy.expireAfterViewsMax ?? VIEWS_RANGE.max,
    retrievalStepForced: policy.retrievalStepForced === true,
  };
}

/** The push fields a policy governs. */
interface Governed {
  expireAfterDays: number;
  expireAfterViews: number;
  retrievalStep: boolean;
}

/**
 * A push's expiry and retrieval step within the limits: over a ceiling is brought down to it, and
 * a forced retrieval step is on. The popup's fields refuse more already; this is the background's
 * last word for every push (popup, menu, shortcut).
 */
export function withinLimits<T extends Governed>(push: T, limits: PushLimits): T {
  return {
    ...push,
    expireAfterDays: Math.min(push.expireAfterDays, limits.daysMax),
    expireAfterViews: Math.min(push.expireAfterViews, limits.viewsMax),
    retrievalStep: push.retrievalStep || limits.retrievalStepForced,
  };
}

/** The person's saved defaults with the organisation's on top: its locked defaults, then its ceilings. */
export function managedDefaults<T extends Governed & { recipientLocale: string }>(stored: T, policy: ManagedPolicy): T {
  const preset: T = {
    ...stored,
    expireAfterDays: policy.expireAfterDaysDefault ?? stored.expireAfterDays,
    expireAfterViews: policy.expireAfterViewsDefault ?? stored.expireAfterViews,
    recipientLocale: policy.recipientLanguageDefault ?? stored.recipientLocale,
  };
  return withinLimits(preset, limitsOf(policy));
}
