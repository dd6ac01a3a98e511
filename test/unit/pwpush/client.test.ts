import { describe, expect, it } from 'vitest';
import { activePushes, auditLog, createPush, expiredPushes, expirePush, previewUrl, retrievePush, version } from '@/lib/pwpush/client';
import type { ClientConfig, PushInput } from '@/lib/pwpush/types';
import { pushRecord } from '@/test/support/pwpush-fixtures';
import { auditBody, createdRecord, recordingFetch, retrievedRecord, version21 } from './fixtures';

const BASE = 'https://pwpush.example';

function setup(status = 200, body: unknown = {}, headers?: Record<string, string>, token = '') {
  const fake = recordingFetch(status, body, headers);
  const cfg: ClientConfig = { baseUrl: BASE, token, fetch: fake.fetch };
  return { cfg, calls: fake.calls };
}

const jsonBody = (body: unknown) => JSON.parse(String(body)) as { push: Record<string, unknown> };

/** Every endpoint once, with what it should send. */
const endpoints = [
  ['version', (c: ClientConfig) => version(c), 'GET', '/api/v2/version', version21],
  ['createPush', (c: ClientConfig) => createPush(c, { kind: 'text', payload: 's' }), 'POST', '/api/v2/pushes', createdRecord()],
  ['retrievePush', (c: ClientConfig) => retrievePush(c, 'tok'), 'GET', '/api/v2/pushes/tok', retrievedRecord()],
  ['previewUrl', (c: ClientConfig) => previewUrl(c, 'tok'), 'GET', '/api/v2/pushes/tok/preview', { url: 'https://h/p/tok' }],
  ['auditLog', (c: ClientConfig) => auditLog(c, 'tok'), 'GET', '/api/v2/pushes/tok/audit?page=1', auditBody],
  ['expirePush', (c: ClientConfig) => expirePush(c, 'tok'), 'DELETE', '/api/v2/pushes/tok', pushRecord()],
  ['activePushes', (c: ClientConfig) => activePushes(c), 'GET', '/api/v2/pushes/active?page=1', [pushRecord()]],
  ['expiredPushes', (c: ClientConfig) => expiredPushes(c, 2), 'GET', '/api/v2/pushes/expired?page=2', []],
] as const;

describe('every request', () => {
  it.each(endpoints)('%s sends one %s to the v2 path, JSON accepted, cookies omitted', async (_n, call, method, path, body) => {
    const { cfg, calls } = setup(200, body);
    const result = await call(cfg);
    expect(result.ok).toBe(true);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ url: BASE + path, method, credentials: 'omit', cache: 'no-store' });
    expect(calls[0]!.headers.get('accept')).toBe('application/json');
  });

  it.each(endpoints)('%s sends no Authorization header without a token', async (_n, call, _m, _p, body) => {
    for (const token of ['', '   ', undefined]) {
      const { cfg, calls } = setup(200, body);
      await call({ ...cfg, token });
      expect(calls[0]!.headers.has('authorization')).toBe(false);
    }
  });

  it.each(endpoints)('%s sends the token as Bearer', async (_n, call, _m, _p, body) => {
    const { cfg, calls } = setup(200, body, undefined, 'tok3n-abc');
    await call(cfg);
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer tok3n-abc');
  });

  it('tolerates a trailing slash on the base URL', async () => {
    const { cfg, calls } = setup(200, version21);
    await version({ ...cfg, baseUrl: `${BASE}/` });
    expect(calls[0]!.url).toBe(`${BASE}/api/v2/version`);
  });

  it.each(['', '/relative', 'pwpush.example', 'ftp://pwpush.example', 'https:///x'])(
    'base URL %j is unreachable without sending anything',
    async (baseUrl) => {
      const { cfg, calls } = setup(200, version21);
      expect(await version({ ...cfg, baseUrl })).toEqual({ ok: false, error: { kind: 'network' } });
      expect(calls).toHaveLength(0);
    },
  );

  it('reports an empty 2xx as unexpected/empty', async () => {
    const { cfg } = setup(200, '');
    expect(await version(cfg)).toEqual({ ok: false, error: { kind: 'unexpected', detail: 'empty', status: 200 } });
  });

  it('passes errors through with their kind', async () => {
    const { cfg } = setup(404, { error: 'not-found' });
    expect(await retrievePush(cfg, 'gone')).toMatchObject({ ok: false, error: { kind: 'not-found', status: 404 } });
  });
});

