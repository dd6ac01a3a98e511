// @vitest-environment node
// Reference server: what changes between Password Pusher 2.4.1, 2.8.2 and 2.11.4
// (docs/password-pusher.md#versions).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPwpushServer, VERSIONS, type PwpushServer } from './server.mjs';
import { ALICE, call, create } from './helpers';

let server: PwpushServer;
beforeAll(async () => {
  server = await startPwpushServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const JSON_ACCEPT = { accept: 'application/json' };

describe('version setting', () => {
  it('defaults to 2.11.4 and reports the imitated release', async () => {
    expect((await call(server, '/api/v2/version')).json.application_version).toBe('2.11.4');
    for (const version of VERSIONS) {
      server.setOptions({ version });
      expect((await call(server, '/api/v2/version', { headers: JSON_ACCEPT })).json.application_version).toBe(version);
    }
  });

  it('is taken at start and through the control API', async () => {
    const old = await startPwpushServer({ version: '2.8.2' });
    try {
      expect((await call(old, '/api/v2/version')).json.application_version).toBe('2.8.2');
      const set = await call(old, '/__control/options', { method: 'POST', json: { version: '2.4.1' } });
      expect(set.status).toBe(200);
      expect((await call(old, '/api/v2/version', { headers: JSON_ACCEPT })).json.application_version).toBe('2.4.1');
      old.reset();
      expect((await call(old, '/api/v2/version')).json.application_version).toBe('2.8.2');
    } finally {
      await old.close();
    }
  });

  it('refuses non-versions', async () => {
    expect(() => server.setOptions({ version: 'latest' })).toThrow(/version/);
    expect(() => server.setOptions({ version: '0.9.0' })).toThrow(/version/);
  });

  it('before 2.3.0 has no API v2: /api/v2/version is a 404', async () => {
    server.setOptions({ version: '2.2.0' });
    const answer = await call(server, '/api/v2/version', { headers: JSON_ACCEPT });
    expect(answer.status).toBe(404);
    expect(answer.json).toEqual({ status: 404, error: 'Not Found' });
  });
});

describe.each([
  ['2.4.1', false],
  ['2.8.2', true],
  ['2.11.4', true],
])('GET /api/v2/version as %s', (version, features) => {
  it(`${features ? 'has' : 'has no'} features`, async () => {
    server.setOptions({ version });
    const { json } = await call(server, '/api/v2/version', { headers: JSON_ACCEPT });
    expect(json.api_version).toBe(features ? '2.1' : '2.0');
    expect('features' in json).toBe(features);
  });
});

describe('response format', () => {
  it.each(['2.3.0', '2.4.1', '2.7.2'])('%s answers /version in JSON without Accept or .json too (`render json:`)', async (version) => {
    server.setOptions({ version });
    const plain = await call(server, '/api/v2/version');
    expect(plain.headers.get('content-type')).toMatch(/^application\/json/);
    expect(plain.json.application_version).toBe(version);
    expect((await call(server, '/api/v2/version.json')).json.application_version).toBe(version);
    expect((await call(server, '/api/v2/version', { headers: JSON_ACCEPT })).json.application_version).toBe(version);
  });

  it('2.4.1 forces JSON in the pushes controller only', async () => {
    server.setOptions({ version: '2.4.1' });
    const answer = await call(server, '/api/v2/pushes', { method: 'POST', json: { push: { payload: 'x' } } });
    expect(answer.status).toBe(201);
  });

  it('before 2.4.1 every v2 action picks its format from Accept', async () => {
    server.setOptions({ version: '2.3.0' });
    const html = await call(server, '/api/v2/pushes/active', { token: ALICE });
    expect(html.headers.get('content-type')).toMatch(/^text\/html/);
    expect((await call(server, '/api/v2/pushes/active', { token: ALICE, headers: JSON_ACCEPT })).json).toEqual([]);
  });

  it.each(['2.8.2', '2.11.4'])('%s answers JSON without Accept', async (version) => {
    server.setOptions({ version });
    expect((await call(server, '/api/v2/version')).json.application_version).toBe(version);
  });
});

describe('audit', () => {
  it.each([
    ['2.4.1', 'views'],
    ['2.8.2', 'views'],
    ['2.11.4', 'logs'],
  ])('%s answers {"%s": [...]}', async (version, key) => {
    server.setOptions({ version });
    const { url_token: token } = await create(server, { payload: 'x' }, ALICE);
    const { json } = await call(server, `/api/v2/pushes/${token}/audit`, { token: ALICE });
    expect(Object.keys(json)).toEqual([key]);
    expect(json[key]).toEqual([expect.objectContaining({ kind: 'creation', ip: '127.0.0.1' })]);
  });
});

describe('passphrase rate limit', () => {
  it.each([
    ['2.8.2', [401, 401, 401, 401, 401, 401]],
    ['2.11.4', [401, 401, 401, 401, 401, 429]],
  ])('%s: six wrong passphrases in a minute answer %j', async (version, expected) => {
    server.setOptions({ version });
    const { url_token: token } = await create(server, { payload: 'x', passphrase: 'right' }, ALICE);
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await call(server, `/api/v2/pushes/${token}?passphrase=wrong`)).status);
    expect(statuses).toEqual(expected);
  });
});

