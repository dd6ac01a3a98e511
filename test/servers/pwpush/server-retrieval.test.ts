// @vitest-environment node
// Reference server: show, preview, DELETE, audit and the lists (docs/password-pusher.md#show,
// #passphrase, #preview, #audit-log, #delete, #lists).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPwpushServer, type PwpushServer } from './server.mjs';
import { ALICE, BOB, DAY, call, create, manualClock } from './helpers';

const clock = manualClock();
let server: PwpushServer;
beforeAll(async () => {
  server = await startPwpushServer({ now: clock.now });
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const show = (token: string, init: Parameters<typeof call>[2] = {}) => call(server, `/api/v2/pushes/${token}`, init);
const auditKinds = async (token: string) =>
  (await call(server, `/api/v2/pushes/${token}/audit`, { token: ALICE })).json.logs.map((log: { kind: string }) => log.kind);

describe('GET /api/v2/pushes/:token', () => {
  it('returns the payload, then the exhausting view still says expired:false, then 200 expired', async () => {
    const { url_token: token } = await create(server, { payload: 'p@ss', expire_after_views: 2 }, ALICE);
    const first = await show(token);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(first.json).toMatchObject({ payload: 'p@ss', files: [], expired: false, views_remaining: 1 });
    expect(first.json).not.toHaveProperty('note');
    expect(Object.keys(first.json).slice(-2)).toEqual(['payload', 'files']);

    const last = await show(token);
    expect(last.json).toMatchObject({ payload: 'p@ss', expired: false, views_remaining: 0, expired_on: null });

    const after = await show(token);
    expect(after.status).toBe(200);
    expect(after.json).toMatchObject({
      expired: true,
      payload: null,
      files: [],
      passphrase: null,
      views_remaining: 0,
      deleted: false,
      days_remaining: 7,
    });
    expect(after.json.expired_on).toMatch(/Z$/);
    expect(await auditKinds(token)).toEqual(['creation', 'view', 'view', 'failed_view']);
    expect(server.pushes()[0]?.payload).toBeNull();
  });

  it('does not count the owner’s own view', async () => {
    const { url_token: token } = await create(server, { payload: 'mine', expire_after_views: 1 }, ALICE);
    const own = await show(token, { token: ALICE });
    expect(own.json).toMatchObject({ payload: 'mine', views_remaining: 1, expired: false });
    expect((await show(token, { token: BOB })).json).toMatchObject({ payload: 'mine', views_remaining: 0 });
    expect(await auditKinds(token)).toEqual(['creation', 'owner_view', 'view']);
  });

  it('does not count an administrator’s view, not even of their own push (admin_view wins over owner_view)', async () => {
    server.setOptions({
      users: [
        { token: ALICE, email: 'alice@example.com', admin: true },
        { token: BOB, email: 'bob@example.com' },
      ],
    });
    const { url_token: own } = await create(server, { payload: 'mine', expire_after_views: 1 }, ALICE);
    const { url_token: bobs } = await create(server, { payload: 'his', expire_after_views: 1 }, BOB);
    expect((await show(own, { token: ALICE })).json).toMatchObject({ payload: 'mine', views_remaining: 1 });
    expect((await show(bobs, { token: ALICE })).json).toMatchObject({ payload: 'his', views_remaining: 1, expired: false });
    expect(await auditKinds(own)).toEqual(['creation', 'admin_view']);
    const bobsAudit = await call(server, `/api/v2/pushes/${bobs}/audit`, { token: BOB });
    expect(bobsAudit.json.logs.map((log: { kind: string }) => log.kind)).toEqual(['creation', 'admin_view']);
  });

  it('answers 404 not-found for an unknown token', async () => {
    const answer = await show('doesnotexist1');
    expect(answer.status).toBe(404);
    expect(answer.json).toEqual({ error: 'not-found' });
  });

  it('expires lazily once the days have run out; days_remaining counts whole days', async () => {
    const { url_token: token } = await create(server, { payload: 'x', expire_after_days: 3 });
    clock.advance(2 * DAY + 1000);
    expect((await show(token)).json).toMatchObject({ expired: false, days_remaining: 1 });
    clock.advance(DAY);
    expect((await show(token)).json).toMatchObject({ expired: true, days_remaining: 0, payload: null });
  });

  it('keeps a file push open after its last view so the files stay downloadable', async () => {
    const body = new FormData();
    body.append('push[expire_after_views]', '1');
    body.append('push[files][]', new Blob(['data']), 'a.bin');
    const created = await call(server, '/api/v2/pushes', { method: 'POST', token: ALICE, body });
    const token = created.json.url_token;
    const last = await show(token);
    expect(last.json).toMatchObject({ expired: false, views_remaining: 0 });
    expect(await (await fetch(last.json.files[0].url)).text()).toBe('data');
    expect((await call(server, '/api/v2/pushes/active', { token: ALICE })).json).toHaveLength(1);
    expect((await show(token)).json).toMatchObject({ expired: true, files: [] });
    expect((await fetch(last.json.files[0].url)).status).toBe(404);
  });

  describe('passphrase', () => {
    const WRONG = {
      error: 'That passphrase is incorrect.',
      message: "This push requires a passphrase. Please provide it using the 'passphrase' parameter (e.g. ?passphrase=mysecret)",
      status: 'unauthorized',
    };

    it('answers 401 JSON without or with a wrong passphrase, logged as failed_passphrase, not a view', async () => {
      const { url_token: token } = await create(server, { payload: 'x', passphrase: 'right' }, ALICE);
      for (const query of ['', '?passphrase=wrong']) {
        const answer = await show(`${token}${query}`);
        expect(answer.status).toBe(401);
        expect(answer.json).toEqual(WRONG);
      }
      const right = await show(`${token}?passphrase=right`);
      expect(right.json).toMatchObject({ payload: 'x', passphrase: 'right', views_remaining: 4 });
      expect(await auditKinds(token)).toEqual(['creation', 'failed_passphrase', 'failed_passphrase', 'view']);
    });

    it('asks the owner for it too', async () => {
      const { url_token: token } = await create(server, { payload: 'x', passphrase: 'right' }, ALICE);
      expect((await show(token, { token: ALICE })).status).toBe(401);
    });

    it('limits requests carrying a passphrase to 5 per minute per token: the 6th gets 429', async () => {
      const { url_token: token } = await create(server, { payload: 'x', passphrase: 'right', expire_after_views: 10 });
      const other = (await create(server, { payload: 'y', passphrase: 'right' })).url_token;
      const statuses = [];
      for (const guess of ['a', 'b', 'c', 'd', 'right', 'right']) statuses.push((await show(`${token}?passphrase=${guess}`)).status);
      expect(statuses).toEqual([401, 401, 401, 401, 200, 429]);
      expect((await show(`${token}?passphrase=right`)).json).toEqual({
        error: 'Too many passphrase attempts. Please try again in a minute.',
      });
      expect((await show(token)).status).toBe(401);
      expect((await show(`${other}?passphrase=right`)).status).toBe(200);
      clock.advance(60_000);
      expect((await show(`${token}?passphrase=right`)).status).toBe(200);
    });

    it('is not asked for once the push has expired', async () => {
      const { url_token: token } = await create(server, { payload: 'x', passphrase: 'right', expire_after_views: 1 });
      await show(`${token}?passphrase=right`);
      expect((await show(token)).json).toMatchObject({ expired: true, passphrase: null });
    });
  });
});

describe('GET /api/v2/pushes/:token/preview', () => {
  it('answers the html_url without counting a view, also once expired', async () => {
    const record = await create(server, { payload: 'x', expire_after_views: 1 });
    const preview = await call(server, `/api/v2/pushes/${record.url_token}/preview`);
    expect(preview.json).toEqual({ url: record.html_url });
    expect(server.pushes()[0]?.audit.map((entry) => entry.kind)).toEqual(['creation']);
    await show(record.url_token);
    await show(record.url_token);
    expect((await call(server, `/api/v2/pushes/${record.url_token}/preview`)).json).toEqual({ url: record.html_url });
    expect((await call(server, '/api/v2/pushes/nope12345678/preview')).status).toBe(404);
  });
});

describe('DELETE /api/v2/pushes/:token', () => {
  const del = (token: string, auth?: string) => call(server, `/api/v2/pushes/${token}`, { method: 'DELETE', token: auth });

  it('lets the owner expire a push that viewers may not delete', async () => {
    const record = await create(server, { payload: 'x', passphrase: 'pp', deletable_by_viewer: false, note: 'n' }, ALICE);
    const answer = await del(record.url_token, ALICE);
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.json)).toEqual(Object.keys(record).filter((key) => key !== 'note' && key !== 'name'));
    expect(answer.json).toMatchObject({ expired: true, deleted: true, passphrase: null, deletable_by_viewer: false });
    expect(answer.json.expired_on).toMatch(/Z$/);
    expect(await auditKinds(record.url_token)).toEqual(['creation', 'expire']);
    expect((await show(record.url_token)).json).toMatchObject({ expired: true, deleted: true, payload: null });
  });

  it('lets any viewer expire a deletable push', async () => {
    const record = await create(server, { payload: 'x', deletable_by_viewer: true }, ALICE);
    expect((await del(record.url_token)).json).toMatchObject({ expired: true, deleted: true });
  });

  it.each([
    ['an anonymous viewer', undefined],
    ['another user', BOB],
  ])('answers 401 (not 403) to %s when the push is not deletable by viewers', async (_name, auth) => {
    const record = await create(server, { payload: 'x', deletable_by_viewer: false }, ALICE);
    const answer = await del(record.url_token, auth);
    expect(answer.status).toBe(401);
    expect(answer.json).toEqual({ error: 'That push is not deletable by viewers.' });
  });

  it('keeps URL pushes owner-only', async () => {
    const record = await create(server, { kind: 'url', payload: 'https://example.com' }, ALICE);
    expect((await del(record.url_token)).status).toBe(401);
  });

  it('answers an already expired push with its state and logs nothing new', async () => {
    const record = await create(server, { payload: 'x', expire_after_views: 1 }, ALICE);
    await show(record.url_token);
    await show(record.url_token);
    const answer = await del(record.url_token, ALICE);
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ expired: true, deleted: false });
    expect(await auditKinds(record.url_token)).toEqual(['creation', 'view', 'failed_view']);
  });

  it('answers 404 for an unknown token', async () => {
    expect((await del('nope12345678', ALICE)).json).toEqual({ error: 'not-found' });
  });
});

