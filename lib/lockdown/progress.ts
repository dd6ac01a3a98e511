import type { LockdownPhase, LockdownState } from './state';

/** "Expired 37 of 120": what the progress line shows. */
export interface LockdownProgress {
  phase: LockdownPhase;
  expired: number;
  total: number;
  /** The Active page being read, while listing. */
  page: number;
  waitingUntil?: number;
}

export function progressOf(state: LockdownState): LockdownProgress {
  const { counts } = state;
  const own = state.phase === 'own';
  const progress: LockdownProgress = {
    phase: state.phase,
    expired: own ? counts.ownExpired + counts.ownGone : counts.expired,
    total: own ? counts.own : counts.found,
    page: state.page,
  };
  if (state.report) {
    progress.expired = state.report.expired;
    progress.total = state.report.expired + state.report.gone + state.report.notDone.filter((push) => push.source === 'list').length;
  }
  if (state.waitingUntil !== undefined) progress.waitingUntil = state.waitingUntil;
  return progress;
}
