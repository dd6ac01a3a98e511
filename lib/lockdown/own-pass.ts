import type { HttpError } from '../http';
import { expirePush } from '../pwpush/client';
import type { PushResult, Push } from '../pwpush/types';
import { answered, expiredOutcome, failedOutcome, refusedOutcome, retryAfterFailure } from './answers';
import type { OwnEntry, StepDeps } from './step-deps';
import { MAX_ROUNDS, type LockdownState, type NotDoneOutcome, type OwnCursor, type PushOutcome, type ReportedPush } from './state';
import type { LockdownWork } from './work';

/**
 * The pushes this browser made on the instance that no list of the token holds: made without a
 * token (before one was saved), or made with a token whose lists could not be read. The Active
 * list never shows them, so without this pass a lockdown left them active and then forgot their
 * links. Each is expired by its link where the instance allows it (docs/password-pusher.md#delete):
 * before 2.9.6 a request without a token may expire any anonymous push, from 2.9.6 only one
 * deletable by viewers; a push made with a token is expired with it. A push the instance refuses is
 * named in the report with when it ends on its own.
 */

/**
 * A 200 whose `expired_on` is older than this before the request was sent had ended before: the
 * history had not heard of it yet (a DELETE of an expired push answers its state, no new expiry).
 * Wide enough for the instance's clock to be a little off from this one's.
 */
const ALREADY_ENDED_MS = 2 * 60_000;
const DAY_MS = 86_400_000;

export async function ownStep(state: LockdownState, work: LockdownWork, deps: StepDeps): Promise<LockdownState> {
  const listed = new Set(work.targets.map((target) => target.urlToken));
  const remaining = notYetDone(await deps.ownEntries(state, listed), state.ownCursor);
  const done = state.counts.ownExpired + state.counts.ownGone + state.notDone.filter((push) => push.source === 'own').length;
  const counted = { ...state, counts: { ...state.counts, own: done + remaining.length } };
  const entry = remaining[0];
  if (!entry) return afterOwn(counted, deps);
  const sentAt = deps.now();
  const answer = await expireByLink(state, entry, deps);
  const now = deps.now();
  if (answer.ok) return settle(counted, entry, now, ownExpiry(answer.value, sentAt));
  const error = answer.error;
  if (error.kind === 'not-found') return settle(counted, entry, now, { kind: 'gone' });
  if (error.kind === 'unauthorized' || error.kind === 'forbidden') return settle(counted, entry, now, refusedOutcome(error));
  const retry = retryAfterFailure(counted, error, now, deps.retryBackoffMs);
  if (retry) return retry;
  if (error.kind === 'rate-limited') return giveUp(counted, remaining, failedOutcome(error), now);
  return settle(counted, entry, now, failedOutcome(error));
}

/**
 * The DELETE by the link, without the token unless the push was made with it. A refusal without a
 * token is asked again with it when that can help: an instance with anonymous access off answers
 * every request without a token with an empty 401, and a push recorded before Pushgate kept how it
 * was made may be the account's own.
 */
async function expireByLink(state: LockdownState, entry: OwnEntry, deps: StepDeps): Promise<PushResult<Push>> {
  const cfg = { baseUrl: state.baseUrl, accountId: state.accountId, fetch: deps.fetch, pace: deps.pace };
  const withTokenFirst = entry.withToken === true && deps.token !== '';
  const first = await expirePush({ ...cfg, token: withTokenFirst ? deps.token : '' }, entry.urlToken);
  if (first.ok || withTokenFirst || !deps.token || !mayPassWithToken(first.error, entry)) return first;
  return expirePush({ ...cfg, token: deps.token }, entry.urlToken);
}

function mayPassWithToken(error: HttpError, entry: OwnEntry): boolean {
  if (error.kind !== 'unauthorized') return false;
  return !error.serverMessage || entry.withToken === undefined;
}

function ownExpiry(push: Push, sentAt: number): PushOutcome {
  const outcome = expiredOutcome(push);
  const endedAt = push.expiredOn ? Date.parse(push.expiredOn) : Number.NaN;
  if (outcome.kind === 'expired' && endedAt < sentAt - ALREADY_ENDED_MS) return { kind: 'gone' };
  return outcome;
}

/**
 * This browser's own pushes are done: the Active list is read one last time, for a push made while
 * they were expired (none were tried: it was just read), then the wipe.
 */
function afterOwn(state: LockdownState, deps: StepDeps): LockdownState {
  const ended = { ...state, ownDone: true };
  if (state.counts.own > 0 && state.withToken && deps.token && !state.listFailure && state.round < MAX_ROUNDS) {
    return { ...ended, phase: 'listing', round: state.round + 1, page: 1, addedThisRound: 0 };
  }
  return { ...ended, phase: 'wiping' };
}

function settle(state: LockdownState, entry: OwnEntry, now: number, outcome: PushOutcome): LockdownState {
  const next = { ...answered(state, now), ownCursor: cursorAfter(state.ownCursor, entry) };
  const { counts } = state;
  if (outcome.kind === 'expired') return { ...next, counts: { ...counts, ownExpired: counts.ownExpired + 1 } };
  if (outcome.kind === 'gone') return { ...next, counts: { ...counts, ownGone: counts.ownGone + 1 } };
  return { ...next, notDone: [...state.notDone, reported(entry, outcome)] };
}

/** The instance keeps refusing with 429s: every own push not yet tried is named with it. */
function giveUp(state: LockdownState, remaining: OwnEntry[], outcome: NotDoneOutcome, now: number): LockdownState {
  let cursor = state.ownCursor;
  for (const entry of remaining) cursor = cursorAfter(cursor, entry);
  const ended: LockdownState = {
    ...state,
    notDone: [...state.notDone, ...remaining.map((entry) => reported(entry, outcome))],
    ownDone: true,
    phase: 'wiping',
    tries: 0,
    throttled: 0,
    updatedAt: now,
  };
  if (cursor) ended.ownCursor = cursor;
  delete ended.waitingUntil;
  return ended;
}

function reported(entry: OwnEntry, outcome: NotDoneOutcome): ReportedPush {
  const push: ReportedPush = { name: entry.name, createdAt: entry.createdAt, outcome, source: 'own' };
  const made = Date.parse(entry.createdAt);
  if (entry.expireAfterDays !== undefined && Number.isFinite(made)) {
    push.endsAt = new Date(made + entry.expireAfterDays * DAY_MS).toISOString();
  }
  if (entry.viewsRemaining !== undefined) push.viewsLeft = entry.viewsRemaining;
  return push;
}

/** Oldest first by `recordedAt`, then by token: the same order however often the history is read. */
export function ownOrder(a: OwnEntry, b: OwnEntry): number {
  return a.recordedAt - b.recordedAt || (a.urlToken < b.urlToken ? -1 : a.urlToken > b.urlToken ? 1 : 0);
}

/** The entries (in `ownOrder`) the cursor has not passed. */
export function notYetDone(entries: readonly OwnEntry[], cursor: OwnCursor | undefined): OwnEntry[] {
  if (!cursor) return [...entries];
  let sameSeen = 0;
  return entries.filter((entry) => {
    if (entry.recordedAt < cursor.at) return false;
    if (entry.recordedAt > cursor.at) return true;
    sameSeen += 1;
    return sameSeen > cursor.same;
  });
}

function cursorAfter(cursor: OwnCursor | undefined, entry: OwnEntry): OwnCursor {
  return cursor?.at === entry.recordedAt ? { at: cursor.at, same: cursor.same + 1 } : { at: entry.recordedAt, same: 1 };
}
