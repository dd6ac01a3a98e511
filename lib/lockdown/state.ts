/**
 * What a lockdown is doing, as it is kept in storage.local after every step, so a stopped service
 * worker resumes where it was (./machine.ts moves it on, lib/lockdown/background.ts runs it).
 * The url tokens of the pushes still to expire are kept only while the lockdown runs: they are
 * not secrets (they open nothing without the token), but they name the account's pushes. At the
 * end only the report is left, which names a push by its name and creation time, never its token.
 */

export type LockdownPhase = 'listing' | 'expiring' | 'wiping' | 'done';

/** Why a request did not get its answer: a 5xx after the bounded retries, or no usable answer at all. */
export type FailureReason = 'server' | 'network' | 'timeout' | 'unauthorized' | 'unexpected' | 'throttled' | 'no-token';

/** What became of one push. Only `expired` is a push the server confirmed it expired. */
export type PushOutcome =
  | { kind: 'expired' }
  /** 404: the instance no longer has it (purged, or expired and gone). */
  | { kind: 'gone' }
  /** 403 (or the 401 of a push not the token's): the instance refused; its own words as text. */
  | { kind: 'refused'; status: number; serverMessage?: string }
  | { kind: 'failed'; reason: FailureReason; status?: number };

/** A push to expire, while the lockdown runs. */
export interface LockdownTarget {
  urlToken: string;
  name: string;
  createdAt: string;
  outcome?: PushOutcome;
}

/** A push the report names: no url token. */
export interface ReportedPush {
  name: string;
  createdAt: string;
  outcome: Exclude<PushOutcome, { kind: 'expired' } | { kind: 'gone' }>;
}

/** What the wipe of this browser's data did; `false` is a part that storage refused. */
export interface WipeOutcome {
  history: boolean;
  airports: boolean;
  /** `forgotten`: no token is left; `session`: moved to this session only; `none`: there was none. */
  token: 'forgotten' | 'session' | 'none' | 'failed';
  /** `cleared`: a secret Pushgate copied was on the clipboard and is gone; `none`: none was waiting to be cleared. */
  clipboard: 'cleared' | 'none' | 'failed';
}

export interface ListFailure {
  /** The page that could not be read. */
  page: number;
  reason: FailureReason | 'refused';
  status?: number;
}

export interface LockdownState {
  /** When it started (`Date.now()`): two starts of the same run are one. */
  startedAt: number;
  /** The instance, as it was when the lockdown started. */
  baseUrl: string;
  /** A token was there at the start: without one only this browser's data is wiped. */
  withToken: boolean;
  /**
   * The commercial edition's account chosen when it started (docs/password-pusher.md#accounts): its
   * pushes are the ones expired, and the report names it. Absent on OSS.
   */
  accountId?: string;
  accountName?: string;
  keepTokenForSession: boolean;
  phase: LockdownPhase;
  /** The next Active page to ask for. */
  page: number;
  /** The Active list is read again once after the expiring, for pushes made or missed meanwhile. */
  round: number;
  /** Targets the current listing round added. */
  addedThisRound: number;
  targets: LockdownTarget[];
  /** Index of the next target to expire. */
  next: number;
  /** Tries of the request now being made (5xx, network). */
  tries: number;
  /** 429s in a row without an answer in between. */
  throttled: number;
  /** No request before this time (`Date.now()`): the pace, a 429's Retry-After, a retry's back-off. */
  notBefore: number;
  /** Set while a 429 is waited out: until when. */
  waitingUntil?: number;
  listFailure?: ListFailure;
  wipe?: WipeOutcome;
  /** Filled at the end, when the targets are dropped. */
  report?: LockdownReport;
  updatedAt: number;
}

export interface LockdownReport {
  expired: number;
  gone: number;
  /** Pushes that were not expired, and why. */
  notDone: ReportedPush[];
  listFailure?: ListFailure;
  withToken: boolean;
  wipe?: WipeOutcome;
  finishedAt: number;
}

export function startState(options: {
  baseUrl: string;
  withToken: boolean;
  keepTokenForSession: boolean;
  now: number;
  account?: { id: string; name: string };
}): LockdownState {
  return {
    startedAt: options.now,
    baseUrl: options.baseUrl,
    withToken: options.withToken,
    ...(options.withToken && options.account && { accountId: options.account.id, accountName: options.account.name }),
    keepTokenForSession: options.keepTokenForSession,
    phase: options.withToken ? 'listing' : 'wiping',
    page: 1,
    round: 1,
    addedThisRound: 0,
    targets: [],
    next: 0,
    tries: 0,
    throttled: 0,
    notBefore: options.now,
    updatedAt: options.now,
  };
}

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
  const expired = state.report?.expired ?? state.targets.filter((target) => target.outcome?.kind === 'expired').length;
  const total = state.report ? state.report.expired + state.report.gone + state.report.notDone.length : state.targets.length;
  const progress: LockdownProgress = { phase: state.phase, expired, total, page: state.page };
  if (state.waitingUntil !== undefined) progress.waitingUntil = state.waitingUntil;
  return progress;
}

/** The end: the targets (and their url tokens) give way to the report. */
export function finish(state: LockdownState, now: number): LockdownState {
  const notDone: ReportedPush[] = [];
  let expired = 0;
  let gone = 0;
  for (const { name, createdAt, outcome } of state.targets) {
    if (outcome?.kind === 'expired') expired += 1;
    else if (outcome?.kind === 'gone') gone += 1;
    else notDone.push({ name, createdAt, outcome: outcome ?? { kind: 'failed', reason: 'no-token' } });
  }
  const report: LockdownReport = { expired, gone, notDone, withToken: state.withToken, finishedAt: now };
  if (state.listFailure) report.listFailure = state.listFailure;
  if (state.wipe) report.wipe = state.wipe;
  const { waitingUntil: _waiting, listFailure: _list, ...rest } = state;
  return { ...rest, phase: 'done', targets: [], next: 0, report, updatedAt: now };
}
