/**
 * What a lockdown is doing, as it is kept in storage.local after every step, so a stopped service
 * worker or a restarted browser goes on where it was (./machine.ts moves it on, ./background.ts
 * runs it). Only counts, times and the names of the pushes it could not expire are kept here: the
 * link tokens it works through live in session memory (./work.ts), never on disk, and a lockdown
 * whose session memory was lost with a browser restart reads the Active list again (the pushes it
 * already expired are no longer on it).
 */

/** Readings of the Active list at most: pushes that keep appearing mean someone is pushing with the token now. */
export const MAX_ROUNDS = 5;

export type LockdownPhase = 'listing' | 'expiring' | 'own' | 'wiping' | 'done';

/** Why a request did not get its answer: a 5xx after the bounded retries, or no usable answer at all. */
export type FailureReason = 'server' | 'network' | 'timeout' | 'unauthorized' | 'unexpected' | 'throttled' | 'no-token';

/** What became of one push. Only `expired` is a push the server confirmed it expired. */
export type PushOutcome =
  | { kind: 'expired' }
  /** 404: the instance no longer has it (purged, or expired and gone); or it had expired before the lockdown. */
  | { kind: 'gone' }
  /** 403 (or the 401 of a push not the token's): the instance refused; its own words as text. */
  | { kind: 'refused'; status: number; serverMessage?: string }
  | { kind: 'failed'; reason: FailureReason; status?: number };

export type NotDoneOutcome = Exclude<PushOutcome, { kind: 'expired' } | { kind: 'gone' }>;

/** A push the report names: never its url token. */
export interface ReportedPush {
  name: string;
  createdAt: string;
  outcome: NotDoneOutcome;
  /** `list`: found on the account's Active list; `own`: this browser's history, tried by its link (./own-pass.ts). */
  source: 'list' | 'own';
  /** Made after the lockdown began (another device, or someone holding the token). */
  madeDuring?: boolean;
  /** An own push that cannot be expired by its link: when it ends on its own (ISO 8601) and how many views it had left. */
  endsAt?: string;
  viewsLeft?: number;
}

/** What the wipe of this browser's data did; `false` is a part that storage refused. */
export interface WipeOutcome {
  history: boolean;
  /** Recent airports and My flight; only in a package with the side panel. */
  airports?: boolean;
  /** `forgotten`: no token is left; `session`: moved to this session only; `none`: there was none. */
  token: 'forgotten' | 'session' | 'none' | 'failed';
  /** `emptied`: the clipboard was overwritten with nothing, unread. */
  clipboard: 'emptied' | 'failed';
  /** storage.local was rewritten from scratch, so the removed values left its files (lib/settings/compact-local.ts). */
  compacted?: boolean;
}

export interface ListFailure {
  /** The page that could not be read. */
  page: number;
  reason: FailureReason | 'refused';
  status?: number;
}

export interface LockdownCounts {
  /** Pushes found on the Active list (each once). */
  found: number;
  expired: number;
  gone: number;
  /** Of those found, how many were made after the lockdown began. */
  madeDuring: number;
  /** This browser's own pushes the lists could not hold, tried by their links. */
  own: number;
  ownExpired: number;
  ownGone: number;
}

/** Where the pass through this browser's history stands: entries are taken by `recordedAt`, oldest first. */
export interface OwnCursor {
  /** The `recordedAt` of the last entry done. */
  at: number;
  /** How many entries recorded at exactly `at` are done. */
  same: number;
}

/** The person's answer to "the token still works": until then the lockdown is not done. */
export type TokenStep = 'pending' | 'made' | 'later';

export interface LockdownState {
  /** When it started (`Date.now()`): two starts of the same run are one; also tells its session memory apart. */
  startedAt: number;
  /** The instance, as it was when the lockdown started. */
  baseUrl: string;
  /** A token was there at the start: without one no list can be read. */
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
  /** Readings of the Active list so far, the one going on included. */
  round: number;
  /** Targets the current listing round added. */
  addedThisRound: number;
  /** Index of the next target to expire in the session memory's list. */
  next: number;
  counts: LockdownCounts;
  notDone: ReportedPush[];
  /** The pass through this browser's history is done. */
  ownDone: boolean;
  ownCursor?: OwnCursor;
  /** Tries of the request now being made (5xx, network). */
  tries: number;
  /** 429s in a row without an answer in between. */
  throttled: number;
  /** No request before this time (`Date.now()`): a 429's Retry-After, a retry's back-off. */
  notBefore: number;
  /** Set while a 429 is waited out: until when. */
  waitingUntil?: number;
  listFailure?: ListFailure;
  /** When the Active list was last read to its end. */
  listedAt?: number;
  /** The last reading allowed still found new pushes. */
  stillAppearing?: boolean;
  wipe?: WipeOutcome;
  /** Filled at the end. */
  report?: LockdownReport;
  updatedAt: number;
}

export interface LockdownReport {
  expired: number;
  gone: number;
  madeDuring: number;
  ownExpired: number;
  ownGone: number;
  /** Pushes that were not expired, and why. */
  notDone: ReportedPush[];
  listFailure?: ListFailure;
  /** When the Active list was last read to its end: a push made after it was not seen. */
  listedAt?: number;
  /** The list still held new pushes at its last reading: someone may be pushing with the token now. */
  stillAppearing?: boolean;
  withToken: boolean;
  /** Present when a token was there: it still works on the instance until a new one is made. */
  token?: TokenStep;
  wipe?: WipeOutcome;
  finishedAt: number;
}

export const NO_COUNTS: LockdownCounts = { found: 0, expired: 0, gone: 0, madeDuring: 0, own: 0, ownExpired: 0, ownGone: 0 };

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
    // Without a token only this browser's own pushes can be reached, by their links.
    phase: options.withToken ? 'listing' : options.baseUrl ? 'own' : 'wiping',
    page: 1,
    round: 1,
    addedThisRound: 0,
    next: 0,
    counts: { ...NO_COUNTS },
    notDone: [],
    ownDone: !options.baseUrl,
    tries: 0,
    throttled: 0,
    notBefore: options.now,
    updatedAt: options.now,
  };
}

/** The end: the counts and the pushes not done become the report. */
export function finish(state: LockdownState, now: number): LockdownState {
  const { counts } = state;
  const report: LockdownReport = {
    expired: counts.expired,
    gone: counts.gone,
    madeDuring: counts.madeDuring,
    ownExpired: counts.ownExpired,
    ownGone: counts.ownGone,
    notDone: state.notDone,
    withToken: state.withToken,
    finishedAt: now,
  };
  if (state.withToken) report.token = 'pending';
  if (state.listFailure) report.listFailure = state.listFailure;
  if (state.listedAt !== undefined) report.listedAt = state.listedAt;
  if (state.stillAppearing) report.stillAppearing = true;
  if (state.wipe) report.wipe = state.wipe;
  const { waitingUntil: _waiting, listFailure: _list, ownCursor: _cursor, stillAppearing: _appearing, ...rest } = state;
  return { ...rest, phase: 'done', next: 0, notDone: [], report, updatedAt: now };
}

/** Whether the report is complete: the person answered the token step (or there was no token). */
export function isSettled(report: LockdownReport): boolean {
  return report.token === undefined || report.token !== 'pending';
}
