import { browser } from 'wxt/browser';
import { readPolicy } from './policy-check';
import { getManagedPolicy, managedPolicy } from './policy';
import type { PolicyReading } from './managed';

/**
 * The background's copy of the organisation's policy (./managed.ts): read from `storage.managed`,
 * checked, and kept in `storage.local` where every page reads it with its other settings, at every
 * start of the background and whenever the browser says the policy changed (Chrome and Edge, at
 * once; Firefox reads `policies.json` only when it starts, so a change shows after a restart).
 * Written only when it changed, so pages watching it do not redraw for nothing.
 */

export interface Mirrored {
  reading: PolicyReading;
  /** The copy was written: the policy differs from the one the background last kept. */
  changed: boolean;
}

let latest: Promise<Mirrored> | null = null;

export function mirrorManagedPolicy(): Promise<Mirrored> {
  latest = (async () => {
    const reading = readPolicy(await readManagedArea());
    const changed = JSON.stringify(await managedPolicy.getValue()) !== JSON.stringify(reading);
    if (changed) await managedPolicy.setValue(reading);
    return { reading, changed };
  })().catch(async () => ({ reading: await managedPolicy.getValue(), changed: false }));
  return latest;
}

/**
 * The kept policy, once a copy this background is writing is written: what the background's own
 * checks (a push's limits, a lockdown) go by, also in the first moment after it started.
 */
export async function mirroredPolicy(): Promise<PolicyReading> {
  await latest;
  return getManagedPolicy();
}

/**
 * Keeps the copy in step with the browser's policy, and tells `onChange` of a new one (what the
 * background itself switches by it); call in the background's first turn.
 */
export function listenForPolicyChanges(onChange?: (reading: PolicyReading) => void): void {
  browser.storage.onChanged.addListener((_changes, areaName) => {
    if (areaName === 'managed') void mirrorManagedPolicy().then(({ reading, changed }) => changed && onChange?.(reading));
  });
}

/**
 * `storage.managed` as the browser gives it: empty where no policy names the extension (Firefox
 * rejects the read then; a browser without the schema in the manifest gives nothing).
 */
async function readManagedArea(): Promise<unknown> {
  try {
    return await browser.storage.managed.get(null);
  } catch {
    return {};
  }
}
