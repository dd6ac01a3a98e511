import { browser, type Browser } from 'wxt/browser';
import { markExpired, markOpenedHere, type HistoryEntry, type HistoryResult, type HistoryUpdate, type RecordDetails } from './entries';
import { recordIfKept } from './policy';
import { defineMessages, isInternalSender } from '../browser/messaging';
import type { Push } from '../pwpush/types';

/**
 * The popup's history writes, done by the background (Chrome's service worker, Firefox's event page).
 *
 * A popup closes the moment the person clicks elsewhere, often right after the link appears, and
 * an IndexedDB write still pending then is lost. Waiting for it before showing the link cost
 * every push a few milliseconds (bench/results.md). The message leaves the popup as it is sent,
 * and the background, which outlives the popup, writes the entry: the link waits for nothing.
 * A `Push` never carries the payload or the passphrase (parse.ts builds it field by field).
 *
 * The record goes over a port opened ahead (`prepareHistoryRelay`, when the push code loads): a
 * `runtime.sendMessage` opens a channel of its own, which cost the link 0.2 to 0.8 ms of the
 * popup's main thread after the answer; a message on an open port costs next to nothing. Not
 * opened while the request is out: any extension message then slowed the answer itself (about
 * 1.4 ms for a connect, 3 ms for a sendMessage, measured in the popup).
 */

/** The port's name; the background takes records on it from this extension's own pages only. */
const RECORD_PORT = 'history:record';

type RecordRequest = { baseUrl: string; push: Push } & RecordDetails;

/** What the extension's pages ask the background to do with the history. */
const historyMessages = defineMessages<{
  /** Keep a push just made in the history; `null` when the person keeps no history. */
  'history:record': { request: RecordRequest; response: HistoryResult<HistoryEntry | null> };
  /** The push shown was expired with "Expire now". */
  'history:expired': { request: { baseUrl: string; push: Push }; response: HistoryUpdate };
  /** This browser retrieved a push ("Opened here" if it made it). */
  'history:opened': { request: { baseUrl: string; urlToken: string }; response: HistoryUpdate };
}>();

/** The popup's open port to the background, while it is open. */
let relay: Browser.runtime.Port | null = null;

/** Opens the port to the background, once per page; a later record then leaves at once. */
export function prepareHistoryRelay(): void {
  if (relay) return;
  try {
    const port = browser.runtime.connect({ name: RECORD_PORT });
    port.onDisconnect.addListener(() => {
      if (relay === port) relay = null;
    });
    relay = port;
  } catch {
    // No port: the record goes as a message of its own.
    relay = null;
  }
}

/** Asks the background to record a push just made. Returns at once; a failure costs the entry, never the link. */
export function recordPushInBackground(baseUrl: string, push: Push, details: RecordDetails): void {
  const request: RecordRequest = { baseUrl, push, ...details };
  if (relay) {
    try {
      relay.postMessage(request);
      return;
    } catch {
      // Closed meanwhile (a stopped worker): sent below as a message of its own instead.
      relay = null;
    }
  }
  void historyMessages.send('history:record', request).catch(() => undefined);
}

/** Asks the background to mark a push expired, with what the server answered. Returns at once. */
export function markExpiredInBackground(baseUrl: string, push: Push): void {
  void historyMessages.send('history:expired', { baseUrl, push }).catch(() => undefined);
}

/** Asks the background to note that this browser opened a push (only one it made is kept). Returns at once. */
export function markOpenedInBackground(baseUrl: string, urlToken: string): void {
  void historyMessages.send('history:opened', { baseUrl, urlToken }).catch(() => undefined);
}

/** The background's side. Only this extension's own pages are answered (`historyMessages.answer`), on the port too. */
export function answerHistoryMessages(): () => void {
  const stopMessages = historyMessages.answer({
    'history:record': ({ baseUrl, push, kind, passphraseProtected }) => recordIfKept(baseUrl, push, { kind, passphraseProtected }),
    'history:expired': ({ baseUrl, push }) => markExpired(baseUrl, push.urlToken, push),
    'history:opened': ({ baseUrl, urlToken }) => markOpenedHere(baseUrl, urlToken),
  });
  const takePort = (port: Browser.runtime.Port) => {
    if (port.name !== RECORD_PORT) return;
    if (!port.sender || !isInternalSender(port.sender)) return port.disconnect();
    port.onMessage.addListener((message: unknown) => {
      if (!message || typeof message !== 'object') return;
      const { baseUrl, push, kind, passphraseProtected } = message as RecordRequest;
      void recordIfKept(baseUrl, push, { kind, passphraseProtected });
    });
  };
  browser.runtime.onConnect.addListener(takePort);
  return () => {
    stopMessages();
    browser.runtime.onConnect.removeListener(takePort);
  };
}
