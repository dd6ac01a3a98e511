import type { HttpError } from '../http';
import { activePushes, expirePush } from '../pwpush/client';
import type { Page, Push } from '../pwpush/types';
import { shortText } from '../short-text';
import { finish, type FailureReason, type LockdownState, type LockdownTarget, type PushOutcome, type WipeOutcome } from './state';

/**
 * The lockdown as a state machine: each `step` makes at most one request (or the wipe) and
 * returns the next state, which the runner stores before the next step. Pure: the instance's
 * token, fetch, the clock and the wipe come in as parameters.
 */

/**
 * Password Pusher's throttle allows 120 requests a minute per IP (docs/password-pusher.md#throttling):
 * one request every 600 ms is 100 a minute, so the Pushes page open beside it keeps room.
 */
export const PACE_MS = 600;
/** A 5xx, a dropped connection or a time limit is tried this often in all before the push is reported. */
export const MAX_TRIES = 3;
/** The first retry waits this long, each further one twice as long. */
export const RETRY_BACKOFF_MS = 2_000;
/** Without a Retry-After a 429 waits a minute: the throttle's window (docs/password-pusher.md#throttling). */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;
/** A Retry-After longer than this is waited out only this long, then asked again. */
export const MAX_RETRY_AFTER_SECONDS = 300;
/** 429s in a row, with no answer in between, before the lockdown gives up on the instance. */
export const MAX_THROTTLED_IN_A_ROW = 5;
/** The Active list's last page (the server refuses `page` above 200: docs/password-pusher.md#lists). */
const MAX_PAGE = 200;
/** The Active list is read once more after the expiring: pushes made meanwhile, or moved by the paging. */
const LAST_ROUND = 2;

export interface StepDeps {
  /** The token for `state.baseUrl` as stored now; `''` when it is gone (a session token after a restart). */
  token: string;
  fetch?: typeof fetch;
  now(): number;
  /** Forgets this browser's data (lib/lockdown/wipe.ts). */
  wipe(keepTokenForSession: boolean): Promise<WipeOutcome>;
  /** Shorter in the test builds only. */
  paceMs?: number;
  retryBackoffMs?: number;
}

export async function step(state: LockdownState, deps: StepDeps): Promise<LockdownState> {
  if (state.phase === 'listing') return listStep(state, deps);
  if (state.phase === 'expiring') return expireStep(state, deps);
  if (state.phase === 'wiping') return finish({ ...state, wipe: await deps.wipe(state.keepTokenForSession) }, deps.now());
  return state;
}

async function listStep(state: LockdownState, deps: StepDeps): Promise<LockdownState> {
  if (!deps.token) return endListing(state, deps, { page: state.page, reason: 'no-token' });
  const answer = await activePushes(
    { baseUrl: state.baseUrl, token: deps.token, accountId: state.accountId, fetch: deps.fetch },
    state.page,
  );
  const now = deps.now();
  if (!answer.ok) {
    const retry = retryAfterFailure(state, answer.error, deps, now);
    if (retry) return retry;
    return endListing(state, deps, { page: state.page, ...reasonOf(answer.error) });
  }
  const known = new Set(state.targets.map((target) => target.urlToken));
  const added: LockdownTarget[] = [];
  for (const push of answer.value.items) {
    if (known.has(push.urlToken)) continue;
    known.add(push.urlToken);
    added.push({ urlToken: push.urlToken, name: push.name ?? '', createdAt: push.createdAt });
  }
  const paced = {
    ...answered(state, deps, now),
    targets: [...state.targets, ...added],
    addedThisRound: state.addedThisRound + added.length,
  };
  if (hasNextPage(answer.value)) return { ...paced, page: state.page + 1 };
  // Nothing new on the list: nothing to expire, or only pushes already tried.
  if (paced.addedThisRound === 0) return { ...paced, phase: 'wiping' };
  return { ...paced, phase: 'expiring' };
}

/** The list could not be read further: what was found is still expired, and the list is not read again. */
function endListing(state: LockdownState, deps: StepDeps, failure: LockdownState['listFailure'] & object): LockdownState {
  const now = deps.now();
  const ended = { ...state, listFailure: failure, round: LAST_ROUND, tries: 0, throttled: 0, updatedAt: now };
  delete ended.waitingUntil;
  return { ...ended, phase: ended.next < ended.targets.length && deps.token ? 'expiring' : 'wiping' };
}

