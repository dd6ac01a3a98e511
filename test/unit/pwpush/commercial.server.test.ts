// @vitest-environment node
// The client against the reference server's commercial edition (docs/password-pusher.md#commercial-edition):
// Node's own fetch, as in client.server.test.ts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPwpushServer, type PwpushServer } from '../../servers/pwpush/server.mjs';
import { listAccounts } from '@/lib/pwpush/accounts';
import { activePushes, auditLog, createPush, expirePush, retrievePush, version } from '@/lib/pwpush/client';
import { offersAccounts, offersRequests } from '@/lib/pwpush/edition';
import { closeRequest, createRequest, listRequests } from '@/lib/pwpush/requests';
import type { ClientConfig } from '@/lib/pwpush/types';

let server: PwpushServer;
let alice: ClientConfig;

beforeAll(async () => {
  server = await startPwpushServer({ edition: 'commercial' });
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  alice = { baseUrl: server.url, token: server.users[0]!.token };
});

it('tells accounts and requests from /version', async () => {
  const info = await version({ baseUrl: server.url });
  expect(info.ok && offersAccounts(info.value) && offersRequests(info.value)).toBe(true);
  server.setOptions({ edition: 'oss' });
  const oss = await version({ baseUrl: server.url });
  expect(oss.ok && (offersAccounts(oss.value) || offersRequests(oss.value))).toBe(false);
});

it('lists the token’s accounts by name', async () => {
  expect(await listAccounts(alice)).toEqual({
    ok: true,
    value: [
      { id: '11', name: 'Alice Example', role: 'owner' },
      { id: '12', name: 'Acme Security', role: 'member' },
    ],
  });
  const refused = await listAccounts({ ...alice, token: 'wrong-token-00000000' });
  expect(refused.ok === false && refused.error.kind).toBe('unauthorized');
});

describe('in the chosen account', () => {
  it('pushes there, lists it there, audits and expires it there', async () => {
    const team = { ...alice, accountId: '12' };
    const made = await createPush(team, { kind: 'text', payload: 's3cret', expireAfterDays: 2 }, 'commercial');
    if (!made.ok) throw new Error(JSON.stringify(made.error));
    expect(server.pushes()[0]).toMatchObject({ account: 12, expire_after_days: 2 });
    const teamList = await activePushes(team);
    expect(teamList.ok && teamList.value.items.map((push) => push.urlToken)).toEqual([made.value.urlToken]);
    const ownList = await activePushes(alice);
    expect(ownList.ok && ownList.value.items).toEqual([]);
    expect((await auditLog(team, made.value.urlToken)).ok).toBe(true);
    const expired = await expirePush(team, made.value.urlToken);
    expect(expired.ok && expired.value.deleted).toBe(true);
  });

  it('is refused an account the token does not have, with a 403', async () => {
    const foreign = { ...alice, accountId: '21' };
    const made = await createPush(foreign, { kind: 'text', payload: 's' }, 'commercial');
    expect(made.ok === false && made.error.kind).toBe('forbidden');
    const list = await activePushes(foreign);
    expect(list.ok === false && list.error.kind).toBe('forbidden');
    expect(server.pushes()).toEqual([]);
  });
});

describe('requests', () => {
  it('makes one, sees it answered, reads the answer as its owner, closes another', async () => {
    const team = { ...alice, accountId: '12' };
    const made = await createRequest(team, { text: 'Send me the VPN key', expireAfterDays: 3, name: 'VPN' });
    if (!made.ok) throw new Error(JSON.stringify(made.error));
    expect(made.value.htmlUrl).toBe(`${server.url}/r/${made.value.urlToken}`);
    expect(server.secretRequests()[0]).toMatchObject({ account: 12, expire_after_days: 3, expire_after_duration: 8 });

    const answer = server.answerRequest(made.value.urlToken, 'vpn-key-123');
    const listed = await listRequests(team);
    if (!listed.ok) throw new Error(JSON.stringify(listed.error));
    expect(listed.value.items).toHaveLength(1);
    expect(listed.value.items[0]).toMatchObject({ expired: true, answers: [{ urlToken: answer, expired: false }] });
    const read = await retrievePush(alice, answer!);
    expect(read.ok && read.value.payload).toBe('vpn-key-123');
    expect((await listRequests(alice)).ok && (await listRequests(alice))).toMatchObject({ value: { items: [] } });

    const other = await createRequest(team, { text: 'x' });
    const closed = await closeRequest(team, other.ok ? other.value.urlToken : '');
    expect(closed.ok && closed.value.expired).toBe(true);
  });

  it('refuses a blank text with the server’s field message', async () => {
    const made = await createRequest(alice, { text: '  ' });
    expect(made).toEqual({ ok: false, error: expect.objectContaining({ kind: 'validation', fields: { request: ["can't be blank"] } }) });
  });

  it('finds nothing on OSS: a 404', async () => {
    server.setOptions({ edition: 'oss' });
    const made = await createRequest(alice, { text: 'x' });
    expect(made.ok === false && made.error.kind).toBe('not-found');
  });
});
