import type { PushKind, RequestPace } from '../pwpush/types';
import type { LockdownState, WipeOutcome } from './state';

// What a lockdown step is given (./machine.ts, ./own-pass.ts): kept apart from both, so neither
// imports the other's types.

/** One of this browser's pushes, as the history has it (./own-entries.ts). */
export interface OwnEntry {
  urlToken: string;
  name: string;
  createdAt: string;
  recordedAt: number;
  withToken?: boolean;
  kind?: PushKind;
  deletableByViewer: boolean | null;
  expireAfterDays?: number;
  viewsRemaining?: number;
}

/** What a step takes from outside: the token as stored now, fetch, the clock, the wipe, the history. */
export interface StepDeps {
  /** The token for `state.baseUrl` as stored now; `''` when it is gone (a session token after a restart). */
  token: string;
  fetch?: typeof fetch;
  /** The instance's pace, shared with everything else asking it (lib/pace/): the lockdown comes first. */
  pace?: RequestPace;
  now(): number;
  /** Forgets this browser's data (./wipe.ts). */
  wipe(keepTokenForSession: boolean): Promise<WipeOutcome>;
  /** This browser's pushes on the instance that the lists could not hold, oldest first (./own-entries.ts). */
  ownEntries(state: LockdownState, listed: ReadonlySet<string>): Promise<OwnEntry[]>;
  /** Shorter in the test builds only. */
  retryBackoffMs?: number;
}
