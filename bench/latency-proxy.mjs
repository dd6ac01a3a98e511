// An instance some way off: a TCP proxy on 127.0.0.1 that holds every chunk `oneWayMs` in each
// direction before passing it on, so each round trip through it (the TCP handshake, TLS's, a
// request and its answer) takes twice that. It counts the connections clients open and can close
// them all, as a browser's idle connections are gone by the time a person pushes again.
import { connect, createServer } from 'node:net';

/** Listens on 127.0.0.1 (a free port) and forwards each connection to `targetUrl`'s host and port. */
export async function startLatencyProxy(targetUrl, { oneWayMs }) {
  const target = new URL(targetUrl);
  const sockets = new Set();
  let connections = 0;
  const server = createServer((client) => {
    connections++;
    const upstream = connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.setNoDelay(true);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    const delayed = (from, to) => {
      from.on('data', (chunk) => setTimeout(() => to.destroyed || to.write(chunk), oneWayMs));
      from.on('end', () => setTimeout(() => to.end(), oneWayMs));
    };
    delayed(client, upstream);
    delayed(upstream, client);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    /** The same scheme as the target's (TLS passes through untouched). */
    url: `${target.protocol}//127.0.0.1:${server.address().port}`,
    get connections() {
      return connections;
    },
    closeConnections() {
      for (const socket of sockets) socket.destroy();
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}
