import { recordDetails } from '@/lib/attempts/record-details';
import type { Result } from '@/lib/result';
import type { AfterPush } from '@/lib/share/relay/protocol';
import { lookInBackground, pushInBackground } from '@/lib/share/relay/push-in-background';
import { settleInBackground } from '@/lib/share/relay/settle';
import type { NoAnswer, ShareFailure } from '@/lib/share/share-failure';
import type { EarlierTry, KnownSettings, ShareRequest, SharedPush } from '@/lib/share/share-request';

/** A push's outcome, and what is learned about it after its link is shown. */
export interface Sent {
  result: Result<SharedPush, ShareFailure>;
  /** Whether the history kept it, and copies of it the network made, expired (docs/exactly-once.md). */
  after: Promise<AfterPush>;
}

export interface SendOptions {
  /** This try's attempt (its id and start), made here so that the popup can look for its push itself. */
  attempt: EarlierTry;
  /** An earlier try of the same push that may have made it: looked for first. */
  earlier?: EarlierTry;
  /** A file push's "Cancel upload". */
  signal?: AbortSignal;
  onLooking: (cause?: NoAnswer) => void;
}

/**
 * One push from the popup by its one route, for every kind: through the background
 * (lib/share/relay/push-in-background.ts), which sends it, keeps its attempt and settles it.
 * Should the background stop, the popup, which still holds the request, has the next one look for
 * the push or settle it.
 */
export async function sendPush(request: ShareRequest, known: KnownSettings, options: SendOptions): Promise<Sent> {
  const { attempt, earlier, signal, onLooking } = options;
  let reportAfter: (after: AfterPush) => void = () => undefined;
  const after = new Promise<AfterPush>((resolve) => (reportAfter = resolve));
  let settleHere: () => void = () => undefined;
  let result = await pushInBackground(request, known, {
    attemptId: attempt.attemptId,
    earlier,
    signal,
    onLooking,
    onAfter: reportAfter,
    onLost: () => settleHere(),
  });
  if (!result.ok && result.error.kind === 'interrupted') {
    // The background stopped with the request out. This popup still holds the request: the next
    // background looks for the push with it, rather than push it a second time.
    const looked = await lookInBackground(attempt, request, known, onLooking);
    // No background to look with: it is as unknown as before, never "nothing was sent".
    if (looked.ok || looked.error.kind !== 'no-background') result = looked;
  } else if (result.ok && !result.value.recovered) {
    // Should the background stop between handing over the link and settling it, this settles it.
    const { baseUrl, push } = result.value;
    const details = recordDetails(request, known.connection.token !== '', known.connection.token ? known.connection.accountId : undefined);
    settleHere = () => void settleInBackground(attempt.attemptId, baseUrl, push, details);
  }
  return { result, after };
}
