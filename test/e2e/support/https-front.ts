import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type Server } from 'node:tls';

/**
 * Realistic https names for local reference servers, for what a person sees (the store images): each
 * name gets a TLS front on 127.0.0.1 that passes the bytes on to its reference server, and Chromium
 * resolves the name to that front (`--host-resolver-rules`) and accepts its self-signed certificate
 * (`--ignore-certificate-errors`). Nothing leaves the machine. The extension needs host access to the
 * names: the store images' build grants them (PUSHGATE_GRANT_HOSTS, wxt.config.ts).
 */
export interface HttpsFronts {
  /** Chromium switches that send each name to its front. */
  args: string[];
  close(): Promise<void>;
}

/** A certificate for the names, made by openssl in a temporary folder (removed at once). */
function certificate(names: string[]): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'pushgate-tls-'));
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
        '2',
        '-subj',
        `/CN=${names[0]}`,
        '-addext',
        `subjectAltName=${names.map((name) => `DNS:${name}`).join(',')}`,
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One TLS front per name, e.g. `{ 'pwpush.example.com': 'http://127.0.0.1:4321' }`. */
export async function startHttpsFronts(targets: Record<string, string>): Promise<HttpsFronts> {
  const names = Object.keys(targets);
  const credentials = certificate(names);
  const servers: Server[] = [];
  const open = new Set<{ destroy(): void }>();
  const rules: string[] = [];
  for (const [name, target] of Object.entries(targets)) {
    const { hostname, port } = new URL(target);
    const server = createServer(credentials, (socket) => {
      const upstream = connect(Number(port), hostname);
      socket.pipe(upstream).pipe(socket);
      open.add(socket).add(upstream);
      const end = () => {
        socket.destroy();
        upstream.destroy();
        open.delete(socket);
        open.delete(upstream);
      };
      socket.on('close', end);
      upstream.on('close', end);
      socket.on('error', end);
      upstream.on('error', end);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    rules.push(`MAP ${name} 127.0.0.1:${(server.address() as AddressInfo).port}`);
  }
  return {
    args: [`--host-resolver-rules=${rules.join(',')}`, '--ignore-certificate-errors'],
    async close() {
      for (const socket of open) socket.destroy();
      await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    },
  };
}
