/**
 * Telling the other extension pages that the history changed, so a second Pushes tab does not
 * show a push as still open (and offer a second DELETE) after the first tab expired or forgot it.
 * A BroadcastChannel reaches every page and the background of the extension's own origin and no
 * web page (channels are per origin); a page never receives its own messages, because posting and
 * listening share one channel object per page. The message only names what kind of change it was.
 */

export const HISTORY_CHANNEL = 'pushgate-history';

/** `expired`: a push ended (the server's lists changed too); the others touch only the history. */
export type HistoryChange = 'recorded' | 'expired' | 'changed' | 'forgotten';

const CHANGES: readonly string[] = ['recorded', 'expired', 'changed', 'forgotten'] satisfies HistoryChange[];

let channel: BroadcastChannel | null | undefined;

function shared(): BroadcastChannel | null {
  channel ??= typeof BroadcastChannel === 'function' ? new BroadcastChannel(HISTORY_CHANNEL) : null;
  return channel;
}

/** Tells the other pages; never throws: a page that misses it shows the change on its next reload. */
export function announceHistoryChange(change: HistoryChange): void {
  try {
    shared()?.postMessage({ change });
  } catch {
    // A closing page may refuse to post; nothing of the write depends on it.
  }
}

/** Runs `listener` for each change another page announces; returns the unsubscribe. */
export function onHistoryChange(listener: (change: HistoryChange) => void): () => void {
  const source = shared();
  if (!source) return () => undefined;
  const handle = (event: MessageEvent) => {
    const change: unknown = (event.data as { change?: unknown } | null)?.change;
    if (typeof change === 'string' && CHANGES.includes(change)) listener(change as HistoryChange);
  };
  source.addEventListener('message', handle);
  return () => source.removeEventListener('message', handle);
}
