// @vitest-environment node
// The client against the reference server as each supported Password Pusher release
// (docs/password-pusher.md#versions).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPwpushServer, VERSIONS, type PwpushServer } from '../../servers/pwpush/server.mjs';
import { activePushes, auditLog, createPush, expirePush, retrievePush, version } from '@/lib/pwpush/client';
import { enabledKinds } from '@/lib/share/capabilities';
import type { ClientConfig } from '@/lib/pwpush/types';

let server: PwpushServer;
let anonymous: ClientConfig;
let alice: ClientConfig;

beforeAll(async () => {
  server = await startPwpushServer();
});
afterAll(() => server?.close());

describe.each(VERSIONS)('Password Pusher %s', (release) => {
  beforeEach(() => {
    server.reset();
    server.setOptions({ version: release });
    anonymous = { baseUrl: server.url };
    alice = { baseUrl: server.url, token: server.users[0]!.token };
  });

  it('checks the instance: version, and the kinds to offer', async () => {
    const info = await version(anonymous);
    expect(info.ok && info.value.applicationVersion).toBe(release);
    // Before 2.5.4 there are no features: URL, QR and file pushes were on by default then.
    expect(info.ok && enabledKinds(info.value, true)).toEqual(['text', 'url', 'qr', 'file']);
  });

  it('pushes, receives and expires', async () => {
    const push = await createPush(alice, { kind: 'text', payload: 's3cret', expireAfterViews: 3 });
    expect(push.ok).toBe(true);
    if (!push.ok) return;
    const read = await retrievePush(anonymous, push.value.urlToken);
    expect(read.ok && read.value.payload).toBe('s3cret');
    const expired = await expirePush(alice, push.value.urlToken);
    expect(expired.ok && expired.value.expired).toBe(true);
  });

  it('lists the owner’s pushes', async () => {
    const push = await createPush(alice, { kind: 'text', payload: 'x', name: 'listed' });
    const list = await activePushes(alice);
    expect(list.ok && list.value.items.map((item) => item.name)).toEqual(['listed']);
    expect(push.ok).toBe(true);
  });

  it('reads the audit log, whichever key the release uses', async () => {
    const push = await createPush(alice, { kind: 'text', payload: 'x' });
    if (!push.ok) throw new Error('create failed');
    await retrievePush(anonymous, push.value.urlToken);
    const log = await auditLog(alice, push.value.urlToken);
    expect(log.ok && log.value.items.map((entry) => entry.kind)).toEqual(['creation', 'view']);
  });
});

describe('Password Pusher 2.3.0, where every v2 action picks its format from Accept', () => {
  beforeEach(() => {
    server.reset();
    server.setOptions({ version: '2.3.0' });
    alice = { baseUrl: server.url, token: server.users[0]!.token };
  });

  it('gets JSON from every endpoint, because the client asks for it', async () => {
    expect((await version(alice)).ok).toBe(true);
    const push = await createPush(alice, { kind: 'text', payload: 'x' });
    expect(push.ok).toBe(true);
    expect((await activePushes(alice)).ok).toBe(true);
    expect(server.requests.every((request) => request.path.startsWith('/api/v2/'))).toBe(true);
  });
});
