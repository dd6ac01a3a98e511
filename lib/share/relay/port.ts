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
 * Posts one message and routes its replies to `exchange`. False when nothing was posted: no
 * background answered (a port that closed before its "ready" is tried once more: a worker that
 * stopped as the popup opened it carried nothing).
 */
export async function postToBackground(message: WithoutId<PushRelayRequest>, exchange: Exchange): Promise<boolean> {
  const open = (await readyRelay()) ?? (await readyRelay());
  if (!open) return false;
  const id = nextId++;
  open.exchanges.set(id, exchange);
  try {
    open.port.postMessage({ ...message, id });
    return true;
  } catch {
    // The port closed between its "ready" and this message: nothing left the popup.
    open.exchanges.delete(id);
    return false;
  }
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
