import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP proxy in front of a local server that can cut a connection at a chosen point of one HTTP
 * request, the way a proxy, a NAT or a flaky network does. Chromium re-sends a request whose
 * connection was reused (or preconnected) and closed before any answer byte came back, even a
 * POST: a cut there on a kept-alive socket makes the server see the request twice.
 */

/**
 * Where the connection is cut:
 * - `after-request`: the request has gone through in full; the client's side closes before anything comes back.
 * - `answer-begins`: the server's first answer byte arrives; the client gets none of it.
 * - `mid-body`: the client gets the answer's head and `bodyBytes` of its body, then the connection closes.
 */
export type CutPoint = 'after-request' | 'answer-begins' | 'mid-body';

export interface Cut {
  at: CutPoint;
  /** Which requests: the request line starts with this, e.g. `POST /api/v2/pushes `. */
  match: string;
  /** How many matching requests are cut; 1 unless given. */
  times?: number;
  /** `mid-body` only: how much of the body gets through. */
  bodyBytes?: number;
}

export interface TcpProxy {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** Request lines seen, oldest first (e.g. `POST /api/v2/pushes HTTP/1.1`), on every connection. */
  readonly requestLines: string[];
  /** How many client connections were opened. */
  connections(): number;
  cut(cut: Cut | null): void;
  close(): Promise<void>;
}

interface Exchange {
  /** Bytes of the current request's head read so far (until CRLF CRLF). */
  head: Buffer;
  /** Body bytes still to come for the current request; -1 while its head is incomplete. */
  bodyLeft: number;
  /** The request now on the connection is the one to cut. */
  doomed: CutPoint | null;
  /** Answer body bytes the client may still receive (`mid-body`). */
  allowance: number;
  answerHeadSeen: boolean;
}

export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  let planned: Required<Cut> | null = null;
  const requestLines: string[] = [];
  const sockets = new Set<Socket>();
  let opened = 0;

  const server: Server = createServer((client) => {
    opened += 1;
    const upstream = connect(targetPort, '127.0.0.1');
    sockets.add(client).add(upstream);
    const state: Exchange = { head: Buffer.alloc(0), bodyLeft: -1, doomed: null, allowance: 0, answerHeadSeen: false };
    const cutClient = () => {
      client.destroy();
      // The server's side stays open until it answered, so the server finishes what it began.
    };

    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      let rest = chunk;
      while (rest.length > 0) {
        if (state.bodyLeft < 0) {
          state.head = Buffer.concat([state.head, rest]);
          const end = state.head.indexOf('\r\n\r\n');
          if (end < 0) return;
          const head = state.head.subarray(0, end).toString('latin1');
          rest = state.head.subarray(end + 4);
          state.head = Buffer.alloc(0);
          const line = head.split('\r\n')[0] ?? '';
          requestLines.push(line);
          const length = /\r\ncontent-length:\s*(\d+)/i.exec(`\r\n${head}`)?.[1];
          state.bodyLeft = length ? Number(length) : 0;
          state.answerHeadSeen = false;
          if (planned && line.startsWith(planned.match)) {
            state.doomed = planned.at;
            state.allowance = planned.bodyBytes;
            planned.times -= 1;
            if (planned.times <= 0) planned = null;
          }
        }
        const taken = Math.min(state.bodyLeft, rest.length);
        state.bodyLeft -= taken;
        rest = rest.subarray(taken);
        if (state.bodyLeft === 0) {
          state.bodyLeft = -1;
          if (state.doomed === 'after-request') return cutClient();
        }
      }
    });

    upstream.on('data', (chunk: Buffer) => {
      if (client.destroyed) return;
      if (state.doomed === 'answer-begins') return cutClient();
      if (state.doomed === 'mid-body') {
        let passed = chunk;
        if (!state.answerHeadSeen) {
          const end = chunk.indexOf('\r\n\r\n');
          if (end < 0) return void client.write(chunk);
          state.answerHeadSeen = true;
          client.write(chunk.subarray(0, end + 4));
          passed = chunk.subarray(end + 4);
        }
        client.write(passed.subarray(0, state.allowance));
        state.allowance -= Math.min(state.allowance, passed.length);
        if (state.allowance === 0) client.end(() => client.destroy());
        return;
      }
      client.write(chunk);
    });

    const closeBoth = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', closeBoth);
    upstream.on('error', closeBoth);
    // A cut client leaves the server's side open until the server is done with it.
    client.on('close', () => {
      if (!state.doomed) upstream.destroy();
      else upstream.once('data', () => upstream.end());
      sockets.delete(client);
    });
    upstream.on('close', () => {
      if (!state.doomed) client.destroy();
      sockets.delete(upstream);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requestLines,
    connections: () => opened,
    cut(cut) {
      planned = cut ? { times: 1, bodyBytes: 0, ...cut } : null;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
