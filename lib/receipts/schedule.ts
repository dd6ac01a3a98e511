import type { HttpError } from '../http';

/**
 * When the receipts watcher asks the instance next. Pure: the clock is a parameter.
 *
 * Password Pusher throttles at 120 requests a minute per IP (docs/password-pusher.md#throttling),
 * and the person's own pushing and the Pushes page share that allowance, so receipts stay far
 * below it: a poll makes at most `MAX_REQUESTS_PER_POLL` requests and polls are at least a
 * minute apart. A push is most likely opened soon after it is sent, so a young push is
 * asked about every minute, an older one every 5, and one older than a day every 15.
 */

export const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** Receipts' own ceiling: a sixth of the throttle's 120 a minute. */
export const MAX_REQUESTS_PER_MINUTE = 20;
/** One poll never asks more than a minute's worth. */
export const MAX_REQUESTS_PER_POLL = MAX_REQUESTS_PER_MINUTE;
/** The longest a failing instance is left alone before the next try. */
export const MAX_BACKOFF_MS = 60 * MINUTE_MS;

/** How often a push of this age is asked about. */
export function intervalForAge(ageMs: number): number {
  if (ageMs < HOUR_MS) return MINUTE_MS;
  if (ageMs < 24 * HOUR_MS) return 5 * MINUTE_MS;
  return 15 * MINUTE_MS;
}

/** Why polls are paused: what the Pushes page says (never the server's words). */
export interface PollFailure {
  kind: 'rate-limited' | 'server' | 'other';
  /** When the failed poll ran. */
  at: number;
  /** Failures in a row, this one included. */
  streak: number;
  /** The wait chosen after this failure; the next one is at least doubled. */
  delayMs: number;
}

export interface ScheduleInput {
  now: number;
  /** `createdAt` (ms) of every watched push still active; none means no schedule at all. */
  watchedCreatedAt: readonly number[];
  /** When the last poll ran, and how many requests it made. */
  lastPollAt?: number;
  lastRequests?: number;
  failure?: PollFailure;
}

/** When to poll next, or `null` when nothing is watched (then no alarm is set). */
export function nextPollAt({ now, watchedCreatedAt, lastPollAt, lastRequests = 0, failure }: ScheduleInput): number | null {
  if (watchedCreatedAt.length === 0) return null;
  const youngest = Math.max(...watchedCreatedAt);
  const base = lastPollAt ?? now;
  let at = base + intervalForAge(Math.max(0, base - youngest));
  if (failure) at = Math.max(at, failure.at + failure.delayMs);
  // The ceiling: the requests a poll made are spread over at least as many 1/20ths of a minute.
  if (lastPollAt !== undefined) at = Math.max(at, lastPollAt + (lastRequests * MINUTE_MS) / MAX_REQUESTS_PER_MINUTE);
  return Math.max(at, now);
}

/**
 * The failure a poll ended with, and how long to wait. A 429 waits what its Retry-After says and
 * at least twice the wait before; a 5xx or an unreachable instance doubles from 5 minutes, up to
 * an hour (a longer Retry-After is still honoured).
 */
export function failureAfter(error: HttpError, now: number, previous?: PollFailure): PollFailure {
  const kind: PollFailure['kind'] = error.kind === 'rate-limited' ? 'rate-limited' : error.kind === 'server' ? 'server' : 'other';
  const streak = (previous?.streak ?? 0) + 1;
  const doubled = previous ? previous.delayMs * 2 : 5 * MINUTE_MS;
  const asked = kind === 'rate-limited' ? (error.retryAfterSeconds ?? 0) * 1000 : 0;
  const delayMs = Math.max(asked, Math.min(MAX_BACKOFF_MS, doubled));
  return { kind, at: now, streak, delayMs };
}

/** Requests an hour while the youngest watched push is `ageMs` old and each poll makes `requestsPerPoll`: the bench's figure. */
export function requestsPerHour(ageMs: number, requestsPerPoll: number): number {
  return (HOUR_MS / intervalForAge(ageMs)) * requestsPerPoll;
}
