import type { Settled } from '../../attempts/claims';
import type { Push } from '../../pwpush/types';
import type { RecordDetails } from '../../records';
import { postToBackground } from './port';

/**
 * The popup's settling of a push whose link came back from a background that then stopped before
 * it said it had settled the push (./push-in-background.ts, `onLost`): the next background writes
 * the history entry, the claim and the end of the attempt (docs/exactly-once.md). Settling is safe
 * to repeat: a call whose port closed is made once more on a new port. `failed` when no background
 * answered.
 */
export async function settleInBackground(
  attemptId: string,
  baseUrl: string,
  push: Push,
  details: RecordDetails,
): Promise<Settled | 'failed'> {
  for (let tries = 0; tries < 2; tries++) {
    const answer = await once(attemptId, baseUrl, push, details);
    if (answer) return answer;
  }
  return 'failed';
}

function once(attemptId: string, baseUrl: string, push: Push, details: RecordDetails): Promise<Settled | 'failed' | null> {
  return new Promise((resolve) => {
    void postToBackground(
      { type: 'settle', attemptId, baseUrl, push, details },
      {
        reply(reply) {
          if (reply.type !== 'settled') return false;
          resolve(reply.result);
          return true;
        },
        closed: () => resolve(null),
      },
    ).then((posted) => {
      if (!posted) resolve(null);
    });
  });
}
