import { fail, type Result } from '../../result';
import type { NoAnswer, ShareFailure } from '../share-failure';
import type { EarlierTry, KnownSettings, ShareRequest, SharedPush } from '../share-request';
import { handOver, headerOf } from './files';
import { postToBackground, type Posted } from './port';
import type { AfterPush } from './protocol';

export { openPushRelay, RELAY_READY_TIMEOUT_MS } from './port';
export { PUSH_PORT } from './protocol';

/**
 * Every push of the popup is made by the background (Chrome's service worker, Firefox's event
 * page), the one route for every kind: the background outlives the popup, so a push whose popup
 * closed while its request was out still reaches the history, and Chrome holds a page's network
 * answers after a click until its next frame, messages from the background it does not. A file
 * push's files are handed over with it (./files.ts).
 *
 * One push is one request. The popup makes the attempt's id: should the background stop with the
 * request out, the popup still holds the request and asks the next background to look for the
 * push (docs/exactly-once.md); it is never simply sent again.
 */

export interface RelayOptions {
  attemptId: string;
  earlier?: EarlierTry;
  /** A file push's "Cancel upload". */
  signal?: AbortSignal;
  /** No answer came (`cause`: what came instead); the background is looking on the instance. */
  onLooking?: (cause?: NoAnswer) => void;
  /** After the link: whether the history kept it, and copies the network made of it, expired. */
  onAfter?: (after: AfterPush) => void;
  /**
   * The background stopped after handing over the link and before saying what became of it: it may
   * not have settled the push (lib/share/share-push.ts), and the popup, which holds it, can.
   */
  onLost?: () => void;
}

/** Pushes through the background. Never rejects; `no-background` means nothing was sent. */
export async function pushInBackground(
  request: ShareRequest,
  known: KnownSettings,
  options: RelayOptions,
): Promise<Result<SharedPush, ShareFailure>> {
  const { attemptId, earlier, signal, onLooking, onAfter, onLost } = options;
  const { files, ...fields } = request;
  const sent = files?.length ? await handOver(files) : {};
  const message = { type: 'push' as const, attemptId, request: fields, known, ...(earlier && { earlier }), ...sent };
  return relayed(message, { kind: 'interrupted', attemptId }, { onLooking, onAfter, onLost }, (posted) => {
    if (!signal) return;
    const cancel = () => posted.post({ type: 'cancel' });
    if (signal.aborted) cancel();
    else signal.addEventListener('abort', cancel, { once: true });
  });
}

/** Asks the background to look for the push of an attempt a stopped background had out. */
export function lookInBackground(
  earlier: EarlierTry,
  request: ShareRequest,
  known: KnownSettings,
  onLooking?: (cause?: NoAnswer) => void,
): Promise<Result<SharedPush, ShareFailure>> {
  // A second stop while it looks leaves the push as unknown as before.
  const stopped: ShareFailure = { kind: 'maybe-created', attemptId: earlier.attemptId, looked: 'unchecked' };
  // A look compares a file push's names, never its bytes (lib/attempts/proof.ts).
  const { files, ...fields } = request;
  const named = files?.length ? { files: files.map(headerOf) } : {};
  return relayed({ type: 'look', earlier, request: fields, known, ...named }, stopped, { onLooking });
}

interface Listeners {
  onLooking?: (cause?: NoAnswer) => void;
  onAfter?: (after: AfterPush) => void;
  onLost?: () => void;
}

async function relayed(
  message: Parameters<typeof postToBackground>[0],
  whenClosed: ShareFailure,
  { onLooking, onAfter, onLost }: Listeners,
  follow?: (posted: Posted) => void,
): Promise<Result<SharedPush, ShareFailure>> {
  let settle: (result: Result<SharedPush, ShareFailure>) => void = () => undefined;
  const answer = new Promise<Result<SharedPush, ShareFailure>>((resolve) => (settle = resolve));
  let answered = false;
  const posted = await postToBackground(message, {
    reply(reply) {
      if (reply.type === 'looking') onLooking?.(reply.cause);
      if (reply.type === 'after') onAfter?.(reply.after);
      if (reply.type === 'pushed') {
        answered = true;
        settle(reply.result);
        // A link is followed by what became of its history entry and of any copies.
        return !reply.result.ok;
      }
      return reply.type === 'after';
    },
    closed() {
      if (!answered) settle(fail(whenClosed));
      else onLost?.();
    },
  });
  if (!posted) return fail({ kind: 'no-background' });
  follow?.(posted);
  return answer;
}