async function expireStep(state: LockdownState, deps: StepDeps): Promise<LockdownState> {
  const target = state.targets[state.next];
  if (!target) {
    if (state.round < LAST_ROUND) return { ...state, phase: 'listing', round: state.round + 1, page: 1, addedThisRound: 0 };
    return { ...state, phase: 'wiping' };
  }
  if (!deps.token) return giveUp(state, { kind: 'failed', reason: 'no-token' }, deps.now());
  const answer = await expirePush(
    { baseUrl: state.baseUrl, token: deps.token, accountId: state.accountId, fetch: deps.fetch },
    target.urlToken,
  );
  const now = deps.now();
  if (answer.ok) return settle(state, deps, now, expiredOutcome(answer.value));
  const error = answer.error;
  if (error.kind === 'not-found') return settle(state, deps, now, { kind: 'gone' });
  if (error.kind === 'forbidden' || error.kind === 'unauthorized') {
    const refused: PushOutcome = { kind: 'refused', status: error.status ?? (error.kind === 'forbidden' ? 403 : 401) };
    if (error.serverMessage) refused.serverMessage = shortText(error.serverMessage);
    return settle(state, deps, now, refused);
  }
  const retry = retryAfterFailure(state, error, deps, now);
  if (retry) return retry;
  const reason = reasonOf(error);
  const failed: PushOutcome = { kind: 'failed', reason: reason.reason === 'refused' ? 'unexpected' : reason.reason };
  if (error.status !== undefined) failed.status = error.status;
  if (error.kind === 'rate-limited') return giveUp(state, failed, now);
  return settle(state, deps, now, failed);
}

/** A 200 to a DELETE is an expiry only when the push it returns says so. */
function expiredOutcome(push: Push): PushOutcome {
  return push.expired ? { kind: 'expired' } : { kind: 'failed', reason: 'unexpected', status: 200 };
}

function settle(state: LockdownState, deps: StepDeps, now: number, outcome: PushOutcome): LockdownState {
  const targets = state.targets.map((target, index) => (index === state.next ? { ...target, outcome } : target));
  return { ...answered(state, deps, now), targets, next: state.next + 1 };
}

/** Every push not yet tried gets `outcome`, and the lockdown goes on to this browser's data. */
function giveUp(state: LockdownState, outcome: PushOutcome, now: number): LockdownState {
  const targets = state.targets.map((target, index) => (index >= state.next && !target.outcome ? { ...target, outcome } : target));
  const ended = { ...state, targets, next: targets.length, phase: 'wiping' as const, tries: 0, throttled: 0, updatedAt: now };
  delete ended.waitingUntil;
  return ended;
}

/** An answer came: the next request waits only for the pace. */
function answered(state: LockdownState, deps: StepDeps, now: number): LockdownState {
  const next = { ...state, tries: 0, throttled: 0, notBefore: now + (deps.paceMs ?? PACE_MS), updatedAt: now };
  delete next.waitingUntil;
  return next;
}

/** The same request again later, or undefined when the failure is final. */
function retryAfterFailure(state: LockdownState, error: HttpError, deps: StepDeps, now: number): LockdownState | undefined {
  if (error.kind === 'rate-limited') {
    if (state.throttled + 1 >= MAX_THROTTLED_IN_A_ROW) return undefined;
    const seconds = Math.min(error.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS, MAX_RETRY_AFTER_SECONDS);
    const until = now + Math.max(seconds * 1000, deps.paceMs ?? PACE_MS);
    return { ...state, throttled: state.throttled + 1, notBefore: until, waitingUntil: until, updatedAt: now };
  }
  if (error.kind === 'server' || error.kind === 'network' || error.kind === 'timeout') {
    if (state.tries + 1 >= MAX_TRIES) return undefined;
    const backoff = (deps.retryBackoffMs ?? RETRY_BACKOFF_MS) * 2 ** state.tries;
    return { ...state, tries: state.tries + 1, notBefore: now + backoff, updatedAt: now };
  }
  return undefined;
}

function reasonOf(error: HttpError): { reason: FailureReason | 'refused'; status?: number } {
  const reason: FailureReason | 'refused' =
    error.kind === 'server' || error.kind === 'network' || error.kind === 'timeout'
      ? error.kind
      : error.kind === 'rate-limited'
        ? 'throttled'
        : error.kind === 'unauthorized' || error.kind === 'forbidden'
          ? 'refused'
          : 'unexpected';
  return error.status === undefined ? { reason } : { reason, status: error.status };
}

/** Without pagination headers (up to 2.11.4) a full page may have more after it, a shorter one is the end (docs/password-pusher.md#lists). */
function hasNextPage(page: Page<Push>): boolean {
  if (page.page >= MAX_PAGE) return false;
  if (page.totalPages !== undefined) return page.page < page.totalPages;
  return page.items.length >= page.perPage;
}
