import { browser, type Browser } from 'wxt/browser';
import { recordIfKept } from '../history/policy';
import { isInternalSender } from '../browser/messaging';
import { PUSH_PORT, type PushRelayReply, type PushRelayRequest } from './relay';
import { sharePush } from './share-push';

/**
 * The background's side of lib/share/relay.ts: pushes from this extension's own pages, one request
 * each, recorded in the history here (the popup may be gone by then), the answer posted back.
 */
export function answerPushRelay(): () => void {
  const takePort = (port: Browser.runtime.Port) => {
    if (port.name !== PUSH_PORT) return;
    if (!port.sender || !isInternalSender(port.sender)) return port.disconnect();
    const reply = (message: PushRelayReply) => {
      try {
        port.postMessage(message);
      } catch {
        // The popup closed: the push is made and in the history; nobody is left to show it.
      }
    };
    port.onMessage.addListener((message: unknown) => {
      if (!isPushRequest(message)) return;
      const { id, request, known } = message;
      // The record is started, not awaited: the link goes back at once, the write finishes here.
      const record = (...args: Parameters<typeof recordIfKept>) => void recordIfKept(...args);
      void sharePush(request, { known, record }).then((result) => reply({ type: 'pushed', id, result }));
    });
    reply({ type: 'ready' });
  };
  browser.runtime.onConnect.addListener(takePort);
  return () => browser.runtime.onConnect.removeListener(takePort);
}

/** The shape a push request must have; anything else on the port is ignored. */
function isPushRequest(message: unknown): message is PushRelayRequest {
  if (!message || typeof message !== 'object') return false;
  const { type, id, request, known } = message as Partial<PushRelayRequest>;
  return (
    type === 'push' &&
    typeof id === 'number' &&
    typeof request?.kind === 'string' &&
    typeof request.payload === 'string' &&
    typeof known?.connection?.baseUrl === 'string' &&
    typeof known.connection.token === 'string' &&
    typeof known.defaults === 'object' &&
    known.defaults !== null
  );
}
