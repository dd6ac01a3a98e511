import { browser, type Browser } from 'wxt/browser';
import { PUSH_PORT, type PushRelayReply, type PushRelayRequest } from './protocol';

/**
 * The popup's end of the port to the background: opened on the first sign of a push (docs/performance.md,
 * rule 2), again after it closed. A message is posted only once the background has
 * said it is there; what was posted before the port closed gets its `closed` answer.
 */

/** A background that does not answer the port in this time is reported, and nothing is sent. */
export const RELAY_READY_TIMEOUT_MS = 5_000;

type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

/** A message on its way: what follows it on the same port (a file's parts, a Cancel) goes through `post`. */
export interface Posted {
  /** Posts a message about the first one on its port; false once that port closed. */
  post(message: WithoutId<PushRelayRequest>): boolean;
}

interface Exchange {
  /** A reply for this message: returns true when it was the last one. */
  reply(message: PushRelayReply): boolean;
  closed(): void;
}

interface Relay {
  port: Browser.runtime.Port;
  /** Resolves true once the background said it is there, false when the port closed first. */
  ready: Promise<boolean>;
  answered: boolean;
  exchanges: Map<number, Exchange>;
}

let relay: Relay | null = null;
let nextId = 1;

/** Opens the port to the background (once; again after it closed), so that the first push finds it ready. */
export function openPushRelay(): void {
  if (relay) return;
  const port = browser.runtime.connect({ name: PUSH_PORT });
  let answered: (ready: boolean) => void = () => undefined;
  const opened: Relay = { port, ready: new Promise((resolve) => (answered = resolve)), answered: false, exchanges: new Map() };
  port.onMessage.addListener((message: PushRelayReply) => {
    if (message?.type === 'ready') {
      opened.answered = true;
      return answered(true);
    }
    if (typeof message?.id !== 'number') return;
    const exchange = opened.exchanges.get(message.id);
    if (exchange?.reply(message)) opened.exchanges.delete(message.id);
  });
  port.onDisconnect.addListener(() => {
    if (relay === opened) relay = null;
    answered(false);
    for (const exchange of opened.exchanges.values()) exchange.closed();
    opened.exchanges.clear();
  });
  relay = opened;
}

/**
 * Posts one message and routes its replies to `exchange`. Null when nothing was posted: no
 * background answered (a port that closed before its "ready" is tried once more: a worker that
 * stopped as the popup opened it carried nothing).
 */
export async function postToBackground(message: WithoutId<PushRelayRequest>, exchange: Exchange): Promise<Posted | null> {
  const open = (await readyRelay()) ?? (await readyRelay());
  if (!open) return null;
  const id = nextId++;
  open.exchanges.set(id, exchange);
  const post = (next: WithoutId<PushRelayRequest>) => {
    try {
      open.port.postMessage({ ...next, id });
      return true;
    } catch {
      // The port closed: its exchanges got their `closed` answer.
      return false;
    }
  };
  if (post(message)) return { post };
  // The port closed between its "ready" and this message: nothing left the popup.
  open.exchanges.delete(id);
  return null;
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
