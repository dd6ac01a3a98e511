// @vitest-environment node
// Node's own fetch, FormData and File talk to the reference server; happy-dom's fetch would
// apply page CORS rules that an extension context does not have (docs/password-pusher.md#cors).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import { startPwpushServer, type PwpushServer } from '../../servers/pwpush/server.mjs';
import { activePushes, auditLog, createPush, expiredPushes, expirePush, previewUrl, retrievePush, version } from '@/lib/pwpush/client';
import { requestJson } from '@/lib/http';
import type { ClientConfig, PushInput } from '@/lib/pwpush/types';

let server: PwpushServer;
let anonymous: ClientConfig;
let alice: ClientConfig;
let bob: ClientConfig;

beforeAll(async () => {
  server = await startPwpushServer();
});

afterAll(async () => {
  await server?.close();
});

beforeEach(() => {
  server.reset();
  anonymous = { baseUrl: server.url };
  alice = { baseUrl: server.url, token: server.users[0]!.token };
  bob = { baseUrl: server.url, token: server.users[1]!.token };
});

const text = (payload: string, extra: Partial<PushInput> = {}): PushInput => ({ kind: 'text', payload, ...extra });

async function created(cfg: ClientConfig, input: PushInput) {
  const result = await createPush(cfg, input);
  if (!result.ok) throw new Error(`create failed: ${JSON.stringify(result.error)}`);
  return result.value;
}

/** Requests the server saw from here on. */
function countRequests() {
  const before = server.requests.length;
  return () => server.requests.slice(before);
}

