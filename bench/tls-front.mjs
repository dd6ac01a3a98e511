// HTTPS in front of the local Password Pusher server, for the peer, which refuses plain http for
// a self-hosted instance: TLS ends here and the bytes go on to the same server, so both extensions
// talk to one server with one request log. The certificate is self-signed, made for this run by
// `openssl` in a temporary folder and deleted with it; Chromium is started with
// --ignore-certificate-errors when a peer is measured.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:tls';

function throwAwayCertificate() {
  const dir = mkdtempSync(join(tmpdir(), 'pushgate-bench-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'pipe' },
    );
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } catch (error) {
    throw new Error(`--peer needs openssl to make a throw-away certificate for the local HTTPS server: ${error.message}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Listens on 127.0.0.1 (a free port) with TLS and forwards each connection to `httpUrl`. */
export async function startTlsFront(httpUrl) {
  const target = new URL(httpUrl);
  const sockets = new Set();
  const server = createServer(throwAwayCertificate(), (tls) => {
    const plain = connect(Number(target.port), target.hostname);
    for (const socket of [tls, plain]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    tls.pipe(plain).pipe(tls);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `https://127.0.0.1:${server.address().port}`,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(resolve);
      }),
  };
}