describe('GET /api/v2/pushes/:token/audit', () => {
  it('lists events oldest first with the visitor’s address, agent and referrer', async () => {
    const { url_token: token } = await create(server, { payload: 'x' }, ALICE);
    clock.advance(1000);
    await show(token, { headers: { 'user-agent': 'curl/8.5.0', referer: 'https://chat.example/', 'x-forwarded-for': '198.51.100.2' } });
    const answer = await call(server, `/api/v2/pushes/${token}/audit`, { token: ALICE });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.json)).toEqual(['logs']);
    const [creation, view] = answer.json.logs;
    expect(Object.keys(view)).toEqual(['ip', 'user_agent', 'referrer', 'kind', 'created_at', 'updated_at']);
    expect(creation).toMatchObject({ kind: 'creation', ip: '127.0.0.1' });
    expect(view).toMatchObject({ kind: 'view', ip: '198.51.100.2', user_agent: 'curl/8.5.0', referrer: 'https://chat.example/' });
    expect(Date.parse(view.created_at) - Date.parse(creation.created_at)).toBe(1000);
  });

  it('answers 403 for someone else’s push and 404 for an unknown one', async () => {
    const { url_token: token } = await create(server, { payload: 'x' }, ALICE);
    const foreign = await call(server, `/api/v2/pushes/${token}/audit`, { token: BOB });
    expect(foreign.status).toBe(403);
    expect(foreign.json).toEqual({ error: "That push doesn't belong to you." });
    const anonymousPush = (await create(server, { payload: 'x' })).url_token;
    expect((await call(server, `/api/v2/pushes/${anonymousPush}/audit`, { token: ALICE })).status).toBe(403);
    expect((await call(server, '/api/v2/pushes/nope12345678/audit', { token: ALICE })).json).toEqual({ error: 'not-found' });
  });

  it('pages by 50', async () => {
    // 62 requests in one second of the stopped clock: past the throttle, which is not what this is about.
    server.setOptions({ paginationHeaders: true, throttle: false });
    const { url_token: token } = await create(server, { payload: 'x', expire_after_views: 100 }, ALICE);
    for (let i = 0; i < 60; i++) await show(token, { token: ALICE });
    const page2 = await call(server, `/api/v2/pushes/${token}/audit?page=2`, { token: ALICE });
    expect(page2.json.logs).toHaveLength(11);
    expect(page2.headers.get('x-total')).toBe('61');
    expect(page2.headers.get('x-total-pages')).toBe('2');
  });
});

