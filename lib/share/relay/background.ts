import { browser, type Browser } from 'wxt/browser';
import { isInternalSender } from '../../browser/messaging';
import { markUnknown } from '../../attempts/attempts';
import { ok } from '../../result';
import { liveAttempts, localAttemptBook } from '../../attempts/local-book';
import { answerBookCall } from './book-background';
import { PUSH_PORT, type PushRelayReply, type PushRelayRequest } from './protocol';
import { lookForPush, sharePush, type KnownSettings, type ShareRequest } from '../share-push';

/**
 * The background's side of lib/share/relay/push-in-background.ts: pushes from this extension's own pages, one request
 * each, settled in the history here (the popup may be gone by then), the answer posted back, and
 * the attempts of the pushes a page sends itself kept for it (./book.ts).
 */
export function answerPushRelay(): () => void {
  const takePort = (port: Browser.runtime.Port) => {
    if (port.name !== PUSH_PORT) return;
    if (!port.sender || !isInternalSender(port.sender)) return port.disconnect();
    const reply = (message: PushRelayReply) => {
      try {
        port.postMessage(message);
      } catch {
        // The popup closed: the push is made and settled here; nobody is left to show it.
      }
    };
    // Attempts this page began and has not ended.
    const owned = new Set<string>();
    port.onMessage.addListener((message: unknown) => {
      if (isPush(message)) void push(message, reply);
      else if (isLook(message)) void look(message, reply);
      else if (isBookCall(message)) void answerBookCall(message, owned).then((result) => reply({ type: 'booked', id: message.id, result }));
    });
    port.onDisconnect.addListener(() => {
      // The page closed with its push out: what became of it is unknown (docs/exactly-once.md).
      for (const id of owned) {
        liveAttempts.delete(id);
        void markUnknown(id);
      }
    });
    reply({ type: 'ready' });
  };
  browser.runtime.onConnect.addListener(takePort);
  return () => browser.runtime.onConnect.removeListener(takePort);
}

type Reply = (message: PushRelayReply) => void;

/**
 * How long the push waits, once its link is on its way to the popup, before it is settled and its
 * copies looked for: the popup draws the link meanwhile, with the processor to itself. Until then the
 * attempt covers the push (docs/exactly-once.md), and the popup settles it should this worker stop.
 */
export const SETTLE_AFTER_LINK_MS = 50;

async function push({ id, attemptId, request, known, earlier }: Extract<PushRelayRequest, { type: 'push' }>, reply: Reply) {
  let answered = false;
  let copiesChecked: (expired: number) => void = () => undefined;
  const copies = new Promise<number>((resolve) => (copiesChecked = resolve));
  const result = await sharePush(request, {
    known,
    attemptId,
    earlier,
    book: localAttemptBook,
    onLooking: () => reply({ type: 'looking', id }),
    // The link goes back at once (docs/performance.md, rule 18).
    onAnswer: (shared) => {
      answered = true;
      reply({ type: 'pushed', id, result: ok(shared) });
      return new Promise((resolve) => setTimeout(resolve, SETTLE_AFTER_LINK_MS));
    },
    onCopiesChecked: copiesChecked,
  });
  if (!answered) reply({ type: 'pushed', id, result });
  if (!result.ok) return;
  const twinsExpired = answered ? await copies : 0;
  reply({ type: 'after', id, after: { historyNotKept: result.value.historyNotKept === true, twinsExpired } });
}

async function look({ id, earlier, request, known }: Extract<PushRelayRequest, { type: 'look' }>, reply: Reply) {
  const result = await lookForPush(request, earlier, { known, book: localAttemptBook, onLooking: () => reply({ type: 'looking', id }) });
  reply({ type: 'pushed', id, result });
  if (result.ok) reply({ type: 'after', id, after: { historyNotKept: false, twinsExpired: 0 } });
}

/** The shape every push and look carries; anything else on the port is ignored. */
function carriesPush(message: Partial<{ id: unknown; request: ShareRequest; known: KnownSettings }>): boolean {
  const { id, request, known } = message;
  return (
    typeof id === 'number' &&
    typeof request?.kind === 'string' &&
    typeof request.payload === 'string' &&
    typeof known?.connection?.baseUrl === 'string' &&
    typeof known.connection.token === 'string' &&
    typeof known.defaults === 'object' &&
    known.defaults !== null
  );
}

function isPush(message: unknown): message is Extract<PushRelayRequest, { type: 'push' }> {
  if (!message || typeof message !== 'object') return false;
  const push = message as Partial<Extract<PushRelayRequest, { type: 'push' }>>;
  return (
    push.type === 'push' &&
    typeof push.attemptId === 'string' &&
    carriesPush(push) &&
    (push.earlier === undefined || isEarlier(push.earlier))
  );
}

function isLook(message: unknown): message is Extract<PushRelayRequest, { type: 'look' }> {
  if (!message || typeof message !== 'object') return false;
  const look = message as Partial<Extract<PushRelayRequest, { type: 'look' }>>;
  return look.type === 'look' && carriesPush(look) && isEarlier(look.earlier);
}

function isEarlier(earlier: unknown): boolean {
  const { attemptId, startedAt } = (earlier ?? {}) as { attemptId?: unknown; startedAt?: unknown };
  return typeof attemptId === 'string' && typeof startedAt === 'number';
}

function isBookCall(message: unknown): message is Extract<PushRelayRequest, { type: 'book' }> {
  if (!message || typeof message !== 'object') return false;
  const { type, id, call, args } = message as Partial<Extract<PushRelayRequest, { type: 'book' }>>;
  return type === 'book' && typeof id === 'number' && typeof call === 'string' && Array.isArray(args);
}
