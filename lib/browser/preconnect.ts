const opened = new Set<string>();

/**
 * Asks the browser to open the connection (DNS, TCP, TLS) to an origin ahead of a request,
 * without sending one: a push then does not wait for a handshake. Once per origin and page.
 * `crossorigin="anonymous"` because the client fetches with `credentials: 'omit'`, and the
 * browser only reuses a preconnected socket for a request of the same credentials mode.
 */
export function preconnect(url: string): void {
  let origin: string;
  try {
    origin = new URL(url).origin;
  } catch {
    return;
  }
  if (opened.has(origin)) return;
  opened.add(origin);
  const link = document.createElement('link');
  link.rel = 'preconnect';
  link.href = origin;
  link.crossOrigin = 'anonymous';
  document.head.append(link);
}
