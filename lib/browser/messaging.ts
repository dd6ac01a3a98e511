import { browser, type Browser } from 'wxt/browser';
import type { HistoryEntry, HistoryResult, HistoryUpdate, RecordDetails } from '../history/entries';
import type { Push } from '../pwpush/types';

/**
 * The messages extension parts send each other, and nothing else. Every handler checks that
 * the sender is this extension's own page or worker: a web page or another extension that
 * learns our id must not be able to make us copy or push anything.
 */
export interface Protocol {
  /** Background → offscreen document (Chrome): write the secret link to the clipboard. */
  'offscreen:copy': { request: { text: string }; response: { copied: boolean } };
  /** Background → offscreen document (Chrome): clear this secret from the clipboard later (lib/browser/clipboard/clearer.ts). */
  'offscreen:clear-later': { request: { text: string; delayMs: number }; response: { scheduled: boolean } };
  /** Background → offscreen document (Chrome): is a clear still waiting? Then the document stays open. */
  'offscreen:busy': { request: Record<string, never>; response: { busy: boolean } };
  /** Offscreen document → background (Chrome): no clear is waiting any more; close me. */
  'clipboard:clear-settled': { request: Record<string, never>; response: { closed: boolean } };
  /** Popup → background: the person copied this retrieved secret; clear it from the clipboard after the delay. */
  'clipboard:clear-later': { request: { text: string; delaySeconds: number }; response: { scheduled: boolean } };
  /** Popup → background: keep a push just made in the history (history-relay.ts says why). */
  'history:record': {
    request: { baseUrl: string; push: Push } & RecordDetails;
    /** `null` when the person keeps no history. */
    response: HistoryResult<HistoryEntry | null>;
  };
  /** Popup → background: the push shown was expired with "Expire now". */
  'history:expired': { request: { baseUrl: string; push: Push }; response: HistoryUpdate };
  /** Popup → background: this browser retrieved a push ("Opened here" if it made it). */
  'history:opened': { request: { baseUrl: string; urlToken: string }; response: HistoryUpdate };
}

export type MessageType = keyof Protocol;
type Envelope<K extends MessageType> = { type: K; data: Protocol[K]['request'] };

export function sendMessage<K extends MessageType>(
  type: K,
  data: Protocol[K]['request'],
): Promise<Protocol[K]['response']> {
  return browser.runtime.sendMessage({ type, data } satisfies Envelope<K>);
}

export function isInternalSender(sender: Browser.runtime.MessageSender): boolean {
  if (sender.id !== browser.runtime.id) return false;
  // Content scripts carry our id too, but run inside web pages; only extension pages count.
  const origin = new URL(browser.runtime.getURL('/')).origin;
  return sender.url === undefined ? false : new URL(sender.url).origin === origin;
}

type Handlers = { [K in MessageType]?: (data: Protocol[K]['request']) => Promise<Protocol[K]['response']> };

/** Registers handlers for the given message types; other messages are left to other listeners. */
export function onMessages(handlers: Handlers): () => void {
  const listener = (message: unknown, sender: Browser.runtime.MessageSender) => {
    if (!message || typeof message !== 'object') return undefined;
    const { type, data } = message as { type?: string; data?: unknown };
    const handler = handlers[type as MessageType] as ((d: unknown) => Promise<unknown>) | undefined;
    if (!handler) return undefined;
    if (!isInternalSender(sender)) return undefined;
    return handler(data);
  };
  browser.runtime.onMessage.addListener(listener as never);
  return () => browser.runtime.onMessage.removeListener(listener as never);
}
