import { activePushes, expirePush } from '../pwpush/client';
import type { Page, Push } from '../pwpush/types';
import { answered, expiredOutcome, failedOutcome, reasonOf, refusedOutcome, retryAfterFailure } from './answers';
import { ownStep } from './own-pass';
import type { StepDeps } from './step-deps';
import { finish, MAX_ROUNDS, type LockdownState, type NotDoneOutcome, type PushOutcome } from './state';
import type { ListedPush, LockdownWork } from './work';

/**
 * The lockdown as a state machine: each `step` makes at most one request (two for one of this
 * browser's own pushes, ./own-pass.ts), or the wipe, and returns the next state and session
 * memory, which the runner stores before the next step. Pure: the instance's token, fetch (paced
 * by the runner), the clock, this browser's history and the wipe come in as parameters.
 *
 * The order: every page of the Active list, then a DELETE for each push found; the list again,
 * until a reading finds nothing new (pushes made meanwhile, or moved by the paging); then this
 * browser's own pushes the lists did not hold, by their links; then one last reading of the
 * Active list, so a push made while all that ran is caught; then the wipe.
 */

/** The Active list's last page (the server refuses `page` above 200: docs/password-pusher.md#lists). */
const MAX_PAGE = 200;

export interface Stepped {
  state: LockdownState;
  work: LockdownWork;
}

export async function step(state: LockdownState, work: LockdownWork, deps: StepDeps): Promise<Stepped> {
  if (state.phase === 'listing') return listStep(state, work, deps);
  if (state.phase === 'expiring') return { state: await expireStep(state, work, deps), work };
  if (state.phase === 'own') return { state: await ownStep(state, work, deps), work };
  if (state.phase === 'wiping') return { state: finish({ ...state, wipe: await deps.wipe(state.keepTokenForSession) }, deps.now()), work };
  return { state, work };
}

async function listStep(state: LockdownState, work: LockdownWork, deps: StepDeps): Promise<Stepped> {
  if (!deps.token) return { state: endListing(state, deps, { page: state.page, reason: 'no-token' }), work };
  const answer = await activePushes(
    { baseUrl: state.baseUrl, token: deps.token, accountId: state.accountId, fetch: deps.fetch },
    state.page,
  );
  const now = deps.now();
  if (!answer.ok) {
    const retry = retryAfterFailure(state, answer.error, now, deps.retryBackoffMs);
    if (retry) return { state: retry, work };
    return { state: endListing(state, deps, { page: state.page, ...reasonOf(answer.error) }), work };
  }
  const known = new Set(work.targets.map((target) => target.urlToken));
  const added: ListedPush[] = [];
  let madeDuring = 0;
  for (const push of answer.value.items) {
    if (known.has(push.urlToken)) continue;
    known.add(push.urlToken);
    added.push({ urlToken: push.urlToken, name: push.name ?? '', createdAt: push.createdAt });
    if (Date.parse(push.createdAt) >= state.startedAt) madeDuring += 1;
  }
  const counts = { ...state.counts, found: state.counts.found + added.length, madeDuring: state.counts.madeDuring + madeDuring };
  const read = { ...answered(state, now), counts, addedThisRound: state.addedThisRound + added.length };
  const nextWork = added.length > 0 ? { ...work, targets: [...work.targets, ...added] } : work;
  if (hasNextPage(answer.value)) return { state: { ...read, page: state.page + 1 }, work: nextWork };
  const listed = { ...read, listedAt: now };
  if (listed.addedThisRound > 0) return { state: { ...listed, phase: 'expiring' }, work: nextWork };
  return { state: afterRounds(listed), work: nextWork };
}

/** The list could not be read further: what was found is still expired, and the list is not read again. */
function endListing(state: LockdownState, deps: StepDeps, failure: NonNullable<LockdownState['listFailure']>): LockdownState {
  const ended = { ...state, listFailure: failure, round: MAX_ROUNDS, tries: 0, throttled: 0, updatedAt: deps.now() };
  delete ended.waitingUntil;
  return { ...ended, phase: 'expiring' };
}

