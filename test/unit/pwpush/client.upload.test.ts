// @vitest-environment node
// Big file pushes over loopback: the reference server reads the body at 256 kB/s, as a slow uplink would.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPwpushServer, type PwpushServer } from '../../servers/pwpush/server.mjs';
import { createPush } from '@/lib/pwpush/client';
import { explainPushError } from '@/lib/share/explain';

let server: PwpushServer;
beforeAll(async () => {
  server = await startPwpushServer();
});
afterAll(() => server?.close());
beforeEach(() => server.reset());

const MB = 1024 * 1024;
const file = (bytes: number) => new File([new Uint8Array(bytes)], 'disk-image.bin');

describe('a file push', () => {
  it('of 4 MB at 256 kB/s (16 s) is not cut off by a fixed 10 s timeout', { timeout: 90_000 }, async () => {
    server.setOptions({ uploadBytesPerSecond: 256 * 1024 });
    const alice = { baseUrl: server.url, token: server.users[0]!.token };
    const started = Date.now();
    const result = await createPush(alice, { kind: 'file', payload: '', files: [file(4 * MB)] });
    expect(result.ok).toBe(true);
    // Loopback socket buffers absorb some of it; the rest still takes well over 10 s.
    expect(Date.now() - started).toBeGreaterThan(10_000);
    expect(server.pushes()[0]?.files[0]?.size).toBe(4 * MB);
  });

  it('stops when the person cancels, and fails as a network error the popup reads as "cancelled"', { timeout: 30_000 }, async () => {
    server.setOptions({ uploadBytesPerSecond: 64 * 1024 });
    const alice = { baseUrl: server.url, token: server.users[0]!.token };
    const cancel = new AbortController();
    setTimeout(() => cancel.abort(), 500);
    const started = Date.now();
    const result = await createPush(alice, { kind: 'file', payload: '', files: [file(2 * MB)] }, 'oss', { signal: cancel.signal });
    expect(!result.ok && result.error.kind).toBe('network');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(server.pushes()).toEqual([]);
  });

  it('larger than a proxy accepts (413, HTML) is explained as too large for the instance', async () => {
    server.setOptions({ maxBodyBytes: MB });
    const alice = { baseUrl: server.url, token: server.users[0]!.token };
    const result = await createPush(alice, { kind: 'file', payload: '', files: [file(2 * MB)] });
    expect(!result.ok && result.error).toMatchObject({ status: 413, detail: 'html' });
    if (result.ok) return;
    expect(explainPushError(result.error).message).toBe(
      'The file is larger than the instance accepts. Push a smaller one, or ask its administrator to raise the limit.',
    );
  });
});
