import { limitsOf, type PushLimits } from './in-force';
import { POLICY_KEY, type PolicyReading } from './managed';
import { keptPolicy, policyIn } from './managed-item';

/**
 * The organisation's policy as the background keeps it (./policy-mirror.ts): checked, with the keys
 * it had to ignore. Read by the pages that show what is locked (settings, first run, Pushes page)
 * and by the background's own checks.
 */
export { keptPolicy as managedPolicy };

export async function getManagedPolicy(): Promise<PolicyReading> {
  return policyIn({ [POLICY_KEY]: await keptPolicy.getValue() });
}

/** What a push may be under the organisation's policy: its ceilings and a forced retrieval step. */
export async function getPushLimits(): Promise<PushLimits> {
  return limitsOf((await getManagedPolicy()).policy);
}
