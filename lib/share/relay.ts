import { browser, type Browser } from 'wxt/browser';
import { fail, type Result } from '../result';
import type { KnownSettings, ShareFailure, ShareRequest, SharedPush } from './share-push';

/**
 * The popup's pushes, made by the background (Chrome's service worker, Firefox's event page).
 *
 * Chrome holds a page's network answers after a click until its next frame (the
 * DeferRendererTasksAfterInput scheduler policy): a push answered in 3 ms waited up to 16 ms more
 * for the frame, so click → link took 6 or 19 ms by chance. Messages from the background are not
 * held: the same push through it takes 6–9 ms every time (bench/results.md). The background also
 * outlives the popup: a push whose popup closed while the request was out still lands in the
 * history.
 *
 * The port is opened on the first sign of use (`preparePushRelay`) and used once the background
 * has said it is there (`handOverPush`); until then, and for file pushes (a `File` does not cross
 * a port), the popup pushes itself. Either way one push is one request: a push handed to the
 * background is never sent again by the popup.
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

type Settle = (result: Result<SharedPush, ShareFailure>) => void;
interface Relay {
  port: Browser.runtime.Port;
  ready: boolean;
  pending: Map<number, Settle>;
}

let relay: Relay | null = null;
let nextId = 1;

/** Opens the port to the background (once; again after it closed). */
export function preparePushRelay(): void {
  if (relay) return;
  try {
    const port = browser.runtime.connect({ name: PUSH_PORT });
    const opened: Relay = { port, ready: false, pending: new Map() };
    port.onMessage.addListener((message: PushRelayReply) => {
      if (message?.type === 'ready') opened.ready = true;
      if (message?.type !== 'pushed') return;
      opened.pending.get(message.id)?.(message.result);
      opened.pending.delete(message.id);
    });
    port.onDisconnect.addListener(() => {
      if (relay === opened) relay = null;
      // Handed over, then the background stopped: the push may exist, so it is not sent again.
      for (const settle of opened.pending.values()) settle(fail({ kind: 'interrupted' }));
      opened.pending.clear();
    });
    relay = opened;
  } catch {
    relay = null;
  }
}

/** Closes the port (tests). */
export function closePushRelay(): void {
  relay?.port.disconnect();
  relay = null;
}

/**
 * Hands one push to the background when it is ready for it. Null when it is not, or when the port
 * would not take the message: nothing was sent, and the popup pushes itself. Never rejects.
 */
export function handOverPush(request: ShareRequest, known: KnownSettings): Promise<Result<SharedPush, ShareFailure>> | null {
  const open = relay;
  if (!open?.ready) return null;
  const id = nextId++;
  const message: PushRelayRequest = { type: 'push', id, request, known };
  try {
    open.port.postMessage(message);
  } catch {
    return null;
  }
  return new Promise((settle) => open.pending.set(id, settle));
}