describe('GET /api/v2/pushes/active and /expired', () => {
  it('answer bare arrays of the caller’s pushes, newest first, with note and name', async () => {
    const older = await create(server, { payload: 'a', name: 'older', note: 'n1', passphrase: 'pp' }, ALICE);
    clock.advance(1000);
    const newer = await create(server, { payload: 'b', name: 'newer', expire_after_views: 1 }, ALICE);
    await create(server, { payload: 'c' }, BOB);
    await create(server, { payload: 'd' });

    const active = await call(server, '/api/v2/pushes/active', { token: ALICE });
    expect(active.json.map((push: { name: string }) => push.name)).toEqual(['newer', 'older']);
    expect(Object.keys(active.json[1]).slice(-2)).toEqual(['note', 'name']);
    expect(active.json[1]).toMatchObject({ note: 'n1', passphrase: 'pp' });
    expect(active.json[1]).not.toHaveProperty('payload');

    await show(newer.url_token);
    const expired = await call(server, '/api/v2/pushes/expired', { token: ALICE });
    expect(expired.json).toEqual([expect.objectContaining({ url_token: newer.url_token, expired: true, passphrase: null, name: 'newer' })]);
    expect((await call(server, '/api/v2/pushes/active', { token: ALICE })).json.map((p: { url_token: string }) => p.url_token)).toEqual([
      older.url_token,
    ]);
  });

  describe('paging', () => {
    beforeEach(async () => {
      for (let i = 0; i < 51; i++) await create(server, { payload: `p${i}`, name: `n${i}` }, ALICE);
    });
    const list = (query: string) => call(server, `/api/v2/pushes/active${query}`, { token: ALICE });

    it('serves 50 per page, then [] past the end', async () => {
      expect((await list('')).json).toHaveLength(50);
      expect((await list('?page=2')).json.map((push: { name: string }) => push.name)).toEqual(['n0']);
      expect((await list('?page=3')).json).toEqual([]);
    });

    it('sends the pagination headers when asked to (a release after 2.11.4)', async () => {
      server.setOptions({ paginationHeaders: true });
      const page2 = await list('?page=2');
      expect(page2.headers.get('x-page')).toBe('2');
      expect(page2.headers.get('x-per-page')).toBe('50');
      expect(page2.headers.get('x-total')).toBe('51');
      expect(page2.headers.get('x-total-pages')).toBe('2');
      const link = `${server.url}/api/v2/pushes/active`;
      expect(page2.headers.get('link')).toBe(`<${link}?page=1>; rel="first", <${link}?page=1>; rel="prev", <${link}?page=2>; rel="last"`);
      expect((await list('')).headers.get('link')).toContain(`<${link}?page=2>; rel="next"`);
    });

    it('leaves them out by default, as real 2.11.4', async () => {
      const answer = await list('?page=2');
      expect(answer.json).toHaveLength(1);
      expect(['link', 'x-page', 'x-total'].map((name) => answer.headers.get(name))).toEqual([null, null, null]);
    });

    it.each([
      ['?page=0', 50],
      ['?page=-3', 50],
      ['?page=1', 50],
    ])('coerces %s to page 1', async (query, length) => {
      expect((await list(query)).json).toHaveLength(length);
    });

    it.each(['?page=abc', '?page=', '?page=1.5', '?page=201'])('answers 400 without headers for %s', async (query) => {
      const answer = await list(query);
      expect(answer.status).toBe(400);
      expect(answer.json).toEqual({ error: 'Invalid page parameter' });
      expect(answer.headers.get('x-page')).toBeNull();
      expect(answer.headers.get('link')).toBeNull();
    });

    it('accepts page 200 (empty)', async () => {
      expect((await list('?page=200')).json).toEqual([]);
    });
  });
});
