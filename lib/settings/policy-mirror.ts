import { browser } from 'wxt/browser';
import { POLICY_KEY, type PolicyReading } from './managed';
import { policyIn } from './managed-item';
import { readPolicy } from './policy-check';
import { getManagedPolicy, managedPolicy } from './policy';

/**
 * The background's copy of the organisation's policy (./managed.ts): read from `storage.managed`,
 * checked, and kept in `storage.local` where every page reads it with its other settings, at every
 * start of the background and whenever the browser says the policy changed (Chrome and Edge, at
 * once; Firefox reads `policies.json` only when it starts, so a change shows after a restart).
 * Written when it changed, so pages watching it do not redraw for nothing, and once when none is kept:
 * a kept copy says the browser has answered before (`mirroredPolicy`).
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
    const kept = await keptCopy();
    const changed = JSON.stringify(policyIn({ [POLICY_KEY]: kept })) !== JSON.stringify(reading);
    if (changed || kept === undefined) await managedPolicy.setValue(reading);
    return { reading, changed };
  })().catch(async () => ({ reading: await managedPolicy.getValue(), changed: false }));
  return latest;
}

/**
 * What the background's own checks (a push's limits, a lockdown) go by: the kept copy, as every page
 * does. Chrome answers `storage.managed` only once its policy service has started, seconds after the
 * browser (README.md, "For administrators"), so a push or a lockdown's resumption right after a start
 * does not wait for it; the fresh read replaces the copy when it comes. Only a background that has
 * never had an answer (the first start after install) waits for the read, so the organisation's
 * ceilings hold from the very first push.
 */
export async function mirroredPolicy(): Promise<PolicyReading> {
  const kept = await keptCopy();
  if (kept !== undefined) return policyIn({ [POLICY_KEY]: kept });
  await latest;
  return getManagedPolicy();
}

/** The copy as stored, undefined when the background has kept none yet. */
async function keptCopy(): Promise<unknown> {
  return (await browser.storage.local.get(POLICY_KEY))[POLICY_KEY] ?? undefined;
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
