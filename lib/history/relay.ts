import { markExpired, markOpenedHere, type HistoryUpdate } from './entries';
import { defineMessages } from '../browser/messaging';
import type { Push } from '../pwpush/types';

/**
 * The history's one writer is the background (Chrome's service worker, Firefox's event page): the
 * extension's pages hand it their writes. A popup closes the moment the person clicks elsewhere,
 * often right after the link appears, and an IndexedDB write still pending then would be lost;
 * the background outlives it. A `Push` never carries the payload or the passphrase (the client's
 * parser builds it field by field). A push just made is settled by the background that sent it
 * (lib/share/relay/background.ts).
 */

/** What the extension's pages ask the background to do with the history. */
const historyMessages = defineMessages<{
  /** The push shown was expired with "Expire now". */
  'history:expired': { request: { baseUrl: string; push: Push }; response: HistoryUpdate };
  /** This browser retrieved a push ("Opened here" if it made it); `lastView`: that retrieval used its last view. */
  'history:opened': { request: { baseUrl: string; urlToken: string; lastView?: boolean }; response: HistoryUpdate };
}>();

/** Asks the background to mark a push expired, with what the server answered. Returns at once. */
export function markExpiredInBackground(baseUrl: string, push: Push): void {
  void historyMessages.send('history:expired', { baseUrl, push }).catch(() => undefined);
}

/** Asks the background to note that this browser opened a push (only one it made is kept). Returns at once. */
export function markOpenedInBackground(baseUrl: string, urlToken: string, { lastView = false } = {}): void {
  void historyMessages.send('history:opened', { baseUrl, urlToken, lastView }).catch(() => undefined);
}

/** The background's side; only this extension's own pages are answered. */
export function answerHistoryMessages(): () => void {
  return historyMessages.answer({
    'history:expired': ({ baseUrl, push }) => markExpired(baseUrl, push.urlToken, push),
    'history:opened': ({ baseUrl, urlToken, lastView }) => markOpenedHere(baseUrl, urlToken, Date.now(), lastView === true),
  });
}