describe('createPush', () => {
  it('wraps text options in {"push": …} as snake_case JSON, only the given ones', async () => {
    const { cfg, calls } = setup(201, createdRecord());
    const input: PushInput = {
      kind: 'text',
      payload: 'secret',
      expireAfterDays: 3,
      expireAfterViews: 2,
      deletableByViewer: false,
      retrievalStep: true,
      passphrase: 'open sesame',
      name: 'db',
      note: 'rotate monthly',
    };
    const result = await createPush(cfg, input);
    expect(result.ok && result.value.htmlUrl).toBe('https://pwpush.example/p/k3xq9w0lz2mfa/r');
    expect(calls[0]!.headers.get('content-type')).toBe('application/json');
    expect(jsonBody(calls[0]!.body)).toEqual({
      push: {
        payload: 'secret',
        kind: 'text',
        expire_after_days: 3,
        expire_after_views: 2,
        deletable_by_viewer: false,
        retrieval_step: true,
        passphrase: 'open sesame',
        name: 'db',
        note: 'rotate monthly',
      },
    });
  });

  it.each(['text', 'url', 'qr'] as const)('sends no files key for a %s push, even when files are at hand', async (kind) => {
    const { cfg, calls } = setup(201, createdRecord());
    await createPush(cfg, { kind, payload: 'https://x.example/', files: [new File(['x'], 'x.txt')] });
    expect(jsonBody(calls[0]!.body)).toEqual({ push: { payload: 'https://x.example/', kind } });
  });

  it('omits an empty passphrase', async () => {
    const { cfg, calls } = setup(201, createdRecord());
    await createPush(cfg, { kind: 'text', payload: 's', passphrase: '' });
    expect(jsonBody(calls[0]!.body).push).not.toHaveProperty('passphrase');
  });

  it.each([
    ['oss', 7, { expire_after_days: 7 }],
    ['oss', 45, { expire_after_days: 45 }],
    ['commercial', 1, { expire_after_duration: 6 }],
    ['commercial', 7, { expire_after_duration: 12 }],
    ['commercial', 30, { expire_after_duration: 15 }],
    ['commercial', 90, { expire_after_duration: 17 }],
  ] as const)('edition %s, %i days → %j', async (edition, days, expected) => {
    const { cfg, calls } = setup(201, createdRecord());
    await createPush(cfg, { kind: 'text', payload: 's', expireAfterDays: days }, edition);
    const sent = jsonBody(calls[0]!.body).push;
    expect(sent).toMatchObject(expected);
    const other = 'expire_after_days' in expected ? 'expire_after_duration' : 'expire_after_days';
    expect(sent).not.toHaveProperty(other);
  });

  it('sends neither expiry field when no days are given', async () => {
    const { cfg, calls } = setup(201, createdRecord());
    await createPush(cfg, { kind: 'text', payload: 's' }, 'commercial');
    expect(jsonBody(calls[0]!.body)).toEqual({ push: { payload: 's', kind: 'text' } });
  });

  it.each([
    ['leading and trailing spaces', '  pa ss  '],
    ['LF, CRLF and CR line breaks', 'line 1\nline 2\r\nline 3\rend\n'],
    ['tabs, blank lines and trailing newline', '\t-----BEGIN KEY-----\n\nAAAA\n-----END KEY-----\n\n'],
    ['unicode and quotes', 'pässwörd "😀" \\ \u00a0'],
  ])('sends the payload byte for byte: %s', async (_label, payload) => {
    const { cfg, calls } = setup(201, createdRecord());
    await createPush(cfg, { kind: 'text', payload });
    expect(jsonBody(calls[0]!.body).push.payload).toBe(payload);
  });

  it('sends a file push as multipart with push[...] fields and one push[files][] per file', async () => {
    const { cfg, calls } = setup(201, createdRecord(), undefined, 'tok');
    const files = [new File(['one'], 'a.txt', { type: 'text/plain' }), new File(['two'], 'b.png', { type: 'image/png' })];
    await createPush(cfg, {
      kind: 'file',
      payload: '  note\r\nline  ',
      files,
      expireAfterDays: 2,
      expireAfterViews: 1,
      retrievalStep: false,
      deletableByViewer: true,
      passphrase: 'pp',
    });
    const form = calls[0]!.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(calls[0]!.headers.has('content-type')).toBe(false);
    const names = [...form.keys()];
    expect(names).toEqual([
      'push[payload]',
      'push[kind]',
      'push[expire_after_days]',
      'push[expire_after_views]',
      'push[deletable_by_viewer]',
      'push[retrieval_step]',
      'push[passphrase]',
      'push[files][]',
      'push[files][]',
    ]);
    expect(form.get('push[payload]')).toBe('  note\r\nline  ');
    expect(form.get('push[kind]')).toBe('file');
    expect(form.get('push[retrieval_step]')).toBe('false');
    const sent = form.getAll('push[files][]') as File[];
    expect(sent.map((f) => f.name)).toEqual(['a.txt', 'b.png']);
    expect(await sent[1]!.text()).toBe('two');
  });

  it('leaves out an empty payload of a file push, and maps commercial days there too', async () => {
    const { cfg, calls } = setup(201, createdRecord(), undefined, 'tok');
    await createPush(cfg, { kind: 'file', payload: '', files: [new File(['x'], 'x.bin')], expireAfterDays: 10 }, 'commercial');
    const form = calls[0]!.body as FormData;
    expect([...form.keys()]).toEqual(['push[kind]', 'push[expire_after_duration]', 'push[files][]']);
    expect(form.get('push[expire_after_duration]')).toBe('13');
  });
});

