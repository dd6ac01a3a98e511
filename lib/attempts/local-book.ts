import { beginAttempt, forgetAttempt, listAttempts, markUnknown } from './attempts';
import { eligibleTokens } from './claims';
import { settleIfKept } from '../history/policy';
import { getHistorySettings } from '../settings';
import { keptForm } from './kept-form';
import type { AttemptBook } from './book';
import type { PushAttempt } from '../records';

/** Two open attempts that asked for the same within this time may have made each other's copies. */
const RIVAL_WINDOW_MS = 15 * 60_000;

/**
 * The attempts this background (or a page over its port) is sending now: a `sending` attempt not
 * among them was left by a worker or a page that stopped, and is swept to `unknown`
 * (lib/attempts/attempts.ts).
 */
export const liveAttempts = new Set<string>();

/** The background's book: it writes the attempts itself (./book.ts). */
export const localAttemptBook: AttemptBook = {
  async begin(attempt, keepHistory) {
    liveAttempts.add(attempt.id);
    const keep = keepHistory ?? (await getHistorySettings()).keep;
    return (await beginAttempt(await keptForm(attempt, keep))).ok;
  },
  async settle(attemptId, baseUrl, push, details) {
    liveAttempts.delete(attemptId);
    const settled = await settleIfKept(attemptId, baseUrl, push, details);
    return settled.ok ? settled.value.settled : 'failed';
  },
  async forget(attemptId) {
    liveAttempts.delete(attemptId);
    await forgetAttempt(attemptId);
  },
  async unknown(attemptId) {
    liveAttempts.delete(attemptId);
    await markUnknown(attemptId);
  },
  async eligible(baseUrl, attemptId, tokens) {
    const eligible = await eligibleTokens(baseUrl, attemptId, tokens);
    // Unreadable storage cannot say what was made here: every candidate is looked at, and the
    // proof still needs the payload; copies are then never expired (`rivals`).
    return eligible.ok ? eligible.value : new Set(tokens);
  },
  async rivals(attempt) {
    const open = await listAttempts({ baseUrl: attempt.baseUrl });
    if (!open.ok) return true;
    // Compared as digests: a record kept while the history was off has no text to compare.
    const asked = await keptForm(attempt, false);
    const others = await Promise.all(open.value.filter((other) => other.id !== attempt.id).map((other) => keptForm(other, false)));
    return others.some((other) => sameAsk(other, asked));
  },
};

/** Asked for the same push, close enough in time that their windows meet. */
export function sameAsk(a: PushAttempt, b: PushAttempt): boolean {
  return (
    a.kind === b.kind &&
    Math.abs(a.startedAt - b.startedAt) <= RIVAL_WINDOW_MS &&
    JSON.stringify(a.requested) === JSON.stringify(b.requested)
  );
}
