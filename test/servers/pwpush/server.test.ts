// @vitest-environment node
// Reference server: version, create and the API token gate
// (docs/password-pusher.md#version-and-features, #create, #auth-gate).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPwpushServer, type PwpushServer } from './server.mjs';
import { ALICE, BOB, call, create } from './helpers';

let server: PwpushServer;
beforeAll(async () => {
  server = await startPwpushServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const RECORD_KEYS = [
  'expire_after_views',
  'expired',
  'url_token',
  'deletable_by_viewer',
  'retrieval_step',
  'expired_on',
  'passphrase',
  'created_at',
  'updated_at',
  'expire_after_days',
  'days_remaining',
  'views_remaining',
  'deleted',
  'json_url',
  'html_url',
];
const ISO_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe('startPwpushServer', () => {
  it('listens on 127.0.0.1 with an ephemeral port and seeds two users', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
    expect(server.port).toBeGreaterThan(0);
    expect(server.users.map((user) => user.email)).toEqual(['alice@example.com', 'bob@example.com']);
  });

  it('takes its own users', async () => {
    const other = await startPwpushServer({ users: [{ token: 'carol-token-000000000', email: 'carol@example.com' }] });
    try {
      expect((await call(other, '/api/v2/pushes/active', { token: 'carol-token-000000000' })).status).toBe(200);
      expect((await call(other, '/api/v2/pushes/active', { token: ALICE })).status).toBe(401);
    } finally {
      await other.close();
    }
  });
});

describe('GET /api/v2/version', () => {
  it('answers the 2.11.4 OSS body, keys in order', async () => {
    const answer = await call(server, '/api/v2/version');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Object.keys(answer.json)).toEqual(['application_version', 'api_version', 'edition', 'features']);
    expect(answer.json).toEqual({
      application_version: '2.11.4',
      api_version: '2.1',
      edition: 'oss',
      features: {
        anonymous_access: true,
        api_token_authentication: true,
        accounts: { enabled: false },
        pushes: {
          enabled: true,
          email_auto_dispatch: false,
          file_attachments: { enabled: true, requires_authentication: true },
          url_pushes: { enabled: true },
          qr_code_pushes: { enabled: true },
        },
        requests: { enabled: false },
      },
    });
  });

  it('follows the instance settings', async () => {
    server.setOptions({
      allowAnonymous: false,
      enableFilePushes: false,
      enableUrlPushes: false,
      enableQrPushes: false,
      edition: 'commercial',
    });
    const { json } = await call(server, '/api/v2/version');
    expect(json.edition).toBe('commercial');
    expect(json.features.anonymous_access).toBe(false);
    expect(json.features.pushes.file_attachments.enabled).toBe(false);
    expect(json.features.pushes.url_pushes.enabled).toBe(false);
    expect(json.features.pushes.qr_code_pushes.enabled).toBe(false);
  });

  it('has no features hash for api_version 2.0 (apps before 2.5.4)', async () => {
    server.setOptions({ version: '2.4.1' });
    const answer = await call(server, '/api/v2/version', { headers: { accept: 'application/json' } });
    expect(answer.json).toEqual({ application_version: '2.4.1', api_version: '2.0', edition: 'oss' });
  });

  it('accepts the .json suffix', async () => {
    expect((await call(server, '/api/v2/version.json')).json.api_version).toBe('2.1');
  });
});

