import { limitsOf, NO_POLICY, POLICY_KEY, type PolicyReading, type PushLimits } from './managed';
import { storage } from './storage-item';

/**
 * The organisation's policy as the background keeps it (./policy-mirror.ts): checked, with the keys
 * it had to ignore. Read by the pages that show what is locked (settings, popup, first run, Pushes
 * page) and by the managed settings themselves (./storage-item.ts), never written by a page.
 */
export const managedPolicy = /* @__PURE__ */ storage.defineItem<PolicyReading>(`local:${POLICY_KEY}`, { fallback: NO_POLICY, version: 1 });

export async function getManagedPolicy(): Promise<PolicyReading> {
  const kept = await managedPolicy.getValue();
  return kept && typeof kept.policy === 'object' && kept.policy !== null ? kept : NO_POLICY;
}

/** What a push may be under the organisation's policy: its ceilings and a forced retrieval step. */
export async function getPushLimits(): Promise<PushLimits> {
  return limitsOf((await getManagedPolicy()).policy);
}
