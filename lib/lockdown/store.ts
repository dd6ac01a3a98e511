import { storage } from '../settings/storage-item';
import { NO_COUNTS, startState, type LockdownPhase, type LockdownState } from './state';

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
 * The stored lockdown, in this build's shape. An earlier build stored the targets themselves (link
 * tokens included) and no counts: such a lockdown starts over from the Active list (the pushes it
 * expired are no longer on it), and its state is written again at once without them.
 */
export async function readLockdownState(): Promise<LockdownState | null> {
  const stored = await lockdownState.getValue();
  if (!stored || (typeof stored.counts === 'object' && Array.isArray(stored.notDone))) return stored;
  const legacy = stored as Partial<LockdownState> &
    Pick<LockdownState, 'startedAt' | 'baseUrl' | 'withToken' | 'keepTokenForSession' | 'phase'>;
  const fresh: LockdownState = { ...startState({ ...legacy, now: legacy.startedAt }), counts: { ...NO_COUNTS } };
  const restarted: LockdownState =
    legacy.phase === 'done' && legacy.report
      ? {
          ...fresh,
          phase: 'done',
          report: {
            ...legacy.report,
            madeDuring: legacy.report.madeDuring ?? 0,
            ownExpired: legacy.report.ownExpired ?? 0,
            ownGone: legacy.report.ownGone ?? 0,
            notDone: legacy.report.notDone.map((push) => ({ ...push, source: push.source ?? 'list' })),
          },
        }
      : fresh;
  await lockdownState.setValue(restarted);
  return restarted;
}