async function expireStep(state: LockdownState, work: LockdownWork, deps: StepDeps): Promise<LockdownState> {
  const target = work.targets[state.next];
  if (!target) return afterExpiring(state);
  if (!deps.token) return giveUp(state, work, { kind: 'failed', reason: 'no-token' }, deps.now());
  const answer = await expirePush(
    { baseUrl: state.baseUrl, token: deps.token, accountId: state.accountId, fetch: deps.fetch },
    target.urlToken,
  );
  const now = deps.now();
  if (answer.ok) return settle(state, target, now, expiredOutcome(answer.value));
  const error = answer.error;
  if (error.kind === 'not-found') return settle(state, target, now, { kind: 'gone' });
  if (error.kind === 'forbidden' || error.kind === 'unauthorized') return settle(state, target, now, refusedOutcome(error));
  const retry = retryAfterFailure(state, error, now, deps.retryBackoffMs);
  if (retry) return retry;
  if (error.kind === 'rate-limited') return giveUp(state, work, failedOutcome(error), now);
  return settle(state, target, now, failedOutcome(error));
}

/** The pushes found so far are done: the list again, or on to this browser's own pushes, or the wipe. */
function afterExpiring(state: LockdownState): LockdownState {
  if (state.round < MAX_ROUNDS) return { ...state, phase: 'listing', round: state.round + 1, page: 1, addedThisRound: 0 };
  // The last reading still found pushes: someone may be pushing with the token right now.
  const settled = state.addedThisRound > 0 && !state.listFailure ? { ...state, stillAppearing: true } : state;
  return settled.ownDone ? { ...settled, phase: 'wiping' } : { ...settled, phase: 'own' };
}

/** A reading found nothing new: this browser's own pushes next, then one last reading, or the wipe. */
function afterRounds(state: LockdownState): LockdownState {
  if (!state.ownDone) return { ...state, phase: 'own' };
  return { ...state, phase: 'wiping' };
}

function settle(state: LockdownState, target: ListedPush, now: number, outcome: PushOutcome): LockdownState {
  const next = { ...answered(state, now), next: state.next + 1 };
  if (outcome.kind === 'expired') return { ...next, counts: { ...state.counts, expired: state.counts.expired + 1 } };
  if (outcome.kind === 'gone') return { ...next, counts: { ...state.counts, gone: state.counts.gone + 1 } };
  return { ...next, notDone: [...state.notDone, notDoneOf(state, target, outcome)] };
}

function notDoneOf(state: LockdownState, target: ListedPush, outcome: NotDoneOutcome) {
  const reported = { name: target.name, createdAt: target.createdAt, outcome, source: 'list' as const };
  return Date.parse(target.createdAt) >= state.startedAt ? { ...reported, madeDuring: true } : reported;
}

/** Every push not yet tried gets `outcome`, and the lockdown goes on to this browser's own pushes. */
function giveUp(state: LockdownState, work: LockdownWork, outcome: NotDoneOutcome, now: number) {
  const left = work.targets.slice(state.next).map((target) => notDoneOf(state, target, outcome));
  const ended: LockdownState = {
    ...state,
    notDone: [...state.notDone, ...left],
    next: work.targets.length,
    round: MAX_ROUNDS,
    tries: 0,
    throttled: 0,
    updatedAt: now,
  };
  delete ended.waitingUntil;
  return { ...ended, phase: ended.ownDone ? ('wiping' as const) : ('own' as const) };
}

/** Without pagination headers (up to 2.11.4) a full page may have more after it, a shorter one is the end (docs/password-pusher.md#lists). */
function hasNextPage(page: Page<Push>): boolean {
  if (page.page >= MAX_PAGE) return false;
  if (page.totalPages !== undefined) return page.page < page.totalPages;
  return page.items.length >= page.perPage;
}
