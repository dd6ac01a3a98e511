import { onTestFinished } from 'vitest';

/**
 * The extension's service worker as its pages reach it in Chrome: `navigator.serviceWorker`'s
 * registration, whose `active.postMessage` delivers a `message` event to the background, from the
 * extension's own origin, a task later. A `File` goes over as a `File` (structured clone), as
 * lib/share/relay/files.ts relies on. Gone again after the test.
 */
export function installFakeWorker(): { posted: unknown[] } {
  const posted: unknown[] = [];
  const active = {
    postMessage(data: unknown) {
      posted.push(data);
      const copy = cloneKeepingFiles(data);
      setTimeout(() => globalThis.dispatchEvent(new MessageEvent('message', { data: copy, origin: globalThis.location.origin })));
    },
  };
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { getRegistration: async () => ({ active }) } });
  onTestFinished(() => {
    delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  });
  return { posted };
}

/** A structured clone as a browser makes one: plain data copied, each `File` a new `File` of the same bytes. */
export function cloneKeepingFiles(value: unknown): unknown {
  if (value instanceof File) return new File([value], value.name, { type: value.type, lastModified: value.lastModified });
  if (Array.isArray(value)) return value.map(cloneKeepingFiles);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, cloneKeepingFiles(item)]));
  return value;
}
