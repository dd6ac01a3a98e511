import { storage } from '../settings/storage-item';
import type { LockdownPhase, LockdownState } from './state';

/**
 * The lockdown in progress, or the report of the last one until the person dismisses it. In
 * `storage.local`: a stopped service worker (or a restarted browser) resumes from it, and every
 * open page follows its changes. The url tokens in it are dropped at the end (./state.ts).
 */
export const lockdownState = /* @__PURE__ */ storage.defineItem<LockdownState | null>('local:lockdown', { fallback: null, version: 1 });

/** Whether `state` still has work to do. */
export function isRunning(state: LockdownState | null): state is LockdownState & { phase: Exclude<LockdownPhase, 'done'> } {
  return state !== null && state.phase !== 'done';
}
