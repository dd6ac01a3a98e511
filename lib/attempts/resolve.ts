import { describeAttempt } from './attempts';
import type { HttpError } from '../http';
import { accountOf } from '../pwpush/account-param';
import { expirePush } from '../pwpush/client';
import type { ClientConfig, Push } from '../pwpush/types';
import type { AttemptBook } from './book';
import { findAttemptPushes, type Verdicts } from './lookup';
import { networkCopies, type LiveAttempt } from './proof';
import { recordDetails } from './record-details';

/**
 * What became of an attempt whose answer never came (or came without saying everything): its
 * push is looked for at once and again for about half a minute, since a request still on its way
 * (a slow upload, a proxy holding it) makes the push later. A push proven to be the attempt's is
 * claimed; others made within the request's own time are copies the network made (a re-sent
 * request), expired and said so; any further apart were made by another request, and are only
 * counted (docs/exactly-once.md).
 */

export type Resolution =
  /**
   * The attempt's push, claimed; `twinsExpired` copies of it were expired. `identical` pushes with
   * the same secret and settings are too far apart from it to be its copies (./proof.ts, networkCopies),
   * and were left alone.
   */
  | { kind: 'found'; push: Push; twinsExpired: number; identical: number }
  /** The owner's list was read and holds no push of this attempt. */
  | { kind: 'not-found' }
  /** The instance could not be asked. */
  | { kind: 'unchecked'; error: HttpError };

/** Waits before each look: at once, then 2, 6, 14 and 30 s after the first. */
export const LOOK_DELAYS_MS = [0, 2_000, 4_000, 8_000, 16_000];

export interface ResolveDeps {
  /** The instance and the owner's token. */
  cfg: ClientConfig;
  book: AttemptBook;
  /** The waits before each look; {@link LOOK_DELAYS_MS} unless given (one look: `[0]`). */
  delays?: readonly number[];
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Failures that waiting does not change: a refused token, a redirect, a server that is not Password Pusher. */
function lasting(error: HttpError): boolean {
  return !['network', 'timeout', 'server', 'rate-limited'].includes(error.kind);
}

/** Looks for the attempt's push until it is found or the looks run out. */
export async function resolveAttempt(attempt: LiveAttempt, deps: ResolveDeps): Promise<Resolution> {
  const sleep = deps.sleep ?? wait;
  const verdicts: Verdicts = new Map();
  let result: Resolution | null = null;
  const delays = deps.delays ?? LOOK_DELAYS_MS;
  for (const [index, delay] of delays.entries()) {
    if (delay > 0) await sleep(delay);
    const found = await findAttemptPushes(attempt, lookupDeps(attempt, deps), verdicts);
    if (!found.ok) {
      // A look that was read before says more than one that failed since.
      result = result ?? { kind: 'unchecked', error: found.error };
      if (lasting(found.error)) break;
      continue;
    }
    result = { kind: 'not-found' };
    const claimed = await claimOldest(attempt, found.value, deps.book, accountOf(deps.cfg));
    if (!claimed) continue;
    let twins = found.value.filter((push) => push !== claimed.push && !claimed.taken.has(push));
    const next = delays[index + 1];
    if (next !== undefined) {
      // A copy Chromium re-sent can reach the instance after this look was read: one more look, at
      // the next time planned, so that it too is expired rather than left live and unknown.
      await sleep(next);
      const again = await findAttemptPushes(attempt, lookupDeps(attempt, deps), verdicts);
      const kept = new Set([claimed.push, ...claimed.taken].map((push) => push.urlToken));
      if (again.ok) twins = again.value.filter((push) => !kept.has(push.urlToken));
    }
    const { copies, apart } = networkCopies(claimed.push, twins, attempt);
    return { kind: 'found', push: claimed.push, twinsExpired: await expireTwins(attempt, copies, deps), identical: apart.length };
  }
  return result ?? { kind: 'not-found' };
}

/**
 * After an answer: copies of the push it named, made by a request the network sent twice (Chromium
 * re-sends a request whose reused connection closed before any answer byte), are expired. One look;
 * resolves how many copies went.
 */
export async function expireCopiesOf(attempt: LiveAttempt, deps: ResolveDeps): Promise<number> {
  const named = attempt.answered?.push;
  if (!named) return 0;
  const found = await findAttemptPushes(attempt, lookupDeps(attempt, deps), new Map());
  if (!found.ok) return 0;
  const others = found.value.filter((push) => push.urlToken !== named.urlToken);
  return expireTwins(attempt, networkCopies(named, others, attempt).copies, deps);
}

function lookupDeps(attempt: LiveAttempt, deps: ResolveDeps) {
  return {
    cfg: deps.cfg,
    eligible: (tokens: string[]) => deps.book.eligible(attempt.baseUrl, attempt.id, tokens),
    now: deps.now,
  };
}

/** Claims the oldest proven push another attempt has not taken meanwhile. */
async function claimOldest(
  attempt: LiveAttempt,
  proven: Push[],
  book: AttemptBook,
  accountId: string | undefined,
): Promise<{ push: Push; taken: Set<Push> } | null> {
  const taken = new Set<Push>();
  // Only a look with a token finds a push (docs/exactly-once.md), in the account it looked in.
  const details = recordDetails(attempt.input, true, accountId);
  for (const push of proven) {
    const settled = await book.settle(attempt.id, attempt.baseUrl, push, details);
    if (settled !== 'taken') return { push, taken };
    taken.add(push);
  }
  return null;
}

/** Expires the copies, unless another open attempt of this browser asked for the same (they may be its own). */
async function expireTwins(attempt: LiveAttempt, twins: Push[], deps: ResolveDeps): Promise<number> {
  if (twins.length === 0) return 0;
  const record = describeAttempt(attempt.id, attempt.baseUrl, attempt.input, attempt.edition, attempt.startedAt);
  if (await deps.book.rivals(record)) return 0;
  const expired = await Promise.all(twins.map((push) => expirePush(deps.cfg, push.urlToken)));
  return expired.filter((answer) => answer.ok).length;
}