describe('retrievePush, previewUrl, expirePush', () => {
  it.each([
    [undefined, '/api/v2/pushes/tok'],
    ['', '/api/v2/pushes/tok'],
    ['simple', '/api/v2/pushes/tok?passphrase=simple'],
    ['a b&c=d/e?f#g+h%', '/api/v2/pushes/tok?passphrase=a%20b%26c%3Dd%2Fe%3Ff%23g%2Bh%25'],
    ['pässwörd', '/api/v2/pushes/tok?passphrase=p%C3%A4ssw%C3%B6rd'],
  ])('passphrase %j → %s', async (passphrase, path) => {
    const { cfg, calls } = setup(200, retrievedRecord());
    await retrievePush(cfg, 'tok', passphrase);
    expect(calls[0]!.url).toBe(BASE + path);
  });

  it.each([
    ['retrievePush', (c: ClientConfig, t: string) => retrievePush(c, t)],
    ['previewUrl', (c: ClientConfig, t: string) => previewUrl(c, t)],
    ['auditLog', (c: ClientConfig, t: string) => auditLog(c, t)],
    ['expirePush', (c: ClientConfig, t: string) => expirePush(c, t)],
  ])('%s refuses an empty or dot-only token without sending', async (_n, call) => {
    for (const token of ['', '.', '..']) {
      const { cfg, calls } = setup();
      expect(await call(cfg, token)).toEqual({ ok: false, error: { kind: 'bad-request' } });
      expect(calls).toHaveLength(0);
    }
  });

  it('keeps the preview URL exactly, /r included', async () => {
    const { cfg } = setup(200, { url: 'https://pwpush.example/p/tok/r' });
    expect(await previewUrl(cfg, 'tok')).toEqual({ ok: true, value: 'https://pwpush.example/p/tok/r' });
  });
});

describe('paged lists', () => {
  const paged = [
    ['auditLog', (c: ClientConfig, p: number) => auditLog(c, 'tok', p)],
    ['activePushes', (c: ClientConfig, p: number) => activePushes(c, p)],
    ['expiredPushes', (c: ClientConfig, p: number) => expiredPushes(c, p)],
  ] as const;

  it.each(paged.flatMap(([name, call]) => [0, 201, 1.5, -1, Number.NaN].map((page) => [name, page, call] as const)))(
    '%s refuses page %s without a request',
    async (_n, page, call) => {
      const { cfg, calls } = setup();
      expect(await call(cfg, page)).toEqual({ ok: false, error: { kind: 'bad-request' } });
      expect(calls).toHaveLength(0);
    },
  );

  it.each([1, 200])('accepts page %i', async (page) => {
    const { cfg, calls } = setup(200, []);
    const result = await activePushes(cfg, page);
    expect(result).toEqual({ ok: true, value: { items: [], page, perPage: 50 } });
    expect(calls[0]!.url).toBe(`${BASE}/api/v2/pushes/active?page=${page}`);
  });

  it('reads the totals from pagination headers', async () => {
    const headers = { 'content-type': 'application/json', 'x-page': '2', 'x-per-page': '50', 'x-total': '51', 'x-total-pages': '2' };
    const { cfg } = setup(200, auditBody, headers, 'tok');
    const result = await auditLog(cfg, 'tok', 2);
    expect(result.ok && result.value).toMatchObject({ page: 2, perPage: 50, total: 51, totalPages: 2 });
    expect(result.ok && result.value.items).toHaveLength(3);
  });
});
