import { markExpired, markOpenedHere, type RecordDetails } from './history';
import { recordIfKept } from './history-policy';
import { onMessages, sendMessage } from './messaging';
import type { Push } from './pwpush/types';

/**
 * The popup's history writes, done by the background (Chrome's service worker, Firefox's event page).
 *
 * A popup closes the moment the person clicks elsewhere, often right after the link appears, and
 * an IndexedDB write still pending then is lost. Waiting for it before showing the link cost
 * every push a few milliseconds (bench/results.md). The message leaves the popup as it is sent,
 * and the background, which outlives the popup, writes the entry: the link waits for nothing.
 * A `Push` never carries the payload or the passphrase (parse.ts builds it field by field).
 */

/** Asks the background to record a push just made. Returns at once; a failure costs the entry, never the link. */
export function recordPushInBackground(baseUrl: string, push: Push, details: RecordDetails): void {
  void sendMessage('history:record', { baseUrl, push, ...details }).catch(() => undefined);
}

/** Asks the background to mark a push expired, with what the server answered. Returns at once. */
export function markExpiredInBackground(baseUrl: string, push: Push): void {
  void sendMessage('history:expired', { baseUrl, push }).catch(() => undefined);
}

/** Asks the background to note that this browser opened a push (only one it made is kept). Returns at once. */
export function markOpenedInBackground(baseUrl: string, urlToken: string): void {
  void sendMessage('history:opened', { baseUrl, urlToken }).catch(() => undefined);
}

/** The background's side. Only this extension's own pages are answered (`onMessages`). */
export function answerHistoryMessages(): () => void {
  return onMessages({
    'history:record': ({ baseUrl, push, kind, passphraseProtected }) => recordIfKept(baseUrl, push, { kind, passphraseProtected }),
    'history:expired': ({ baseUrl, push }) => markExpired(baseUrl, push.urlToken, push),
    'history:opened': ({ baseUrl, urlToken }) => markOpenedHere(baseUrl, urlToken),
  });
}
