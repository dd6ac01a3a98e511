import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A plain web page on 127.0.0.1 to select text in, as a person would on any site. */
export async function serveFixtureSite(pages: Record<string, string>): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    // The query is ignored: tests add one to tell their tab from a previous test's.
    const body = pages[new URL(request.url ?? '/', 'http://fixture').pathname];
    response.writeHead(body === undefined ? 404 : 200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(body ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    // Chromium keeps connections alive; close them too or `close` waits for their timeout.
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
