import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Page } from 'playwright-core';
import { startTcpProxy, type TcpProxy } from '../../support/tcp-proxy';
import type { E2eSession } from './session';

/**
 * For the specs of docs/exactly-once.md: a TCP proxy in front of the session's reference server
 * (the instance the extension is pointed at), which cuts a connection where a test says.
 */
export function useCuttingProxy(session: E2eSession): {
  proxy: TcpProxy;
  posts(): string[];
  live(): ReturnType<E2eSession['pwpush']['pushes']>;
} {
  const holder = {} as { proxy: TcpProxy };
  beforeAll(async () => {
    holder.proxy = await startTcpProxy(session.pwpush.port);
  });
  beforeEach(() => {
    holder.proxy.cut(null);
    holder.proxy.requestLines.length = 0;
  });
  afterAll(() => holder.proxy?.close());
  return {
    get proxy() {
      return holder.proxy;
    },
    /** The creates the proxy saw, on every connection (a re-sent one counts twice). */
    posts: () => holder.proxy.requestLines.filter((line) => line.startsWith('POST /api/v2/pushes ')),
    /** The pushes on the server that are not expired. */
    live: () => session.pwpush.pushes().filter((push) => !push.expired),
  };
}

/** Stops the extension's service worker, as Chrome does to an idle one (CDP, from any page). */
export async function stopServiceWorker(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await cdp.detach();
}

/** The cut every spec here uses for a create. */
export const CREATE = 'POST /api/v2/pushes ';
