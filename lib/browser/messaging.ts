import { browser, type Browser } from 'wxt/browser';

/**
 * Messages between this extension's own parts: the mechanism only. Each feature declares its own
 * messages (`defineMessages<…>()` beside the code that sends and answers them). Every answer checks
 * that the sender is this extension's own page or worker: a web page or another extension that
 * learns our id must not be able to make us copy, push or record anything.
 */

/** A feature's messages: for each type, what is sent and what comes back. */
export type MessageMap = Record<string, { request: unknown; response: unknown }>;

type Handlers<M extends MessageMap> = { [K in keyof M]?: (data: M[K]['request']) => Promise<M[K]['response']> };

export interface Messages<M extends MessageMap> {
  /** Sends one message to the extension's other contexts; rejects when nobody answers. */
  send<K extends keyof M & string>(type: K, data: M[K]['request']): Promise<M[K]['response']>;
  /** Answers the given types from this extension's own pages only; other messages are left to other listeners. Returns the unsubscribe. */
  answer(handlers: Handlers<M>): () => void;
}

export function defineMessages<M extends MessageMap>(): Messages<M> {
  return {
    send: (type, data) => browser.runtime.sendMessage({ type, data }),
    answer(handlers) {
      const listener = (message: unknown, sender: Browser.runtime.MessageSender) => {
        if (!message || typeof message !== 'object') return undefined;
        const { type, data } = message as { type?: string; data?: unknown };
        if (typeof type !== 'string' || !Object.hasOwn(handlers, type)) return undefined;
        if (!isInternalSender(sender)) return undefined;
        return (handlers[type] as (d: unknown) => Promise<unknown>)(data);
      };
      browser.runtime.onMessage.addListener(listener as never);
      return () => browser.runtime.onMessage.removeListener(listener as never);
    },
  };
}

/** This extension's own pages and worker; content scripts carry our id too, but run inside web pages. */
export function isInternalSender(sender: Browser.runtime.MessageSender): boolean {
  if (sender.id !== browser.runtime.id) return false;
  const origin = new URL(browser.runtime.getURL('/')).origin;
  return sender.url === undefined ? false : new URL(sender.url).origin === origin;
}
