import { storage } from '../settings/storage-item';
import type { LockdownPhase, LockdownState } from './state';

/**
 * The lockdown in progress, or the report of the last one until the person closes it. In
 * `storage.local`: a stopped service worker (or a restarted browser) resumes from it, and every
 * open page follows its changes. It holds counts and names, never a link token (./state.ts).
 */
export const lockdownState = /* @__PURE__ */ storage.defineItem<LockdownState | null>('local:lockdown', { fallback: null, version: 1 });

/** Whether `state` still has work to do. */
export function isRunning(state: LockdownState | null | undefined): state is LockdownState & { phase: Exclude<LockdownPhase, 'done'> } {
  return state != null && state.phase !== 'done';
}

/**
 * The stored lockdown, or null. A state of another shape (an unreleased build's, which kept the
 * link tokens themselves) is removed rather than read.
 */
export async function readLockdownState(): Promise<LockdownState | null> {
  const stored = await lockdownState.getValue();
  if (!stored || (typeof stored.counts === 'object' && Array.isArray(stored.notDone))) return stored;
  await lockdownState.removeValue();
  return null;
}
