import type { FilesMessage } from './files';

/**
 * The background's side of ./files.ts in Chrome: the files a popup posts to this service worker,
 * kept by their transfer id until the push that names them takes them. Only this extension's own
 * pages can post to its worker (a message to a service worker comes from its own origin), and the
 * id is random and named only in that page's push.
 */

/** How long files wait for their push, and a push for its files: either may arrive first. */
export const FILES_WAIT_MS = 30_000;

const arrived = new Map<string, File[]>();
const waiting = new Map<string, (files: File[]) => void>();

/** Takes the files pages post to the background; registered at its start, with every listener. */
export function listenForFiles(): () => void {
  const take = (event: Event) => {
    const { data, origin } = event as MessageEvent;
    if (origin !== globalThis.location?.origin || !isFilesMessage(data)) return;
    const { transfer, files } = data;
    const waiter = waiting.get(transfer);
    if (waiter) return waiter(files);
    arrived.set(transfer, files);
    // Files no push came for in time are let go: nothing of them stays in memory.
    setTimeout(() => arrived.delete(transfer), FILES_WAIT_MS);
  };
  globalThis.addEventListener('message', take);
  return () => globalThis.removeEventListener('message', take);
}

/** The files posted under `transfer`: at once when they came first, else when they come; null when none came in time. */
export function filesFor(transfer: string): Promise<File[] | null> {
  const files = arrived.get(transfer);
  if (files) {
    arrived.delete(transfer);
    return Promise.resolve(files);
  }
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      waiting.delete(transfer);
      resolve(null);
    }, FILES_WAIT_MS);
    waiting.set(transfer, (came) => {
      clearTimeout(timer);
      waiting.delete(transfer);
      resolve(came);
    });
  });
}

function isFilesMessage(data: unknown): data is FilesMessage {
  const { type, transfer, files } = (data ?? {}) as Partial<FilesMessage>;
  return (
    type === 'push:files' &&
    typeof transfer === 'string' &&
    Array.isArray(files) &&
    files.length > 0 &&
    files.every((file) => file instanceof File)
  );
}
