// @vitest-environment node
// "Open a secret link" and "Expire it now" on a private instance (allow_anonymous off), against the reference server.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPwpushServer, type PwpushServer } from '../../servers/pwpush/server.mjs';
import { asRecipient, type Recipient } from '@/lib/receive/recipient-requests';
import { createPush, expirePush, retrievePush } from '@/lib/pwpush/client';

let server: PwpushServer;
let alice: string;
beforeAll(async () => {
  server = await startPwpushServer();
});
afterAll(() => server?.close());
beforeEach(() => {
  server.reset();
  alice = server.users[0]!.token;
});

async function pushOf(token: string, extra: { deletableByViewer?: boolean } = {}) {
  const push = await createPush({ baseUrl: server.url, token }, { kind: 'text', payload: 'secret', expireAfterViews: 3, ...extra });
  if (!push.ok) throw new Error('create failed');
  return push.value.urlToken;
}

const recipient = (token: string): Recipient => ({ baseUrl: server.url, token });
const auths = () => server.requests.filter((request) => request.path.startsWith('/api/v2/pushes/')).map((r) => r.authorization);

describe('on a public instance', () => {
  it('opens without the token, even when one is configured', async () => {
    const urlToken = await pushOf(alice);
    server.requests.length = 0;
    const { result, withToken } = await asRecipient(recipient(alice), (cfg) => retrievePush(cfg, urlToken), false);
    expect(result.ok && result.value.payload).toBe('secret');
    expect(withToken).toBe(false);
    expect(auths()).toEqual([null]);
  });
});

describe('on a private instance', () => {
  beforeEach(() => server.setOptions({ allowAnonymous: false }));

  it('opens with the token after the empty-body 401, and as the owner counts no view', async () => {
    const urlToken = await pushOf(alice);
    server.requests.length = 0;
    const { result, withToken } = await asRecipient(recipient(alice), (cfg) => retrievePush(cfg, urlToken), false);
    expect(result.ok && result.value.payload).toBe('secret');
    expect(withToken).toBe(true);
    expect(auths()).toEqual([null, `Bearer ${alice}`]);
    expect(server.pushes()[0]?.audit.map((entry) => entry.kind)).toEqual(['creation', 'owner_view']);
    expect(server.pushes()[0]?.views_remaining).toBe(3);
  });

  it('sends the token at once when the cached features say anonymous access is off', async () => {
    const urlToken = await pushOf(alice);
    server.requests.length = 0;
    const { result } = await asRecipient(recipient(alice), (cfg) => retrievePush(cfg, urlToken), true);
    expect(result.ok).toBe(true);
    expect(auths()).toEqual([`Bearer ${alice}`]);
  });

  it('another user’s token opens it as a counted view', async () => {
    const urlToken = await pushOf(alice);
    const { result } = await asRecipient(recipient(server.users[1]!.token), (cfg) => retrievePush(cfg, urlToken), false);
    expect(result.ok && result.value.viewsRemaining).toBe(2);
    expect(server.pushes()[0]?.audit.map((entry) => entry.kind)).toEqual(['creation', 'view']);
  });

  it('without a token stays refused (one request, the empty-body 401)', async () => {
    const urlToken = await pushOf(alice);
    server.requests.length = 0;
    const { result, withToken } = await asRecipient(recipient(''), (cfg) => retrievePush(cfg, urlToken), true);
    expect(!result.ok && result.error).toMatchObject({ kind: 'unauthorized', status: 401 });
    expect(withToken).toBe(false);
    expect(auths()).toEqual([null]);
  });

  it('"Expire it now" sends the token too', async () => {
    const urlToken = await pushOf(alice, { deletableByViewer: true });
    const { result } = await asRecipient(recipient(alice), (cfg) => expirePush(cfg, urlToken), false);
    expect(result.ok && result.value.expired).toBe(true);
  });
});
