import { pacerFor } from '../../pace/instance-pacers';
import { browser, type Browser } from 'wxt/browser';
import { openAttemptStore } from '../../attempts/attempts';
import { localAttemptBook } from '../../attempts/local-book';
import { isInternalSender } from '../../browser/messaging';
import { fail, ok } from '../../result';
import { lookForPush, sharePush } from '../share-push';
import type { KnownSettings, ShareRequest } from '../share-request';
import { isFileHeaders, isSentFiles, namedOnly, sameFiles } from './files';
import { filesFor, listenForFiles } from './files-background';
import { PUSH_PORT, type PushRelayReply, type PushRelayRequest } from './protocol';
import { keptAlive } from './keep-alive';
import { answerSettle, isSettle } from './settle-background';

/**
 * The background's side of lib/share/relay/push-in-background.ts: every push of this extension's
 * own pages, one request each, settled in the history here (the popup may be gone by then), the
 * answer posted back. A file push starts once its files are here (./files.ts).
 */
export function answerPushRelay(): () => void {
  const stopFiles = listenForFiles();
  const takePort = (port: Browser.runtime.Port) => {
    if (port.name !== PUSH_PORT) return;
    if (!port.sender || !isInternalSender(port.sender)) return port.disconnect();
    // The port opens on the first sign of a push (docs/performance.md, rule 2), seconds before its Push.
    openAttemptStore();
    const reply = (message: PushRelayReply) => {
      try {
        port.postMessage(message);
      } catch {
        // The popup closed: the push is made and settled here; nobody is left to show it.
      }
    };
    // The file pushes of this port, by id, with their Cancel.
    const uploads = new Map<number, AbortController>();
    port.onMessage.addListener((message: unknown) => {
      if (isPush(message)) take(message, uploads, reply);
      else if (isCancel(message)) uploads.get(message.id)?.abort();
      else if (isLook(message)) void look(message, reply);
      else if (isSettle(message)) void answerSettle(message).then((result) => reply({ type: 'settled', id: message.id, result }));
    });
    reply({ type: 'ready' });
  };
  browser.runtime.onConnect.addListener(takePort);
  return () => {
    browser.runtime.onConnect.removeListener(takePort);
    stopFiles();
  };
}

type Reply = (message: PushRelayReply) => void;
type PushMessage = Extract<PushRelayRequest, { type: 'push' }>;

function take(message: PushMessage, uploads: Map<number, AbortController>, reply: Reply) {
  if (!message.files) return void push(message, reply);
  const cancel = new AbortController();
  uploads.set(message.id, cancel);
  // A Cancel while the files are on their way answers at once.
  const cancelled = new Promise<null>((resolve) => cancel.signal.addEventListener('abort', () => resolve(null), { once: true }));
  void Promise.race([filesOf(message), cancelled]).then(async (files) => {
    if (cancel.signal.aborted) {
      // Cancelled before the files were here: no request went out.
      reply({ type: 'pushed', id: message.id, result: fail({ kind: 'cancelled', attemptId: message.attemptId, looked: 'not-found' }) });
    } else if (!files) {
      // The files never came, or not the ones named: nothing was sent.
      reply({ type: 'pushed', id: message.id, result: fail({ kind: 'no-background' }) });
    } else await push({ ...message, request: { ...message.request, files } }, reply, cancel.signal);
    uploads.delete(message.id);
  });
}

/**
 * A file push's files: in the message (Firefox), or handed to this worker under its transfer id
 * (Chrome). Null when they are not what ./files.ts sends: files a Chrome port turned into `{}`.
 */
async function filesOf(message: PushMessage): Promise<File[] | null> {
  if (!isSentFiles(message)) return null;
  if (!('transfer' in message)) return message.files;
  const files = await filesFor(message.transfer);
  return files && sameFiles(message.files, files) ? files : null;
}

/**
 * How long the push waits, once its link is on its way to the popup, before it is settled and its
 * copies looked for: the popup draws the link meanwhile, with the processor to itself. Until then the
 * attempt covers the push (docs/exactly-once.md), and the popup settles it should this worker stop.
 */
export const SETTLE_AFTER_LINK_MS = 50;

async function push({ id, attemptId, request, known, earlier }: PushMessage, reply: Reply, signal?: AbortSignal) {
  let answered = false;
  let copiesChecked: (expired: number) => void = () => undefined;
  const copies = new Promise<number>((resolve) => (copiesChecked = resolve));
  const result = await keptAlive(
    sharePush(request, {
      known,
      attemptId,
      earlier,
      book: localAttemptBook,
      paceFor: pacerFor,
      upload: signal ? { signal } : undefined,
      onLooking: (cause) => reply({ type: 'looking', id, cause }),
      // The link goes back at once (docs/performance.md, rule 18).
      onAnswer: (shared) => {
        answered = true;
        reply({ type: 'pushed', id, result: ok(shared) });
        return new Promise((resolve) => setTimeout(resolve, SETTLE_AFTER_LINK_MS));
      },
      onCopiesChecked: copiesChecked,
    }),
  );
  if (!answered) reply({ type: 'pushed', id, result });
  if (!result.ok) return;
  const twinsExpired = answered ? await copies : 0;
  reply({ type: 'after', id, after: { historyNotKept: result.value.historyNotKept === true, twinsExpired } });
}

async function look({ id, earlier, request, known, files }: Extract<PushRelayRequest, { type: 'look' }>, reply: Reply) {
  const asked: ShareRequest = files ? { ...request, files: namedOnly(files) } : request;
  const result = await keptAlive(
    lookForPush(asked, earlier, { known, book: localAttemptBook, onLooking: () => reply({ type: 'looking', id }) }),
  );
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
    // Files travel beside the request, never inside it (./protocol.ts).
    request.files === undefined &&
    typeof known?.connection?.baseUrl === 'string' &&
    typeof known.connection.token === 'string' &&
    typeof known.defaults === 'object' &&
    known.defaults !== null &&
    (known.keepHistory === undefined || typeof known.keepHistory === 'boolean')
  );
}

function isPush(message: unknown): message is PushMessage {
  if (!message || typeof message !== 'object') return false;
  const push = message as Partial<PushMessage> & { earlier?: unknown; files?: unknown };
  return (
    push.type === 'push' &&
    typeof push.attemptId === 'string' &&
    carriesPush(push) &&
    (push.files === undefined || push.request?.kind === 'file') &&
    (push.earlier === undefined || isEarlier(push.earlier))
  );
}

function isLook(message: unknown): message is Extract<PushRelayRequest, { type: 'look' }> {
  if (!message || typeof message !== 'object') return false;
  const look = message as Partial<Extract<PushRelayRequest, { type: 'look' }>>;
  return (
    look.type === 'look' &&
    carriesPush(look) &&
    (look.files === undefined || (look.request?.kind === 'file' && isFileHeaders(look.files))) &&
    isEarlier(look.earlier)
  );
}

function isCancel(message: unknown): message is Extract<PushRelayRequest, { type: 'cancel' }> {
  if (!message || typeof message !== 'object') return false;
  const { type, id } = message as Partial<Extract<PushRelayRequest, { type: 'cancel' }>>;
  return type === 'cancel' && typeof id === 'number';
}

function isEarlier(earlier: unknown): boolean {
  const { attemptId, startedAt } = (earlier ?? {}) as { attemptId?: unknown; startedAt?: unknown };
  return typeof attemptId === 'string' && typeof startedAt === 'number';
}
