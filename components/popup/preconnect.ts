import { originOf } from '@/lib/url';

/**
 * A connection to the instance opened while the person is still filling in the push, so that its
 * one request does not wait for DNS, TCP and TLS: three round trips to a remote instance before
 * anything is sent (docs/performance.md, rule 29). Nothing goes over it but the handshake until the
 * person pushes (docs/privacy.md).
 *
 * The background sends the push, and an extension's pages and its service worker share one network
 * partition: the worker's request takes the connection the popup opened. `crossorigin="anonymous"`
 * because the push is sent without credentials (lib/pwpush/client.ts): Chromium keeps connections
 * for requests with and without credentials apart, and one of the other kind would go unused.
 */
export function preconnect(doc: Document, baseUrl: string, now = Date.now()): void {
  const origin = originOf(baseUrl);
  if (last?.link.isConnected && last.origin === origin && now - last.at < REOPEN_AFTER_MS) return;
  last?.link.remove();
  const link = doc.createElement('link');
  link.rel = 'preconnect';
  link.crossOrigin = 'anonymous';
  link.href = origin;
  doc.head.append(link);
  last = { origin, at: now, link };
}

let last: { origin: string; at: number; link: HTMLLinkElement } | null = null;

/**
 * A browser closes a connection nothing used after a while, and a person may take longer than
 * that over a secret: a sign of a push this long after the last preconnect asks for one again (the
 * browser opens none while an idle one is still there).
 */
export const REOPEN_AFTER_MS = 10_000;