describe('expiring an anonymous push without a token', () => {
  it.each([
    ['2.4.1', 200],
    ['2.8.2', 200],
    ['2.11.4', 401],
  ])('%s answers %i (the nil-owner bug before 2.9.6)', async (version, status) => {
    server.setOptions({ version });
    const { url_token: token } = await create(server, { payload: 'x', deletable_by_viewer: false });
    expect((await call(server, `/api/v2/pushes/${token}`, { method: 'DELETE' })).status).toBe(status);
    // A token user never owned someone else's anonymous push.
    const other = await create(server, { payload: 'y', deletable_by_viewer: false });
    expect((await call(server, `/api/v2/pushes/${other.url_token}`, { method: 'DELETE', token: ALICE })).status).toBe(401);
  });
});

describe('expiring an anonymous push by its link, as a lockdown does (docs/password-pusher.md#delete)', () => {
  it.each([
    ['2.9.5', 'text', false, 'no token', 200],
    ['2.9.6', 'text', false, 'no token', 401],
    ['2.9.6', 'text', true, 'no token', 200],
    ['2.8.2', 'url', null, 'no token', 200],
    ['2.11.4', 'url', null, 'no token', 401],
    ['2.11.4', 'text', true, 'a token', 200],
    ['2.8.2', 'text', false, 'a token', 401],
  ] as const)('%s, a %s push, deletable by viewers %s, asked with %s: %i', async (version, kind, deletable, asked, status) => {
    server.setOptions({ version });
    const fields = kind === 'url' ? { kind, payload: 'https://example.com/x' } : { payload: 'x', deletable_by_viewer: deletable };
    const { url_token: token } = await create(server, fields);
    const answer = await call(server, `/api/v2/pushes/${token}`, { method: 'DELETE', ...(asked === 'a token' ? { token: ALICE } : {}) });
    expect(answer.status).toBe(status);
    expect(server.pushes()[0]?.expired).toBe(status === 200);
    if (status === 401) expect(answer.json).toEqual({ error: 'That push is not deletable by viewers.' });
  });

  it('with anonymous access off, a request without a token meets the gate (an empty 401); the token passes it', async () => {
    const { url_token: token } = await create(server, { payload: 'x', deletable_by_viewer: true });
    server.setOptions({ allowAnonymous: false });
    const refused = await call(server, `/api/v2/pushes/${token}`, { method: 'DELETE' });
    expect([refused.status, refused.text]).toEqual([401, '']);
    expect((await call(server, `/api/v2/pushes/${token}`, { method: 'DELETE', token: ALICE })).status).toBe(200);
  });

  it('seeds anonymous pushes that viewers may not delete, and URL pushes, as they are made', () => {
    const [text, url] = server.seed([{ deletableByViewer: false }, { kind: 'url', payload: 'https://example.com/' }]);
    const byToken = new Map(server.pushes().map((push) => [push.url_token, push]));
    expect(byToken.get(text!)).toMatchObject({ owner: null, deletable_by_viewer: false, kind: 'text' });
    expect(byToken.get(url!)).toMatchObject({ owner: null, deletable_by_viewer: null, kind: 'url' });
  });
});

describe('owner views', () => {
  it('logs the owner opening a push as owner_view, which counts no view', async () => {
    const { url_token: token } = await create(server, { payload: 'x', expire_after_views: 2 }, ALICE);
    const opened = await call(server, `/api/v2/pushes/${token}`, { token: ALICE });
    expect(opened.json.views_remaining).toBe(2);
    expect(server.pushes()[0]?.audit.map((entry) => entry.kind)).toEqual(['creation', 'owner_view']);
  });
});
