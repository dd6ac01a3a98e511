import { defineMessages } from '../browser/messaging';
import { forgetAttempt, listAttempts, sweepAttempts } from './attempts';
import type { HistoryResult } from '../history/storage';
import { liveAttempts } from './local-book';
import type { PushAttempt } from '../records';

/**
 * The tries whose push may exist, for the Pushes page: the background first marks `unknown` those
 * left `sending` by a worker or a page that stopped (it alone knows which are still out), then
 * lists them. The same sweep runs when the browser starts and when the extension is installed or
 * updated (entrypoints/background.ts).
 */

const attemptMessages = defineMessages<{
  /** Sweeps, then lists every attempt, oldest first. */
  'attempts:review': { request: Record<string, never>; response: HistoryResult<PushAttempt[]> };
  /** The person said to forget a try (the push itself, if any, stays on the instance). */
  'attempts:forget': { request: { id: string }; response: HistoryResult<void> };
}>();

/** Marks `unknown` every attempt left `sending` that nothing here is sending now. */
export function sweepOrphanAttempts(): Promise<HistoryResult<number>> {
  return sweepAttempts(liveAttempts);
}

/** Asks the background for the tries whose push may exist. */
export function reviewAttempts(): Promise<HistoryResult<PushAttempt[]>> {
  return attemptMessages.send('attempts:review', {});
}

/** Asks the background to forget a try. */
export function forgetAttemptInBackground(id: string): Promise<HistoryResult<void>> {
  return attemptMessages.send('attempts:forget', { id });
}

/** The background's side; only this extension's own pages are answered. */
export function answerAttemptMessages(): () => void {
  return attemptMessages.answer({
    'attempts:review': async () => {
      await sweepOrphanAttempts();
      return listAttempts();
    },
    'attempts:forget': ({ id }) => {
      liveAttempts.delete(id);
      return forgetAttempt(id);
    },
  });
}
