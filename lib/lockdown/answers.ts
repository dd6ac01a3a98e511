import type { HttpError } from '../http';
import type { Push } from '../pwpush/types';
import { shortText } from '../short-text';
import type { FailureReason, LockdownState, NotDoneOutcome, PushOutcome } from './state';

/** How the lockdown reads an answer, for the Active list's pushes and this browser's own alike (./machine.ts). */

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

/** A 200 to a DELETE is an expiry only when the push it returns says so. */
export function expiredOutcome(push: Push): PushOutcome {
  return push.expired ? { kind: 'expired' } : { kind: 'failed', reason: 'unexpected', status: 200 };
}

/** A refusal (401, 403) with the instance's own words, as text. */
export function refusedOutcome(error: HttpError): NotDoneOutcome {
  const refused: NotDoneOutcome = { kind: 'refused', status: error.status ?? (error.kind === 'forbidden' ? 403 : 401) };
  if (error.serverMessage) refused.serverMessage = shortText(error.serverMessage);
  return refused;
}

/** The outcome of a failure that is final (after the retries). */
export function failedOutcome(error: HttpError): NotDoneOutcome {
  const reason = reasonOf(error);
  const failed: NotDoneOutcome = { kind: 'failed', reason: reason.reason === 'refused' ? 'unexpected' : reason.reason };
  if (error.status !== undefined) failed.status = error.status;
  return failed;
}

/** An answer came: the counters of tries start again. */
export function answered(state: LockdownState, now: number): LockdownState {
  const next = { ...state, tries: 0, throttled: 0, notBefore: now, updatedAt: now };
  delete next.waitingUntil;
  return next;
}

/** The same request again later, or undefined when the failure is final. */
export function retryAfterFailure(
  state: LockdownState,
  error: HttpError,
  now: number,
  backoffMs = RETRY_BACKOFF_MS,
): LockdownState | undefined {
  if (error.kind === 'rate-limited') {
    if (state.throttled + 1 >= MAX_THROTTLED_IN_A_ROW) return undefined;
    const seconds = Math.min(error.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS, MAX_RETRY_AFTER_SECONDS);
    const until = now + seconds * 1000;
    return { ...state, throttled: state.throttled + 1, notBefore: until, waitingUntil: until, updatedAt: now };
  }
  if (error.kind === 'server' || error.kind === 'network' || error.kind === 'timeout') {
    if (state.tries + 1 >= MAX_TRIES) return undefined;
    return { ...state, tries: state.tries + 1, notBefore: now + backoffMs * 2 ** state.tries, updatedAt: now };
  }
  return undefined;
}

export function reasonOf(error: HttpError): { reason: FailureReason | 'refused'; status?: number } {
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