describe('POST /api/v2/pushes', () => {
  it('answers 201 with the exact default record', async () => {
    const answer = await call(server, '/api/v2/pushes', { method: 'POST', json: { push: { payload: 'hunter2' } } });
    expect(answer.status).toBe(201);
    const record = answer.json;
    expect(Object.keys(record)).toEqual([...RECORD_KEYS, 'note', 'name']);
    expect(record.url_token).toMatch(/^[a-z0-9_-]{11,19}$/);
    expect(record).toMatchObject({
      expire_after_views: 5,
      expired: false,
      deletable_by_viewer: true,
      retrieval_step: true,
      expired_on: null,
      passphrase: '',
      expire_after_days: 7,
      days_remaining: 7,
      views_remaining: 5,
      deleted: false,
      note: '',
      name: '',
      html_url: `${server.url}/p/${record.url_token}/r`,
      json_url: `${server.url}/p/${record.url_token}/r.json`,
    });
    expect(record.created_at).toMatch(ISO_MS);
    expect(record.updated_at).toBe(record.created_at);
    expect(record).not.toHaveProperty('payload');
    expect(record).not.toHaveProperty('kind');
  });

  it('echoes the passphrase, name and note in plain text', async () => {
    const record = await create(server, { payload: 'x', passphrase: 'open sesame', name: 'Wi-Fi', note: 'for Bob' });
    expect(record).toMatchObject({ passphrase: 'open sesame', name: 'Wi-Fi', note: 'for Bob' });
  });

  it('leaves /r off the URLs without a retrieval step', async () => {
    const record = await create(server, { payload: 'x', retrieval_step: false });
    expect(record.html_url).toBe(`${server.url}/p/${record.url_token}`);
    expect(record.json_url).toBe(`${server.url}/p/${record.url_token}.json`);
  });

  it('adds ?locale= for a known top-level push_locale', async () => {
    const answer = await call(server, '/api/v2/pushes', { method: 'POST', json: { push: { payload: 'x' }, push_locale: 'fr' } });
    expect(answer.json.html_url).toBe(`${server.url}/p/${answer.json.url_token}/r?locale=fr`);
  });

  it.each([
    ['on', true],
    ['YES', true],
    ['checked', true],
    ['true', true],
    ['1', true],
    [true, true],
    ['false', false],
    ['0', false],
    ['no', false],
    ['', false],
    [false, false],
    [null, false],
  ])('reads deletable_by_viewer/retrieval_step %j as %s', async (value, expected) => {
    const record = await create(server, { payload: 'x', deletable_by_viewer: value, retrieval_step: value });
    expect(record.deletable_by_viewer).toBe(expected);
    expect(record.retrieval_step).toBe(expected);
  });

  it.each([
    [{ expire_after_days: 0 }, 7, 5],
    [{ expire_after_days: 91 }, 7, 5],
    [{ expire_after_days: 'abc' }, 7, 5],
    [{ expire_after_days: '3' }, 3, 5],
    [{ expire_after_days: 90 }, 90, 5],
    [{ expire_after_days: 1 }, 1, 5],
    [{ expire_after_views: 0 }, 7, 5],
    [{ expire_after_views: 101 }, 7, 5],
    [{ expire_after_views: 1000 }, 7, 5],
    [{ expire_after_views: '2' }, 7, 2],
    [{ expire_after_views: 100 }, 7, 100],
    [{ expire_after_views: 'many' }, 7, 5],
  ])('replaces out-of-range expiry silently: %j → %i days, %i views', async (fields, days, views) => {
    const record = await create(server, { payload: 'x', ...fields });
    expect(record.expire_after_days).toBe(days);
    expect(record.expire_after_views).toBe(views);
  });

  it('forces retrieval_step false for a kind whose enable_retrieval_step is off, whatever was sent, and /version says nothing', async () => {
    const before = (await call(server, '/api/v2/version')).text;
    server.setOptions({ retrievalStepDisabled: ['url'] });
    const url = await create(server, { kind: 'url', payload: 'https://example.com/', retrieval_step: true });
    expect(url.retrieval_step).toBe(false);
    expect(url.html_url).not.toMatch(/\/r$/);
    expect((await create(server, { kind: 'url', payload: 'https://example.com/' })).retrieval_step).toBe(false);
    expect((await create(server, { payload: 'x', retrieval_step: true })).retrieval_step).toBe(true);
    expect((await call(server, '/api/v2/version')).text).toBe(before);
  });

  it('gives URL pushes deletable_by_viewer null', async () => {
    const record = await create(server, { kind: 'url', payload: 'https://example.com/', deletable_by_viewer: true });
    expect(record.deletable_by_viewer).toBeNull();
  });

  it('accepts QR payloads up to 1024 characters and text up to 1 MiB characters', async () => {
    await expect(create(server, { kind: 'qr', payload: 'q'.repeat(1024) })).resolves.toBeTruthy();
    await expect(create(server, { payload: 't'.repeat(1_048_576) })).resolves.toBeTruthy();
  });

  it.each([
    ['no payload', { kind: 'text' }, { payload: ['Payload is required.'] }],
    ['blank payload', { payload: '   ' }, { payload: ['Payload is required.'] }],
    ['non-http url', { kind: 'url', payload: 'ftp://example.com/file' }, { payload: ['must be a valid HTTP or HTTPS URL.'] }],
    ['url without scheme', { kind: 'url', payload: 'example.com' }, { payload: ['must be a valid HTTP or HTTPS URL.'] }],
    [
      'text over 1 MiB',
      { payload: 't'.repeat(1_048_577) },
      { payload: ['The payload is too large.  You can only push up to 1048576 bytes.'] },
    ],
    [
      'qr over 1024',
      { kind: 'qr', payload: 'q'.repeat(1025) },
      { payload: ['The QR code payload is too large.  You can only push up to 1024 bytes.'] },
    ],
  ])('422 for %s', async (_name, push, errors) => {
    const answer = await call(server, '/api/v2/pushes', { method: 'POST', json: { push } });
    expect(answer.status).toBe(422);
    expect(answer.json).toEqual(errors);
  });

  it.each([
    ['enableUrlPushes', { kind: 'url', payload: 'https://example.com' }, 'URL pushes are disabled.'],
    ['enableQrPushes', { kind: 'qr', payload: 'qr' }, 'QR code pushes are disabled.'],
    ['enableFilePushes', { kind: 'file' }, 'File pushes are disabled.'],
  ])('422 when %s is off', async (option, push, message) => {
    server.setOptions({ [option]: false });
    const answer = await call(server, '/api/v2/pushes', { method: 'POST', token: ALICE, json: { push } });
    expect(answer.status).toBe(422);
    expect(answer.json.kind).toEqual([message]);
  });

  it.each([
    ['no body', undefined],
    ['no push wrapper', { payload: 'x' }],
    ['an empty push', { push: {} }],
  ])('400 for %s', async (_name, json) => {
    const answer = await call(server, '/api/v2/pushes', { method: 'POST', json });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ error: 'param is missing or the value is empty or invalid: push' });
  });

  it('answers 500 for an unknown kind (settings lookup on nil)', async () => {
    expect((await call(server, '/api/v2/pushes', { method: 'POST', json: { push: { kind: 'foo', payload: 'x' } } })).status).toBe(500);
  });

  it('stores the owner and the payload', async () => {
    const record = await create(server, { payload: 's3cret', note: 'n' }, ALICE);
    expect(server.pushes()).toEqual([
      expect.objectContaining({
        url_token: record.url_token,
        html_url: record.html_url,
        payload: 's3cret',
        owner: 'alice@example.com',
        kind: 'text',
      }),
    ]);
  });

  it('takes Pro duration codes only in the commercial edition', async () => {
    expect((await create(server, { payload: 'x', expire_after_duration: 13 })).expire_after_days).toBe(7);
    server.setOptions({ edition: 'commercial' });
    expect((await create(server, { payload: 'x', expire_after_duration: 13 })).expire_after_days).toBe(14);
    expect((await create(server, { payload: 'x', expire_after_duration: 6, expire_after_days: 30 })).expire_after_days).toBe(1);
    expect((await create(server, { payload: 'x', expire_after_days: 30 })).expire_after_days).toBe(30);
  });
});