describe('happy paths', () => {
  it('version reports the instance features', async () => {
    const result = await version(anonymous);
    expect(result).toMatchObject({
      ok: true,
      value: { apiVersion: '2.1', edition: 'oss', features: { pushesEnabled: true, anonymousAccess: true } },
    });
  });

  it('version follows the instance switches', async () => {
    server.setOptions({ enableUrlPushes: false, enableQrPushes: false, enableFilePushes: false, allowAnonymous: false });
    const result = await version(anonymous);
    expect(result.ok && result.value.features).toMatchObject({
      anonymousAccess: false,
      urlPushes: false,
      qrPushes: false,
      fileAttachments: { enabled: false },
    });
  });

  it('create is exactly one POST and returns the share link with /r', async () => {
    const sent = countRequests();
    const push = await created(anonymous, text('s3cret'));
    expect(sent()).toHaveLength(1);
    expect(push.htmlUrl).toBe(`${server.url}/p/${push.urlToken}/r`);
    expect(push.retrievalStep).toBe(true);
    expect(JSON.stringify(push)).not.toContain('s3cret');
  });

  it('create takes the options and drops the echoed passphrase', async () => {
    const push = await created(
      alice,
      text('x', {
        expireAfterDays: 3,
        expireAfterViews: 2,
        retrievalStep: false,
        deletableByViewer: false,
        passphrase: 'pp-echo',
        name: 'db',
        note: 'n',
      }),
    );
    expect(push).toMatchObject({
      expireAfterDays: 3,
      expireAfterViews: 2,
      retrievalStep: false,
      deletableByViewer: false,
      name: 'db',
      note: 'n',
    });
    expect(push.htmlUrl).toBe(`${server.url}/p/${push.urlToken}`);
    expect(JSON.stringify(push)).not.toContain('pp-echo');
  });

  it.each([
    ['spaces', '  leading and trailing  '],
    ['LF, CRLF, CR and tabs', 'a\nb\r\nc\rd\t\n\n'],
    ['a PEM block', '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXk=\n-----END OPENSSH PRIVATE KEY-----\n'],
    ['unicode', 'pässwörd 😀 "quoted" \\ \u00a0'],
  ])('retrieve returns the payload byte for byte: %s', async (_label, payload) => {
    const push = await created(anonymous, text(payload));
    const result = await retrievePush(anonymous, push.urlToken);
    expect(result.ok && result.value.payload).toBe(payload);
  });

  it('retrieve with a passphrase: wrong → unauthorized, right → payload, never echoed', async () => {
    const passphrase = 'a b&c=d/e?f#g+h%ä';
    const push = await created(anonymous, text('guarded', { passphrase }));
    const wrong = await retrievePush(anonymous, push.urlToken, 'nope');
    expect(wrong).toMatchObject({ ok: false, error: { kind: 'unauthorized', status: 401 } });
    expect(!wrong.ok && wrong.error.serverMessage).toBeTruthy();
    const right = await retrievePush(anonymous, push.urlToken, passphrase);
    expect(right.ok && right.value.payload).toBe('guarded');
    expect(JSON.stringify(right)).not.toContain(passphrase);
  });

  it('an expired push is 200 data: expired, payload null', async () => {
    const push = await created(anonymous, text('once', { expireAfterViews: 1 }));
    const first = await retrievePush(anonymous, push.urlToken);
    expect(first.ok && first.value.payload).toBe('once');
    const second = await retrievePush(anonymous, push.urlToken);
    expect(second).toMatchObject({ ok: true, value: { expired: true, payload: null, files: [] } });
  });

  it('preview returns the same URL as create, /r included, and costs no view', async () => {
    const push = await created(anonymous, text('p', { expireAfterViews: 1 }));
    expect(await previewUrl(anonymous, push.urlToken)).toEqual({ ok: true, value: push.htmlUrl });
    const retrieved = await retrievePush(anonymous, push.urlToken);
    expect(retrieved.ok && retrieved.value.payload).toBe('p');
  });

  it('audit lists the owner’s events, oldest first', async () => {
    const push = await created(alice, text('audited'));
    await retrievePush(anonymous, push.urlToken);
    const result = await auditLog(alice, push.urlToken);
    expect(result.ok && result.value.page).toBe(1);
    expect(result.ok && result.value.items.map((e) => e.kind)).toEqual(['creation', 'view']);
    expect(result.ok && result.value.items[0]).toMatchObject({ ip: expect.any(String), userAgent: expect.any(String) });
  });

  it('expire by the owner marks the push deleted and expired', async () => {
    const push = await created(alice, text('bye', { deletableByViewer: false }));
    const result = await expirePush(alice, push.urlToken);
    expect(result).toMatchObject({ ok: true, value: { urlToken: push.urlToken, expired: true, deleted: true } });
    const after = await retrievePush(anonymous, push.urlToken);
    expect(after.ok && after.value.payload).toBeNull();
  });

  it('expire by a viewer works only when deletable by viewer', async () => {
    const deletable = await created(anonymous, text('a', { deletableByViewer: true }));
    expect(await expirePush(anonymous, deletable.urlToken)).toMatchObject({ ok: true, value: { expired: true } });
    const kept = await created(alice, text('b', { deletableByViewer: false }));
    expect(await expirePush(anonymous, kept.urlToken)).toMatchObject({ ok: false, error: { kind: 'unauthorized', status: 401 } });
  });

  it('active and expired list only the token user’s pushes, newest first', async () => {
    const older = await created(alice, text('1', { name: 'older' }));
    const newer = await created(alice, text('2', { name: 'newer' }));
    await created(bob, text('3'));
    await expirePush(alice, older.urlToken);
    const active = await activePushes(alice);
    expect(active.ok && active.value.items.map((p) => p.urlToken)).toEqual([newer.urlToken]);
    expect(active.ok && active.value.items[0]!.name).toBe('newer');
    expect(JSON.stringify(active)).not.toContain('"passphrase"');
    const expired = await expiredPushes(alice);
    expect(expired.ok && expired.value.items.map((p) => p.urlToken)).toEqual([older.urlToken]);
    const later = await activePushes(alice, 2);
    expect(later).toMatchObject({ ok: true, value: { items: [], page: 2, perPage: 50 } });
  });

  it('leaves the totals undefined when a 2.11.4 server sends no pagination headers', async () => {
    const push = await created(alice, text('x'));
    const result = await auditLog(alice, push.urlToken);
    expect(result).toMatchObject({ ok: true, value: { page: 1, perPage: 50 } });
    expect(result.ok && [result.value.total, result.value.totalPages]).toEqual([undefined, undefined]);
    const list = await activePushes(alice);
    expect(list.ok && Object.keys(list.value)).toEqual(['items', 'page', 'perPage']);
  });

  it('reads pagination headers when the server sends them', async () => {
    server.setOptions({ paginationHeaders: true });
    for (let i = 0; i < 51; i++) await created(alice, text(`p${i}`));
    const first = await activePushes(alice);
    expect(first.ok && first.value).toMatchObject({ page: 1, perPage: 50, total: 51, totalPages: 2 });
    expect(first.ok && first.value.items).toHaveLength(50);
    const second = await activePushes(alice, 2);
    expect(second.ok && second.value.items).toHaveLength(1);
  });

  it('creates a file push as multipart with a token and lists the files on retrieval', async () => {
    const files = [new File(['hello'], 'a.txt', { type: 'text/plain' }), new File([new Uint8Array([1, 2, 3])], 'b.bin')];
    const sent = countRequests();
    const push = await created(alice, { kind: 'file', payload: '  note  ', files });
    expect(sent()).toHaveLength(1);
    const result = await retrievePush(anonymous, push.urlToken);
    expect(result.ok && result.value.payload).toBe('  note  ');
    expect(result.ok && result.value.files.map((f) => f.filename)).toEqual(['a.txt', 'b.bin']);
    expect(result.ok && result.value.files[0]!.url).toMatch(/^http/);
  });

  it('a file push’s text keeps its spaces but its line breaks arrive as CRLF (multipart encoding)', async () => {
    const push = await created(alice, { kind: 'file', payload: ' a\nb\r\nc ', files: [new File(['x'], 'x.txt')] });
    const result = await retrievePush(anonymous, push.urlToken);
    expect(result.ok && result.value.payload).toBe(' a\r\nb\r\nc ');
  });

  it('a text create sends {"push": …} without files key or Authorization when anonymous', async () => {
    const sent = countRequests();
    await created(anonymous, text('t', { expireAfterViews: 2 }));
    const [request] = sent();
    expect(request).toMatchObject({ method: 'POST', path: '/api/v2/pushes', authorization: null });
    expect(request!.contentType).toMatch(/^application\/json/);
    expect(request!.body).toEqual({ push: { payload: 't', kind: 'text', expire_after_views: 2 } });
  });

  it('an OSS server gets days: expire_after_days is honoured', async () => {
    const push = await created(anonymous, text('d', { expireAfterDays: 3 }));
    expect(push.expireAfterDays).toBe(3);
  });

  it('a commercial server gets the duration code of its reported edition', async () => {
    server.setOptions({ edition: 'commercial' });
    const info = await version(anonymous);
    expect(info.ok && info.value.edition).toBe('commercial');
    const sent = countRequests();
    const result = await createPush(anonymous, text('d', { expireAfterDays: 10 }), info.ok ? info.value.edition : 'oss');
    expect(result.ok && result.value.expireAfterDays).toBe(14);
    expect(sent()[0]!.body).toEqual({ push: { payload: 'd', kind: 'text', expire_after_duration: 13 } });
  });

  it('why the edition matters: an OSS server ignores the duration code and falls back to 7 days', async () => {
    const push = await createPush(anonymous, text('d', { expireAfterDays: 2 }), 'commercial');
    expect(push.ok && push.value.expireAfterDays).toBe(7);
  });

  it('an API 2.0 server without features (before 2.5.4) offers URL and QR, on by default then', async () => {
    server.setOptions({ version: '2.4.1' });
    const result = await version(anonymous);
    expect(result.ok && result.value.apiVersion).toBe('2.0');
    expect(result.ok && result.value.features).toMatchObject({ pushesEnabled: true, urlPushes: true, qrPushes: true });
  });
});

