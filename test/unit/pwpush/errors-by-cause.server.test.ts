// @vitest-environment node
// Against the reference server: the same status for different causes gets different words.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { explainPushesError } from '@/lib/push-lists/explain';
import { explainExpireFailure } from '@/components/popup/receive/retrieval-outcome';
import { activePushes, auditLog, createPush, expirePush } from '@/lib/pwpush/client';
import { explainExpireError, explainPushError } from '@/lib/share/explain';
import { explainShareFailure } from '@/lib/share/share-failure';
import type { HttpError } from '@/lib/http';
import { startPwpushServer, type PwpushServer } from '../../servers/pwpush/server.mjs';

let server: PwpushServer;
beforeAll(async () => {
  server = await startPwpushServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const errorOf = (result: { ok: boolean; error?: HttpError }): HttpError => {
  if (result.ok || !result.error) throw new Error('expected a failure');
  return result.error;
};

describe('401: a token not accepted vs a push not deletable by viewers', () => {
  async function bobsUndeletablePush(): Promise<string> {
    const bob = { baseUrl: server.url, token: server.users[1]!.token };
    const created = await createPush(bob, { kind: 'text', payload: 'x', deletableByViewer: false });
    if (!created.ok) throw new Error('setup failed');
    return created.value.urlToken;
  }

  it('a JSON 401 on DELETE says the sender did not allow it, on every surface', async () => {
    const urlToken = await bobsUndeletablePush();
    const alice = { baseUrl: server.url, token: server.users[0]!.token };
    const error = errorOf(await expirePush(alice, urlToken));
    expect(error).toMatchObject({ kind: 'unauthorized', serverMessage: 'That push is not deletable by viewers.' });
    expect(explainExpireError(error).message).toMatch(/did not let viewers expire it/);
    expect(explainPushesError(error, 'expire', true).message).toMatch(/Only the owner of this push can expire it/);
    const anonymous = errorOf(await expirePush({ baseUrl: server.url }, urlToken));
    expect(explainExpireFailure(anonymous, 'pw.example').message).toMatch(/only its owner can/);
  });

  it('an empty 401 on DELETE says the token was not accepted (or the instance wants one), on every surface', async () => {
    const urlToken = await bobsUndeletablePush();
    const error = errorOf(await expirePush({ baseUrl: server.url, token: 'revoked-token-000000' }, urlToken));
    expect(error).toEqual({ kind: 'unauthorized', status: 401 });
    expect(explainExpireError(error).message).toMatch(/API token was rejected/);
    expect(explainPushesError(error, 'expire', true).message).toMatch(/API token was rejected/);
    server.setOptions({ allowAnonymous: false });
    const anonymous = errorOf(await expirePush({ baseUrl: server.url }, urlToken));
    expect(explainExpireFailure(anonymous, 'pw.example').message).toMatch(
      /pw.example opens pushes through its API only for signed-in users/,
    );
    expect(explainPushesError(anonymous, 'expire', false).message).toMatch(/only signed-in users expire pushes/);
  });
});

describe('403 from require_mfa', () => {
  beforeEach(() => {
    server.setOptions({ users: server.users.map((user) => ({ ...user, mfaMissing: true })) });
  });

  it('the reference server answers 403 JSON to a token user, and still 401 to a bad token', async () => {
    const alice = { baseUrl: server.url, token: server.users[0]!.token };
    expect(errorOf(await activePushes(alice))).toEqual({
      kind: 'forbidden',
      status: 403,
      serverMessage: 'Two-factor authentication is required. Please set it up to continue.',
    });
    expect(errorOf(await activePushes({ baseUrl: server.url, token: 'nobody-0000000000000' }))).toEqual({
      kind: 'unauthorized',
      status: 401,
    });
    // Anonymous use is not affected.
    expect((await createPush({ baseUrl: server.url }, { kind: 'text', payload: 'x' })).ok).toBe(true);
  });

  it('says two-factor authentication is required: on a push, the lists and the audit log', async () => {
    const alice = { baseUrl: server.url, token: server.users[0]!.token };
    const onCreate = errorOf(await createPush(alice, { kind: 'text', payload: 'x' }));
    expect(explainPushError(onCreate).message).toMatch(/requires two-factor authentication for your account/);
    const onList = errorOf(await activePushes(alice));
    expect(explainPushesError(onList, 'list', true).message).toMatch(/requires two-factor authentication/);
    const onAudit = errorOf(await auditLog(alice, 'abcdefghijklm'));
    expect(explainPushesError(onAudit, 'audit', true).message).toMatch(/requires two-factor authentication/);
  });

  it.each(['de', 'sv', 'fr', 'es'])('recognises it in the account language %s, by where it came from, not by its words', async (lang) => {
    const speaking: typeof fetch = (input, init) =>
      fetch(input, { ...init, headers: { ...(init?.headers ?? {}), 'Accept-Language': lang } });
    const alice = { baseUrl: server.url, token: server.users[0]!.token, fetch: speaking };
    const onCreate = errorOf(await createPush(alice, { kind: 'text', payload: 'x' }));
    expect(onCreate.serverMessage).not.toMatch(/Two-factor/);
    expect(explainPushError(onCreate).message).toMatch(/requires two-factor authentication for your account/);
    const onList = errorOf(await activePushes(alice));
    expect(explainPushesError(onList, 'list', true).message).toMatch(/requires two-factor authentication/);
  });

  it('a proxy’s 403 page is not taken for it', () => {
    expect(explainPushError({ kind: 'forbidden', status: 403 }).message).toBe('The instance refused this for your account.');
  });
});

describe("403 on the commercial edition: an account that is no longer the token's", () => {
  beforeEach(() => {
    server.setOptions({ edition: 'commercial' });
  });

  it('names the account to choose again, not two-factor authentication: on a push, the lists and an expiry', async () => {
    const alice = { baseUrl: server.url, token: server.users[0]!.token, accountId: '999999' };
    const onCreate = errorOf(await createPush(alice, { kind: 'text', payload: 'x' }, 'commercial'));
    expect(onCreate).toMatchObject({ kind: 'forbidden', status: 403 });
    const share = explainShareFailure(onCreate, { kind: 'text', hasToken: true, accountName: 'Ops' });
    expect(share).toEqual({ message: expect.stringMatching(/refused the account “.*Ops.*” for this API token/), next: 'open-options' });
    expect(share.message).not.toMatch(/two-factor/);
    const onList = errorOf(await activePushes(alice));
    expect(explainPushesError(onList, 'list', true, 'Ops')).toMatchObject({ message: expect.stringMatching(/Ops/), next: 'open-options' });
    const onExpire = errorOf(await expirePush(alice, 'abcdefghijklm'));
    expect(explainPushesError(onExpire, 'expire', true, 'Ops').message).toMatch(/refused the account/);
  });

  it('still says two-factor authentication where the server says so, in an account too', async () => {
    server.setOptions({ users: server.users.map((user) => ({ ...user, mfaMissing: true })) });
    const alice = { baseUrl: server.url, token: server.users[0]!.token, accountId: String(server.users[0]!.accounts?.[0]?.id) };
    const onCreate = errorOf(await createPush(alice, { kind: 'text', payload: 'x' }, 'commercial'));
    expect(explainShareFailure(onCreate, { kind: 'text', hasToken: true, accountName: 'Ops' }).message).toMatch(
      /requires two-factor authentication/,
    );
  });
});
