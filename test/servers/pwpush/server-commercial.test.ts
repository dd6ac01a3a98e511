// @vitest-environment node
// Reference server, commercial edition: version, accounts and `account_id`, requests
// (docs/password-pusher.md#commercial-edition). The OSS default is held by the other files here.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPwpushServer, type PwpushServer } from './server.mjs';
import { ALICE, BOB, call, create } from './helpers';

let server: PwpushServer;
beforeAll(async () => {
  server = await startPwpushServer({ edition: 'commercial' });
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const ALICE_OWN = 11;
const TEAM = 12;
const BOB_OWN = 21;

const newRequest = (fields: Record<string, unknown>, extra: Record<string, unknown> = {}, token = ALICE) =>
  call(server, '/api/v2/requests', { method: 'POST', token, json: { request: fields, ...extra } });

describe('GET /api/v2/version on the commercial edition', () => {
  it('says commercial, with accounts and requests on', async () => {
    const { json } = await call(server, '/api/v2/version');
    expect(json.edition).toBe('commercial');
    expect(json.api_version).toBe('2.1');
    expect(json.features.accounts).toEqual({ enabled: true });
    expect(json.features.requests).toEqual({ enabled: true, email_auto_dispatch: false });
  });

  it('says the requests e-mail with SMTP set, and no requests when they are off', async () => {
    server.setOptions({ emailConfigured: true });
    expect((await call(server, '/api/v2/version')).json.features.requests).toEqual({ enabled: true, email_auto_dispatch: true });
    server.setOptions({ requestsEnabled: false });
    expect((await call(server, '/api/v2/version')).json.features.requests).toEqual({ enabled: false });
    expect((await call(server, '/api/v2/requests', { token: ALICE, headers: { accept: 'application/json' } })).status).toBe(404);
  });
});

describe('the OSS edition has none of it', () => {
  it.each([
    ['GET', '/api/v2/accounts'],
    ['GET', '/api/v2/requests'],
    ['POST', '/api/v2/requests'],
  ])('%s %s is unrouted', async (method, path) => {
    const oss = await startPwpushServer();
    try {
      const answer = await call(oss, path, {
        method,
        token: ALICE,
        headers: { accept: 'application/json' },
        json: method === 'POST' ? { request: { request: 'x' } } : undefined,
      });
      expect(answer.status).toBe(404);
      expect(answer.json).toEqual({ status: 404, error: 'Not Found' });
    } finally {
      await oss.close();
    }
  });

  it('drops account_id on create and the lists', async () => {
    const oss = await startPwpushServer();
    try {
      const created = await call(oss, '/api/v2/pushes', {
        method: 'POST',
        token: ALICE,
        json: { push: { payload: 'x' }, account_id: 999 },
      });
      expect(created.status).toBe(201);
      expect(oss.pushes()[0]!.account).toBeNull();
      const listed = await call(oss, '/api/v2/pushes/active?account_id=999', { token: ALICE });
      expect(listed.json.map((push: { url_token: string }) => push.url_token)).toEqual([created.json.url_token]);
    } finally {
      await oss.close();
    }
  });
});

describe('GET /api/v2/accounts', () => {
  it('lists the token user’s accounts as a bare array', async () => {
    const answer = await call(server, '/api/v2/accounts', { token: ALICE });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual([
      { id: ALICE_OWN, name: 'Alice Example', role: 'owner' },
      { id: TEAM, name: 'Acme Security', role: 'member' },
    ]);
    expect((await call(server, '/api/v2/accounts', { token: BOB })).json).toEqual([{ id: BOB_OWN, name: 'Bob Example', role: 'owner' }]);
  });

  it.each([
    ['no token', undefined],
    ['a wrong token', 'not-a-token'],
    ['an empty Bearer', ''],
  ])('answers an empty 401 to %s', async (_, token) => {
    const answer = await call(server, '/api/v2/accounts', { token });
    expect(answer.status).toBe(401);
    expect(answer.text).toBe('');
  });

  it('gives a user without accounts one of its own', async () => {
    const other = await startPwpushServer({
      edition: 'commercial',
      users: [{ token: 'carol-token-000000000', email: 'carol@example.com' }],
    });
    try {
      expect((await call(other, '/api/v2/accounts', { token: 'carol-token-000000000' })).json).toEqual([
        { id: 1000, name: 'carol@example.com', role: 'owner' },
      ]);
    } finally {
      await other.close();
    }
  });
});

describe('account_id on create', () => {
  it('puts a push in the account named beside `push`, else in the user’s first', async () => {
    const team = await call(server, '/api/v2/pushes', { method: 'POST', token: ALICE, json: { push: { payload: 'a' }, account_id: TEAM } });
    const own = await create(server, { payload: 'b' }, ALICE);
    expect(team.status).toBe(201);
    const byToken = new Map(server.pushes().map((push) => [push.url_token, push.account]));
    expect(byToken.get(team.json.url_token)).toBe(TEAM);
    expect(byToken.get(own.url_token)).toBe(ALICE_OWN);
  });

  it('takes it as a string, in the query and in a multipart body too', async () => {
    await call(server, '/api/v2/pushes', { method: 'POST', token: ALICE, json: { push: { payload: 'a' }, account_id: String(TEAM) } });
    await call(server, `/api/v2/pushes?account_id=${TEAM}`, { method: 'POST', token: ALICE, json: { push: { payload: 'b' } } });
    const form = new FormData();
    form.append('push[payload]', 'c');
    form.append('account_id', String(TEAM));
    await call(server, '/api/v2/pushes', { method: 'POST', token: ALICE, body: form });
    expect(server.pushes().map((push) => push.account)).toEqual([TEAM, TEAM, TEAM]);
  });

  it('refuses an account that is not the token’s with a 403, and makes nothing', async () => {
    for (const account of [BOB_OWN, 'abc', 0]) {
      const answer = await call(server, '/api/v2/pushes', {
        method: 'POST',
        token: ALICE,
        json: { push: { payload: 'a' }, account_id: account },
      });
      expect(answer.status).toBe(403);
      expect(answer.json).toEqual({ error: 'You do not have access to this account.' });
    }
    expect(server.pushes()).toEqual([]);
  });

  it('has no account for an anonymous push', async () => {
    await create(server, { payload: 'a' });
    expect(server.pushes()[0]!.account).toBeNull();
  });
});

describe('the lists, audit and expire by account', () => {
  it('lists one account’s pushes: the one asked for, else the first', async () => {
    const own = await create(server, { payload: 'a' }, ALICE);
    const team = await call(server, '/api/v2/pushes', { method: 'POST', token: ALICE, json: { push: { payload: 'b' }, account_id: TEAM } });
    const tokens = async (query: string) =>
      (await call(server, `/api/v2/pushes/active${query}`, { token: ALICE })).json.map((push: { url_token: string }) => push.url_token);
    expect(await tokens('')).toEqual([own.url_token]);
    expect(await tokens(`?account_id=${TEAM}`)).toEqual([team.json.url_token]);
    expect(await tokens(`?account_id=${ALICE_OWN}&page=1`)).toEqual([own.url_token]);
    const refused = await call(server, `/api/v2/pushes/expired?account_id=${BOB_OWN}`, { token: ALICE });
    expect(refused.status).toBe(403);
  });

  it('lets every member of a push’s account read its audit and expire it, and nobody else', async () => {
    const team = [{ id: 50, name: 'Team', role: 'member' }];
    const shared = await startPwpushServer({
      edition: 'commercial',
      users: [
        { token: 'ann-token-00000000000', email: 'ann@example.com', accounts: [{ id: 40, name: 'Ann', role: 'owner' }, ...team] },
        { token: 'ben-token-00000000000', email: 'ben@example.com', accounts: [{ id: 41, name: 'Ben', role: 'owner' }, ...team] },
        { token: 'cid-token-00000000000', email: 'cid@example.com', accounts: [{ id: 42, name: 'Cid', role: 'owner' }] },
      ],
    });
    try {
      const made = await call(shared, '/api/v2/pushes', {
        method: 'POST',
        token: 'ann-token-00000000000',
        json: { push: { payload: 'x' }, account_id: 50 },
      });
      const token = made.json.url_token;
      expect((await call(shared, `/api/v2/pushes/${token}/audit`, { token: 'ben-token-00000000000' })).status).toBe(200);
      expect((await call(shared, `/api/v2/pushes/${token}/audit?account_id=41`, { token: 'ben-token-00000000000' })).status).toBe(200);
      expect((await call(shared, `/api/v2/pushes/${token}/audit`, { token: 'cid-token-00000000000' })).status).toBe(403);
      expect((await call(shared, `/api/v2/pushes/${token}/audit?account_id=40`, { token: 'ben-token-00000000000' })).status).toBe(403);
      // A team list shows a teammate's push.
      const listed = await call(shared, '/api/v2/pushes/active?account_id=50', { token: 'ben-token-00000000000' });
      expect(listed.json.map((push: { url_token: string }) => push.url_token)).toEqual([token]);
      // URL pushes are never deletable by viewers: only the account may expire one.
      const url = await call(shared, '/api/v2/pushes', {
        method: 'POST',
        token: 'ann-token-00000000000',
        json: { push: { payload: 'https://example.com', kind: 'url' }, account_id: 50 },
      });
      expect(
        (await call(shared, `/api/v2/pushes/${url.json.url_token}`, { method: 'DELETE', token: 'cid-token-00000000000' })).status,
      ).toBe(401);
      const expired = await call(shared, `/api/v2/pushes/${url.json.url_token}`, { method: 'DELETE', token: 'ben-token-00000000000' });
      expect(expired.status).toBe(200);
      expect(expired.json.deleted).toBe(true);
    } finally {
      await shared.close();
    }
  });

  it('seeds a token user’s push into their first account', () => {
    server.seed([{ owner: 'alice@example.com' }, { owner: 'alice@example.com', account: TEAM }, {}]);
    expect(server.pushes().map((push) => push.account)).toEqual([ALICE_OWN, TEAM, null]);
  });
});

describe('POST /api/v2/requests', () => {
  it('makes a request in the chosen account and answers its record', async () => {
    const answer = await newRequest(
      {
        request: 'Send me the VPN password',
        name: 'VPN',
        note: 'ticket 7',
        expire_after_duration: 8,
        expire_after_views: 2,
        retrieval_step: false,
      },
      { account_id: TEAM },
    );
    expect(answer.status).toBe(201);
    expect(answer.json).toMatchObject({
      html_url: `${server.url}/r/${answer.json.url_token}`,
      request: 'Send me the VPN password',
      name: 'VPN',
      note: 'ticket 7',
      expire_after_duration: 8,
      expire_after_days: 3,
      expire_after_views: 2,
      views_remaining: 2,
      retrieval_step: false,
      expired: false,
      responses: [],
    });
    expect(server.secretRequests()).toEqual([
      expect.objectContaining({ url_token: answer.json.url_token, owner: 'alice@example.com', account: TEAM }),
    ]);
  });

  it.each([
    ['close_after_duration, the hosted reference’s name', { close_after_duration: 13 }, 14],
    ['expire_after_duration, what pwpush-cli sends', { expire_after_duration: 7 }, 2],
    ['close_after_duration first when both come', { close_after_duration: 6, expire_after_duration: 17 }, 1],
    ['neither: a week', {}, 7],
    ['no code: a week', { close_after_duration: 40 }, 7],
  ])('takes its days from %s', async (_, fields, days) => {
    const answer = await newRequest({ request: 'x', ...fields });
    expect(answer.json.expire_after_days).toBe(days);
  });

  it('needs a token: an empty 401 otherwise, even with anonymous access on', async () => {
    const answer = await call(server, '/api/v2/requests', { method: 'POST', json: { request: { request: 'x' } } });
    expect(answer.status).toBe(401);
    expect(answer.text).toBe('');
  });

  it.each([
    ['no wrapper', { request: undefined }, 400, { error: 'param is missing or the value is empty or invalid: request' }],
    ['an empty wrapper', { request: {} }, 400, { error: 'param is missing or the value is empty or invalid: request' }],
    ['a blank text', { request: { request: '  ' } }, 422, { request: ["can't be blank"] }],
  ])('refuses %s', async (_, body, status, json) => {
    const answer = await call(server, '/api/v2/requests', { method: 'POST', token: ALICE, json: body });
    expect(answer.status).toBe(status);
    expect(answer.json).toEqual(json);
  });

  it('refuses e-mail fields without SMTP, as a push does', async () => {
    const answer = await newRequest({ request: 'x', notify_emails_to: 'a@example.com' });
    expect(answer.status).toBe(422);
    expect(answer.json.base).toEqual(['Notify by email feature is not enabled']);
    server.setOptions({ emailConfigured: true });
    const sent = await newRequest({ request: 'x', notify_emails_to: 'a@example.com', notify_emails_to_locale: 'sv' });
    expect(sent.status).toBe(201);
    expect(sent.json.notify_emails_to).toBe('a@example.com');
  });

  it('refuses another’s account with a 403', async () => {
    const answer = await newRequest({ request: 'x' }, { account_id: BOB_OWN });
    expect(answer.status).toBe(403);
    expect(server.secretRequests()).toEqual([]);
  });
});

describe('a request’s life: link, answers, list, close', () => {
  it('is answered at its link, the answer a push of the requester’s in the request’s account', async () => {
    const made = (await newRequest({ request: 'Send me the <b>key</b>' }, { account_id: TEAM })).json;
    const page = await call(server, `/r/${made.url_token}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Send me the &#60;b&#62;key&#60;/b&#62;');
    const answered = await call(server, `/r/${made.url_token}`, {
      method: 'POST',
      body: new URLSearchParams({ payload: 'hunter2' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(answered.status).toBe(200);
    const [request] = server.secretRequests();
    expect(request).toMatchObject({ expired: true, views_remaining: 0, responses: [expect.objectContaining({ expired: false })] });
    const response = server.pushes().find((push) => push.url_token === request!.responses[0]!.url_token)!;
    expect(response).toMatchObject({ owner: 'alice@example.com', account: TEAM, payload: 'hunter2', kind: 'text' });
    // The requester reads it as its owner: no view counted.
    const read = await call(server, `/api/v2/pushes/${response.url_token}`, { token: ALICE });
    expect(read.json.payload).toBe('hunter2');
    expect(read.json.views_remaining).toBe(5);
    // One answer closed it: the page says so and takes no more.
    expect((await call(server, `/r/${made.url_token}`)).text).toContain('This request has been closed.');
    expect(server.answerRequest(made.url_token, 'again')).toBeNull();
  });

  it('takes as many answers as expire_after_views says', async () => {
    const made = (await newRequest({ request: 'x', expire_after_views: 2 })).json;
    expect(server.answerRequest(made.url_token, 'one')).not.toBeNull();
    expect(server.secretRequests()[0]!.expired).toBe(false);
    expect(server.answerRequest(made.url_token, 'two')).not.toBeNull();
    expect(server.secretRequests()[0]).toMatchObject({ expired: true, views_remaining: 0 });
    expect(server.secretRequests()[0]!.responses).toHaveLength(2);
  });

  it('closes when its days run out', async () => {
    const made = (await newRequest({ request: 'x', expire_after_duration: 6 })).json;
    server.advanceTime(86_400_000);
    expect(server.answerRequest(made.url_token, 'late')).toBeNull();
    expect(server.secretRequests()[0]!.expired).toBe(true);
  });

  it('lists the account’s requests, newest first, with their answers', async () => {
    const first = (await newRequest({ request: 'a' })).json;
    const second = (await newRequest({ request: 'b' })).json;
    const team = (await newRequest({ request: 'c' }, { account_id: TEAM })).json;
    server.answerRequest(first.url_token, 'secret');
    const own = await call(server, '/api/v2/requests', { token: ALICE });
    expect(own.status).toBe(200);
    expect(own.json.map((r: { url_token: string }) => r.url_token)).toEqual([second.url_token, first.url_token]);
    expect(own.json[1].responses).toHaveLength(1);
    const teamList = await call(server, `/api/v2/requests?account_id=${TEAM}`, { token: ALICE });
    expect(teamList.json.map((r: { url_token: string }) => r.url_token)).toEqual([team.url_token]);
    expect((await call(server, '/api/v2/requests?page=abc', { token: ALICE })).status).toBe(400);
    expect((await call(server, '/api/v2/requests', { token: BOB })).json).toEqual([]);
    expect((await call(server, '/api/v2/requests')).status).toBe(401);
  });

  it('previews, shows and closes for the account’s members only', async () => {
    const made = (await newRequest({ request: 'x' })).json;
    const preview = await call(server, `/api/v2/requests/${made.url_token}/preview`, { token: ALICE });
    expect(preview.json).toEqual({ url: `${server.url}/r/${made.url_token}` });
    expect((await call(server, `/api/v2/requests/${made.url_token}`, { token: ALICE })).json.url_token).toBe(made.url_token);
    expect((await call(server, `/api/v2/requests/${made.url_token}`, { token: BOB })).status).toBe(403);
    expect((await call(server, '/api/v2/requests/nosuchtoken', { token: ALICE })).json).toEqual({ error: 'not-found' });
    const closed = await call(server, `/api/v2/requests/${made.url_token}`, { method: 'DELETE', token: ALICE });
    expect(closed.status).toBe(200);
    expect(closed.json.expired).toBe(true);
    expect(server.answerRequest(made.url_token, 'too late')).toBeNull();
  });

  it('answers over the control API too', async () => {
    const made = (await newRequest({ request: 'x' })).json;
    const answered = await call(server, '/__control/answer', {
      method: 'POST',
      json: { urlToken: made.url_token, payload: 'via control' },
    });
    expect(answered.json.urlToken).toBe(server.secretRequests()[0]!.responses[0]!.url_token);
    const listed = await call(server, '/__control/secret-requests');
    expect(listed.json[0]).toMatchObject({ url_token: made.url_token, owner: 'alice@example.com', expired: true });
  });

  it('leaves /r/<token> the legacy redirect when no request has that token', async () => {
    const answer = await call(server, '/r/abcdefghijk');
    expect(answer.status).toBe(301);
    expect(answer.headers.get('location')).toBe(`${server.url}/p/abcdefghijk`);
  });
});