describe('file pushes (multipart)', () => {
  const form = (files: number, payload = 'see attachments') => {
    const body = new FormData();
    body.append('push[payload]', payload);
    body.append('push[expire_after_views]', '2');
    for (let i = 0; i < files; i++) body.append('push[files][]', new Blob([`file ${i}`], { type: 'text/plain' }), `f${i}.txt`);
    return body;
  };

  it('creates a file push whose files can be downloaded', async () => {
    const created = await call(server, '/api/v2/pushes', { method: 'POST', token: ALICE, body: form(2) });
    expect(created.status).toBe(201);
    expect(created.json.expire_after_views).toBe(2);
    const shown = await call(server, `/api/v2/pushes/${created.json.url_token}`);
    expect(shown.json.payload).toBe('see attachments');
    expect(shown.json.files).toHaveLength(2);
    expect(shown.json.files[0]).toEqual({
      filename: 'f0.txt',
      content_type: 'text/plain',
      url: expect.stringMatching(new RegExp(`^${server.url}/pfb/blobs/redirect/[^/]+/f0\\.txt$`)),
    });
    const download = await fetch(shown.json.files[1].url);
    expect(await download.text()).toBe('file 1');
    expect(server.pushes()[0]).toMatchObject({
      kind: 'file',
      files: [
        { filename: 'f0.txt', content_type: 'text/plain', size: 6 },
        { filename: 'f1.txt', size: 6 },
      ],
    });
  });

  it('refuses more than 10 files', async () => {
    const answer = await call(server, '/api/v2/pushes', { method: 'POST', token: ALICE, body: form(11) });
    expect(answer.status).toBe(422);
    expect(answer.json).toEqual({ files: ['You can only attach up to 10 files per push.'] });
  });

  const fields = (...entries: Array<[string, string | File]>) => {
    const body = new FormData();
    for (const [name, value] of entries) body.append(name, value);
    return { body };
  };
  const handWritten = (contentType: string, body: string) => ({ body, headers: { 'content-type': contentType } });
  const PAYLOAD_PART = '--B\r\nContent-Disposition: form-data; name="push[payload]"\r\n\r\nx\r\n--B--\r\n';
  // A multipart body that cannot be read gives no parameters, so create finds no `push`.
  const MISSING = { error: 'param is missing or the value is empty or invalid: push' };

  // Each row: the request, server options, then the answer, the stored pushes and the logged bodies.
  it.each([
    [
      'two files',
      fields(
        ['push[payload]', 'see attachments'],
        ['push[files][]', new File(['one'], 'one.txt', { type: 'text/plain' })],
        ['push[files][]', new File(['résumé'], 'naïve résumé.pdf', { type: 'application/pdf' })],
      ),
      {},
      { status: 201 },
      [
        {
          kind: 'file',
          payload: 'see attachments',
          files: [
            { filename: 'one.txt', content_type: 'text/plain', size: 3 },
            { filename: 'naïve résumé.pdf', content_type: 'application/pdf', size: 8 },
          ],
        },
      ],
      [
        {
          push: {
            payload: 'see attachments',
            files: [
              { filename: 'one.txt', size: 3 },
              { filename: 'naïve résumé.pdf', size: 8 },
            ],
          },
        },
      ],
    ],
    [
      'a non-ASCII UTF-8 text field',
      fields(['push[payload]', 'Grüße aus 東京 🚀'], ['push[note]', 'café']),
      {},
      { status: 201 },
      [{ kind: 'text', payload: 'Grüße aus 東京 🚀', note: 'café', files: [] }],
      [{ push: { payload: 'Grüße aus 東京 🚀', note: 'café' } }],
    ],
    [
      'an empty file',
      fields(['push[files][]', new File([], 'empty.txt', { type: 'text/plain' })]),
      {},
      { status: 201 },
      [{ kind: 'file', payload: null, files: [{ filename: 'empty.txt', content_type: 'text/plain', size: 0 }] }],
      [{ push: { files: [{ filename: 'empty.txt', size: 0 }] } }],
    ],
    [
      'a file input left empty (filename=""), dropped as Rack does',
      handWritten(
        'multipart/form-data; boundary=B',
        '--B\r\nContent-Disposition: form-data; name="push[payload]"\r\n\r\nx\r\n' +
          '--B\r\nContent-Disposition: form-data; name="push[files][]"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n\r\n--B--\r\n',
      ),
      {},
      { status: 201 },
      [{ kind: 'text', payload: 'x', files: [] }],
      [{ push: { payload: 'x' } }],
    ],
    [
      '__proto__, constructor and prototype names, left out',
      fields(
        ['push[payload]', 'x'],
        ['push[__proto__][polluted]', 'yes'],
        ['constructor[prototype][polluted]', 'yes'],
        ['push[prototype]', 'yes'],
      ),
      {},
      { status: 201 },
      [{ kind: 'text', payload: 'x' }],
      [{ push: { payload: 'x' } }],
    ],
    [
      'a boundary the body does not use',
      handWritten('multipart/form-data; boundary=A', PAYLOAD_PART),
      {},
      { status: 400, json: MISSING },
      [],
      [{}],
    ],
    ['no boundary', handWritten('multipart/form-data', PAYLOAD_PART), {}, { status: 400, json: MISSING }, [], [{}]],
    [
      'a length over the proxy limit',
      fields(['push[files][]', new File([new Uint8Array(200_000)], 'big.bin')]),
      { maxBodyBytes: 100_000 },
      { status: 413, text: expect.stringContaining('413 Request Entity Too Large') },
      [],
      [],
    ],
  ])('a multipart body with %s', async (_name, init, options, answer, pushes, logged) => {
    server.setOptions(options);
    expect(await call(server, '/api/v2/pushes', { method: 'POST', token: ALICE, ...init })).toMatchObject(answer);
    expect(server.pushes()).toMatchObject(pushes);
    expect(server.requests.map((request) => request.body)).toEqual(logged);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each([
    ['multipart files', () => ({ body: form(1) })],
    ['an empty JSON files key', () => ({ json: { push: { payload: 'x', files: [] } } })],
    ['kind=file', () => ({ json: { push: { kind: 'file', payload: 'x' } } })],
  ])('needs a token for %s (Devise JSON 401)', async (_name, init) => {
    const answer = await call(server, '/api/v2/pushes', { method: 'POST', ...init() });
    expect(answer.status).toBe(401);
    expect(answer.json).toEqual({ error: 'You need to sign in or sign up before continuing.' });
  });
});

describe('API token gate', () => {
  let token: string;
  beforeEach(async () => {
    token = (await create(server, { payload: 'x', deletable_by_viewer: true }, ALICE)).url_token;
  });
  const endpoints = (t: string) =>
    [
      ['version', 'GET', '/api/v2/version'],
      ['show', 'GET', `/api/v2/pushes/${t}`],
      ['preview', 'GET', `/api/v2/pushes/${t}/preview`],
      ['audit', 'GET', `/api/v2/pushes/${t}/audit`],
      ['active', 'GET', '/api/v2/pushes/active'],
      ['expired', 'GET', '/api/v2/pushes/expired'],
      ['create', 'POST', '/api/v2/pushes'],
      ['destroy', 'DELETE', `/api/v2/pushes/${t}`],
    ] as const;
  const send = (method: string, path: string, headers: Record<string, string>) =>
    call(server, path, { method, headers, json: method === 'POST' ? { push: { payload: 'x' } } : undefined });

  it.each([
    ['an unknown token', { authorization: 'Bearer not-a-token-at-all' }],
    ['an empty Bearer', { authorization: 'Bearer ' }],
    ['an empty Authorization header', { authorization: '' }],
    ['a bad legacy X-User-Token', { 'x-user-email': 'alice@example.com', 'x-user-token': 'nope' }],
  ])('answers 401 with an empty body everywhere but /version for %s', async (_name, headers) => {
    for (const [action, method, path] of endpoints(token)) {
      const answer = await send(method, path, headers);
      expect([action, answer.status]).toEqual([action, action === 'version' ? 200 : 401]);
      if (action !== 'version') expect([action, answer.text]).toEqual([action, '']);
    }
  });

  it('lets anonymous callers use show, preview, create and a viewer-deletable DELETE only', async () => {
    const statuses = [];
    for (const [action, method, path] of endpoints(token)) statuses.push([action, (await send(method, path, {})).status]);
    expect(Object.fromEntries(statuses)).toEqual({
      version: 200,
      show: 200,
      preview: 200,
      audit: 401,
      active: 401,
      expired: 401,
      create: 201,
      destroy: 200,
    });
    expect((await send('GET', '/api/v2/pushes/active', {})).text).toBe('');
  });

  it('shuts anonymous callers out of everything but /version when allowAnonymous is off', async () => {
    server.setOptions({ allowAnonymous: false });
    for (const [action, method, path] of endpoints(token)) {
      expect([action, (await send(method, path, {})).status]).toEqual([action, action === 'version' ? 200 : 401]);
    }
    expect((await send('GET', '/api/v2/pushes/active', { authorization: `Bearer ${ALICE}` })).status).toBe(200);
  });

  it.each([
    ['Bearer', { authorization: `Bearer ${BOB}` }],
    ['Token', { authorization: `Token ${BOB}` }],
    ['a bare token', { authorization: BOB }],
    ['legacy headers', { 'x-user-email': 'anyone@example.com', 'x-user-token': BOB }],
  ])('reads the token from %s', async (_name, headers) => {
    expect((await send('GET', '/api/v2/pushes/active', headers)).status).toBe(200);
  });
});
