import { browser, type Browser } from 'wxt/browser';
import { fail, type Result } from '../result';
import type { KnownSettings, ShareFailure, ShareRequest, SharedPush } from './share-push';

/**
 * The popup's text, URL and QR pushes are made by the background (Chrome's service worker,
 * Firefox's event page), the one route for them: the background outlives the popup, so a push
 * whose popup closed while its request was out still reaches the history, and Chrome holds a
 * page's network answers after a click until its next frame, messages from the background it
 * does not. File pushes stay in the popup: a `File` does not cross a port.
 *
 * One push is one request. The push is posted only once the background has said it is there;
 * a push handed over to a background that then stopped is reported "may have been created" and
 * never sent again.
 */

/** The port's name; the background takes pushes on it from this extension's own pages only. */
export const PUSH_PORT = 'push:share';

/** Popup → background: one push, with the settings the popup read when it opened. */
export interface PushRelayRequest {
  type: 'push';
  id: number;
  request: ShareRequest;
  known: KnownSettings;
}

/** Background → popup: ready for pushes, or how one ended. */
export type PushRelayReply = { type: 'ready' } | { type: 'pushed'; id: number; result: Result<SharedPush, ShareFailure> };

/** A background that does not answer the port in this time is reported, and nothing is sent. */
export const RELAY_READY_TIMEOUT_MS = 5_000;

type Settle = (result: Result<SharedPush, ShareFailure>) => void;
interface Relay {
  port: Browser.runtime.Port;
  /** Resolves true once the background said it is there, false when the port closed first. */
  ready: Promise<boolean>;
  /** The background has said it is there. */
  answered: boolean;
  pending: Map<number, Settle>;
}

let relay: Relay | null = null;
let nextId = 1;

/** Opens the port to the background (once; again after it closed), so that the first push finds it ready. */
export function openPushRelay(): void {
  if (relay) return;
  const port = browser.runtime.connect({ name: PUSH_PORT });
  let answered: (ready: boolean) => void = () => undefined;
  const opened: Relay = { port, ready: new Promise((resolve) => (answered = resolve)), answered: false, pending: new Map() };
  port.onMessage.addListener((message: PushRelayReply) => {
    if (message?.type === 'ready') {
      opened.answered = true;
      answered(true);
    }
    if (message?.type !== 'pushed') return;
    opened.pending.get(message.id)?.(message.result);
    opened.pending.delete(message.id);
  });
  port.onDisconnect.addListener(() => {
    if (relay === opened) relay = null;
    answered(false);
    // Handed over, then the background stopped: the push may exist, so it is not sent again.
    for (const settle of opened.pending.values()) settle(fail({ kind: 'interrupted' }));
    opened.pending.clear();
  });
  relay = opened;
}

/** Pushes through the background. Never rejects; `no-background` means nothing was sent. */
export async function pushInBackground(request: ShareRequest, known: KnownSettings): Promise<Result<SharedPush, ShareFailure>> {
  // A port that closed before its "ready" (a worker stopped as the popup opened) carried nothing: one more try.
  const open = (await readyRelay()) ?? (await readyRelay());
  if (!open) return fail({ kind: 'no-background' });
  const id = nextId++;
  const message: PushRelayRequest = { type: 'push', id, request, known };
  const answer = new Promise<Result<SharedPush, ShareFailure>>((settle) => open.pending.set(id, settle));
  try {
    open.port.postMessage(message);
  } catch {
    // The port closed between its "ready" and this message: nothing left the popup.
    open.pending.delete(id);
    return fail({ kind: 'no-background' });
  }
  return answer;
}

/** The open relay once the background said it is there; null when the port closed first or nobody answered in time. */
async function readyRelay(): Promise<Relay | null> {
  try {
    openPushRelay();
  } catch {
    return null;
  }
  const open = relay!;
  if (open.answered) return open;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), RELAY_READY_TIMEOUT_MS)));
  const ready = await Promise.race([open.ready, late]).finally(() => clearTimeout(timer));
  if (ready) return open;
  // Nobody answered: this port is given up, the next push opens another.
  if (relay === open) relay = null;
  try {
    open.port.disconnect();
  } catch {
    // Closed already.
  }
  return null;
}
