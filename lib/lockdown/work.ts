import { storage } from '../settings/storage-item';
import type { LockdownState } from './state';

/**
 * The link tokens a lockdown works through, in session memory only (`storage.session` is held in
 * the browser's memory and never written to disk): the background keeps them across a stopped
 * service worker, and a browser restart forgets them, after which the lockdown reads the Active
 * list again (./state.ts). Written once per Active page read, never per push expired.
 */

/** A push found on the Active list. */
export interface ListedPush {
  urlToken: string;
  name: string;
  createdAt: string;
}

export interface LockdownWork {
  /** The lockdown these belong to (`LockdownState.startedAt`): another one's are never used. */
  startedAt: number;
  /** Every push the Active list held in this lockdown, in the order found; `LockdownState.next` indexes it. */
  targets: ListedPush[];
}

export const lockdownWork = /* @__PURE__ */ storage.defineItem<LockdownWork | null>('session:lockdownWork', { fallback: null });

/** The session memory of the lockdown started at `startedAt`, or null when it was lost (a browser restart). */
export async function readWork(startedAt: number): Promise<LockdownWork | null> {
  const work = await lockdownWork.getValue().catch(() => null);
  return work?.startedAt === startedAt && Array.isArray(work.targets) ? work : null;
}

/**
 * The session memory with the pushes found was lost (a browser restart): the Active list is read
 * again from its first page. Pushes already expired are no longer on it; those not done yet are
 * found and tried again, so the list's failures so far give way to the new tries.
 */
export function afterLostWork(state: LockdownState): LockdownState {
  const { counts } = state;
  const kept = {
    ...state,
    notDone: state.notDone.filter((push) => push.source === 'own'),
    counts: { ...counts, found: counts.expired + counts.gone },
  };
  if (state.phase !== 'listing' && state.phase !== 'expiring') return kept;
  return { ...kept, phase: 'listing', page: 1, next: 0, addedThisRound: 0 };
}