describe('error kinds from the server', () => {
  it('a file push without a token is unauthorized', async () => {
    const result = await createPush(anonymous, { kind: 'file', payload: '', files: [new File(['x'], 'x.txt')] });
    expect(result).toMatchObject({ ok: false, error: { kind: 'unauthorized', status: 401 } });
  });

  it('an unknown token is an empty-body 401 even on a public endpoint; /version ignores it', async () => {
    const stranger = { ...anonymous, token: 'not-a-real-token' };
    const push = await created(anonymous, text('x'));
    const result = await previewUrl(stranger, push.urlToken);
    expect(result).toEqual({ ok: false, error: { kind: 'unauthorized', status: 401 } });
    expect((await version(stranger)).ok).toBe(true);
  });

  it('lists without a token are an empty-body 401', async () => {
    expect(await activePushes(anonymous)).toEqual({ ok: false, error: { kind: 'unauthorized', status: 401 } });
  });

  it('anonymous create on a closed instance is an empty-body 401', async () => {
    server.setOptions({ allowAnonymous: false });
    expect(await createPush(anonymous, text('x'))).toEqual({ ok: false, error: { kind: 'unauthorized', status: 401 } });
  });

  it('someone else’s audit is forbidden (403)', async () => {
    const push = await created(alice, text('mine'));
    const result = await auditLog(bob, push.urlToken);
    expect(result).toMatchObject({ ok: false, error: { kind: 'forbidden', status: 403 } });
    expect(!result.ok && result.error.serverMessage).toBeTruthy();
  });

  it.each([
    ['retrievePush', (c: ClientConfig) => retrievePush(c, 'nosuchtoken123')],
    ['previewUrl', (c: ClientConfig) => previewUrl(c, 'nosuchtoken123')],
    ['auditLog', (c: ClientConfig) => auditLog(c, 'nosuchtoken123')],
    ['expirePush', (c: ClientConfig) => expirePush(c, 'nosuchtoken123')],
  ])('%s of an unknown token is not-found (404)', async (_n, call) => {
    expect(await call(alice)).toMatchObject({ ok: false, error: { kind: 'not-found', status: 404, serverMessage: 'not-found' } });
  });

  it('page 201 is a 400 from the server; the client refuses it before sending', async () => {
    const raw = await requestJson(
      `${server.url}/api/v2/pushes/active?page=201`,
      { headers: { Accept: 'application/json', Authorization: `Bearer ${alice.token}` } },
      { maxBytes: 64 * 1024 },
    );
    expect(raw).toMatchObject({ ok: false, error: { kind: 'bad-request', status: 400 } });
    const sent = countRequests();
    expect(await activePushes(alice, 201)).toEqual({ ok: false, error: { kind: 'bad-request' } });
    expect(sent()).toHaveLength(0);
  });

  it('an invalid URL push is a validation error with field messages', async () => {
    const result = await createPush(anonymous, { kind: 'url', payload: 'not a url' });
    expect(result).toMatchObject({ ok: false, error: { kind: 'validation', status: 422 } });
    expect(!result.ok && result.error.fields?.payload?.length).toBeGreaterThan(0);
  });

  it('a disabled kind is a validation error on kind', async () => {
    server.setOptions({ enableQrPushes: false });
    const result = await createPush(anonymous, { kind: 'qr', payload: 'x' });
    expect(result).toMatchObject({ ok: false, error: { kind: 'validation', status: 422 } });
    expect(!result.ok && result.error.fields?.kind?.length).toBeGreaterThan(0);
  });

  it.each([
    ['unauthorized', { type: 'unauthorized' }, { kind: 'unauthorized', status: 401 }],
    ['validation', { type: 'validation' }, { kind: 'validation', status: 422 }],
    [
      'rate-limit',
      { type: 'rate-limit', retryAfter: 30 },
      { kind: 'rate-limited', status: 429, retryAfterSeconds: 30, serverMessage: 'Retry later' },
    ],
    ['server-error', { type: 'server-error' }, { kind: 'server', status: 500 }],
    ['html', { type: 'html' }, { kind: 'unexpected', detail: 'html' }],
    ['malformed', { type: 'malformed' }, { kind: 'unexpected', detail: 'invalid-json' }],
    ['drop', { type: 'drop' }, { kind: 'network' }],
  ] as const)('fault %s on create → %j, one request', async (_n, fault, error) => {
    server.setFault(fault);
    const sent = countRequests();
    const result = await createPush(anonymous, text('x'));
    expect(result).toMatchObject({ ok: false, error });
    expect(sent()).toHaveLength(1);
  });

  it('a slow answer times out with a short timeoutMs', async () => {
    server.setFault({ type: 'slow', ms: 2000 });
    const started = Date.now();
    const result = await version({ ...anonymous, timeoutMs: 150 });
    expect(result).toEqual({ ok: false, error: { kind: 'timeout' } });
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('a closed port is a network failure', async () => {
    const port = await freePort();
    expect(await version({ baseUrl: `http://127.0.0.1:${port}` })).toEqual({ ok: false, error: { kind: 'network' } });
  });

  it('a first-run instance redirects to /first_run: not followed, unexpected/first-run, and create stays one POST', async () => {
    server.setOptions({ firstRun: true });
    expect(await version(anonymous)).toMatchObject({ ok: false, error: { kind: 'unexpected', detail: 'first-run' } });
    const sent = countRequests();
    expect(await createPush(anonymous, text('x'))).toMatchObject({ ok: false, error: { kind: 'unexpected', detail: 'first-run' } });
    expect(sent().filter((r) => r.method === 'POST')).toHaveLength(1);
  });
});

/** A port nothing listens on: bind to 0, note the port, close. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
