// Click → link of the URL push with the instance a round trip of 40 ms away, as a server in another
// country is, and no connection to it open when the popup opens, as when a person pushes again after
// a while: Pushgate and the official extension interleaved as in the local row (./measure-url-push.mjs).
// The local row keeps one connection alive from push to push and shows nothing of what a remote
// instance costs before its request: the TCP and TLS handshakes, a round trip each.
import { startLatencyProxy } from './latency-proxy.mjs';
import { sleep } from './marks.mjs';
import { measureUrlPush, pointAt } from './measure-url-push.mjs';

/** Each way: 40 ms a round trip. */
export const FAR_ONE_WAY_MS = 20;

/**
 * Needs the peer's HTTPS front (`servers.pwpushHttps`): both extensions reach the instance through
 * the same proxy, with TLS, and both are pointed back at their usual address afterwards.
 * @returns what ./measure-url-push.mjs returns.
 */
export async function measureFarUrlPush(bench, servers, targetPage, { runs, warmups }) {
  const proxy = await startLatencyProxy(servers.pwpushHttps.url, { oneWayMs: FAR_ONE_WAY_MS });
  const token = servers.pwpush.users[0].token;
  try {
    await pointAt(bench, { pushgate: proxy.url, peer: proxy.url }, token);
    return await measureUrlPush(bench, servers, targetPage, {
      runs,
      warmups,
      beforePush: async () => {
        proxy.closeConnections();
        // The browser learns that its connections closed before the popup opens.
        await sleep(100);
      },
    });
  } finally {
    await pointAt(bench, { pushgate: servers.pwpush.url, peer: servers.pwpushHttps.url }, token);
    await proxy.close();
  }
}
