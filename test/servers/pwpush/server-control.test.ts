// @vitest-environment node
// Reference server: faults, first run, web pages, routing edges, the request log, the control API and the CLI.
import { spawn } from 'node:child_process';
import { Agent, get } from 'node:http';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPwpushServer, type PwpushFault, type PwpushServer } from './server.mjs';
import { ALICE, call, create } from './helpers';

let server: PwpushServer;
beforeAll(async () => {
  server = await startPwpushServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

describe('faults', () => {
  it.each<[string, PwpushFault, number, RegExp, string | RegExp]>([
    ['unauthorized', { type: 'unauthorized' }, 401, /^application\/json/, ''],
    ['validation', { type: 'validation' }, 422, /^application\/json/, '{"payload":["Payload is required."]}'],
    ['validation with fields', { type: 'validation', fields: { note: ['is too long'] } }, 422, /json/, '{"note":["is too long"]}'],
    ['rate-limit', { type: 'rate-limit' }, 429, /^text\/plain/, 'Retry later\n'],
    ['server-error', { type: 'server-error' }, 500, /^text\/html/, /something went wrong/],
    ['html', { type: 'html' }, 200, /^text\/html/, /<html/],
    ['malformed', { type: 'malformed' }, 200, /^application\/json/, /^\{"/],
  ])('%s answers in place of the server', async (_name, fault, status, type, body) => {
    server.setFault(fault);
    const answer = await call(server, '/api/v2/version');
    expect(answer.status).toBe(status);
    expect(answer.headers.get('content-type')).toMatch(type);
    if (typeof body === 'string') expect(answer.text).toBe(body);
    else expect(answer.text).toMatch(body);
  });

  it('sends Retry-After with rate-limit (60 unless given)', async () => {
    server.setFault({ type: 'rate-limit' });
    expect((await call(server, '/api/v2/version')).headers.get('retry-after')).toBe('60');
    server.setFault({ type: 'rate-limit', retryAfter: 7 });
    expect((await call(server, '/api/v2/version')).headers.get('retry-after')).toBe('7');
  });

  it('malformed is not parseable JSON', async () => {
    server.setFault({ type: 'malformed' });
    const response = await fetch(`${server.url}/api/v2/version`);
    await expect(response.json()).rejects.toThrow();
  });

  it('drop closes the connection without an answer', async () => {
    server.setFault({ type: 'drop' });
    await expect(fetch(`${server.url}/api/v2/version`)).rejects.toThrow(TypeError);
  });

  it('slow delays the real answer', async () => {
    server.setFault({ type: 'slow', ms: 150 });
    const started = Date.now();
    const record = await create(server, { payload: 'late' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(record.url_token).toBeTruthy();
  });

  it('slow lets a client time out', async () => {
    server.setFault({ type: 'slow', ms: 2000 });
    await expect(fetch(`${server.url}/api/v2/version`, { signal: AbortSignal.timeout(50) })).rejects.toThrow();
  });

  it('stays until cleared, runs out after `times`, and can be limited to `paths` and a `method`', async () => {
    const status = async (path = '/api/v2/version') => (await call(server, path)).status;
    server.setFault({ type: 'server-error' });
    expect([await status(), await status()]).toEqual([500, 500]);
    server.setFault(null);
    expect(await status()).toBe(200);

    server.setFault({ type: 'server-error', times: 2 });
    expect([await status(), await status(), await status()]).toEqual([500, 500, 200]);

    server.setFault({ type: 'unauthorized', paths: '/pushes' });
    expect(await status()).toBe(200);
    expect(await status('/api/v2/pushes/whatever1234')).toBe(401);

    server.setFault({ type: 'unauthorized', method: 'POST', times: 1 });
    expect(await status()).toBe(200);
    expect((await call(server, '/api/v2/pushes', { method: 'POST', json: {} })).status).toBe(401);
    expect((await call(server, '/api/v2/pushes', { method: 'POST', json: {} })).status).not.toBe(401);
  });

  it('only touches /api/v2 requests', async () => {
    server.setFault({ type: 'server-error' });
    expect((await call(server, '/up')).status).toBe(200);
  });

  it('rejects an unknown fault type', () => {
    expect(() => server.setFault({ type: 'gremlins' } as unknown as PwpushFault)).toThrow(/unknown fault/);
  });
});

describe('first run', () => {
  it('redirects every routed request to /first_run, which is an HTML page', async () => {
    server.setOptions({ firstRun: true });
    for (const path of ['/api/v2/version', '/api/v2/pushes/abcdefghijklm', '/']) {
      const answer = await call(server, path);
      expect([path, answer.status, answer.headers.get('location')]).toEqual([path, 302, `${server.url}/first_run`]);
    }
    const followed = await fetch(`${server.url}/api/v2/version`);
    expect(followed.status).toBe(200);
    expect(followed.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await followed.text()).toMatch(/<title>Password Pusher<\/title>/);
    expect((await call(server, '/up')).status).toBe(200);
  });

  it('runs after the token gate: a bad token is still a 401', async () => {
    server.setOptions({ firstRun: true });
    expect((await call(server, '/api/v2/pushes/active', { token: 'nobody' })).status).toBe(401);
  });

  it('has no users yet: any token is a 401 before the redirect, except on the public /version', async () => {
    server.setOptions({ firstRun: true });
    for (const path of ['/api/v2/pushes/active', '/api/v2/pushes/abcdefghijklm']) {
      const answer = await call(server, path, { token: ALICE });
      expect([path, answer.status, answer.text]).toEqual([path, 401, '']);
    }
    const version = await call(server, '/api/v2/version', { token: ALICE });
    expect([version.status, version.headers.get('location')]).toEqual([302, `${server.url}/first_run`]);
  });

  it('ends when the option is switched off', async () => {
    server.setOptions({ firstRun: true });
    server.setOptions({ firstRun: false });
    expect((await call(server, '/api/v2/version')).status).toBe(200);
  });
});

describe('web pages and routing', () => {
  it.each([
    ['', ['creation', 'view']],
    ['/r', ['creation']],
  ])(
    'serves /p/:token%s as a page that shows no secret here; the page itself claims a view, its retrieval step none',
    async (suffix, kinds) => {
      const record = await create(server, { payload: 'TOP-SECRET-VALUE', expire_after_views: 2 });
      const page = await call(server, `/p/${record.url_token}${suffix}`, {
        headers: { 'User-Agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' },
      });
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.text).toMatch(/<title>Password Pusher<\/title>/);
      expect(page.text).toMatch(/secret link/i);
      expect(page.text).not.toContain('TOP-SECRET-VALUE');
      const audit = server.pushes()[0]!.audit;
      expect(audit.map((entry) => entry.kind)).toEqual(kinds);
      if (suffix === '') expect(audit[1]!.user_agent).toMatch(/^Slackbot-LinkExpanding/);
    },
  );

  it("a page view of a push's last view expires it; a passphrase push's page claims none", async () => {
    const once = await create(server, { payload: 'x', expire_after_views: 1 });
    await call(server, `/p/${once.url_token}`);
    expect(server.pushes()[0]!.expired).toBe(true);
    const guarded = await create(server, { payload: 'y', passphrase: 'open sesame' });
    await call(server, `/p/${guarded.url_token}`);
    expect(server.pushes()[1]!.audit.map((entry) => entry.kind)).toEqual(['creation']);
  });

  it('serves the html_url and redirects legacy /f and /r links', async () => {
    const record = await create(server, { payload: 'x' });
    expect((await fetch(record.html_url)).status).toBe(200);
    const legacy = await call(server, `/f/${record.url_token}`);
    expect([legacy.status, legacy.headers.get('location')]).toEqual([301, `${server.url}/p/${record.url_token}`]);
  });

  it('sends a browser without a session from the token page to sign in, as Devise does', async () => {
    const answer = await call(server, '/users/token');
    expect([answer.status, answer.headers.get('location')]).toEqual([302, `${server.url}/users/sign_in`]);
    expect((await call(server, '/users/sign_in')).text).toMatch(/Log in/);
  });

  it('answers /up and / with HTML', async () => {
    expect((await call(server, '/up')).status).toBe(200);
    expect((await call(server, '/')).text).toMatch(/Password Pusher/);
  });

  it.each([
    ['GET', '/api/v2/pushes', { accept: 'application/json' }, 'json'],
    ['GET', '/api/v2/pushes', {}, 'html'],
    ['PUT', '/api/v2/pushes/abc123456789', { accept: 'application/json' }, 'json'],
    ['GET', '/api/v2/requests', { accept: 'application/json' }, 'json'],
    ['GET', '/api/v2/version.xml', {}, 'html'],
    ['GET', '/api/v2/nothing.json', {}, 'json'],
    ['OPTIONS', '/api/v2/pushes', { origin: 'https://example.com', 'access-control-request-method': 'POST' }, 'html'],
  ])('404 for unrouted %s %s (%j → %s)', async (method, path, headers, format) => {
    const answer = await call(server, path, { method, headers });
    expect(answer.status).toBe(404);
    if (format === 'json') expect(answer.json).toEqual({ status: 404, error: 'Not Found' });
    else expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('sends no CORS headers', async () => {
    const answers = [
      await call(server, '/api/v2/version', { headers: { origin: 'https://example.com' } }),
      await call(server, '/api/v2/pushes', {
        method: 'POST',
        json: { push: { payload: 'x' } },
        headers: { origin: 'https://example.com' },
      }),
      await call(server, '/api/v2/pushes', { method: 'OPTIONS', headers: { origin: 'https://example.com' } }),
    ];
    for (const answer of answers) expect([...answer.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([]);
  });

  it('answers a body that is not JSON with 400', async () => {
    const answer = await call(server, '/api/v2/pushes', {
      method: 'POST',
      body: '{"push":',
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(400);
  });

  it('builds URLs from the Host the client used', async () => {
    const answer = await call(server, '/api/v2/pushes', {
      method: 'POST',
      json: { push: { payload: 'x', retrieval_step: false } },
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'pwpush.example' },
    });
    expect(answer.json.html_url).toBe(`https://pwpush.example/p/${answer.json.url_token}`);
  });
});

describe('request log', () => {
  it("records method, path, query, authorization, content type, parsed body, when and on which connection it came, and its answer's status", async () => {
    await create(server, { payload: 'logged' }, ALICE);
    await call(server, '/api/v2/pushes/active?page=2');
    const form = new FormData();
    form.append('push[payload]', 'with file');
    form.append('push[files][]', new Blob(['12345']), 'five.txt');
    await call(server, '/api/v2/pushes', { method: 'POST', token: ALICE, body: form });
    expect(server.requests).toEqual([
      {
        method: 'POST',
        path: '/api/v2/pushes',
        query: {},
        authorization: `Bearer ${ALICE}`,
        contentType: 'application/json',
        body: { push: { payload: 'logged' } },
        at: expect.any(Number),
        connection: expect.any(Number),
        status: 201,
      },
      {
        method: 'GET',
        path: '/api/v2/pushes/active',
        query: { page: '2' },
        authorization: null,
        contentType: null,
        body: null,
        at: expect.any(Number),
        connection: expect.any(Number),
        status: 401,
      },
      {
        method: 'POST',
        path: '/api/v2/pushes',
        query: {},
        authorization: `Bearer ${ALICE}`,
        contentType: expect.stringMatching(/^multipart\/form-data; boundary=/),
        body: { push: { payload: 'with file', files: [{ filename: 'five.txt', size: 5 }] } },
        at: expect.any(Number),
        connection: expect.any(Number),
        status: 201,
      },
    ]);
  });

  it('records each connection, the one each request came on, and closes the idle ones as a keep-alive timeout does', async () => {
    // One kept-alive socket at most, as a browser reuses its idle connection to a host.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const version = () =>
      new Promise<void>((resolve, reject) => {
        get(`${server.url}/api/v2/version`, { agent }, (answer) => answer.resume().on('end', resolve)).on('error', reject);
      });
    try {
      await version();
      await version();
      const [first, second] = server.requests;
      expect(second!.connection).toBe(first!.connection);
      expect(server.connections.map((connection) => connection.id)).toContain(first!.connection);
      const closedAt = Date.now();
      server.closeIdleConnections();
      // The client learns of the close before it asks again, as a browser has long before a person's next push.
      await vi.waitFor(() => expect(Object.keys(agent.freeSockets)).toHaveLength(0));
      await version();
      const third = server.requests[2]!;
      expect(third.connection).not.toBe(first!.connection);
      expect(server.connections.find((connection) => connection.id === third.connection)!.at).toBeGreaterThanOrEqual(closedAt);
    } finally {
      agent.destroy();
    }
  });

  it('records faulted requests and is cleared in place by reset()', async () => {
    const log = server.requests;
    server.setFault({ type: 'drop' });
    await fetch(`${server.url}/api/v2/version`).catch(() => undefined);
    expect(log.map((entry) => entry.path)).toEqual(['/api/v2/version']);
    server.reset();
    expect(server.requests).toBe(log);
    expect(log).toEqual([]);
  });
});

describe('onRequest', () => {
  it('runs as each request arrives, before it is answered: a push seeded there is on the list that request reads', async () => {
    let seeded = '';
    const stop = server.onRequest((request) => {
      if (request.path === '/api/v2/pushes/active' && !seeded)
        seeded = server.seed([{ owner: 'alice@example.com', name: 'from another device' }])[0]!;
    });
    const listed = await call(server, '/api/v2/pushes/active', { token: ALICE });
    expect(listed.json.map((push: { url_token: string }) => push.url_token)).toEqual([seeded]);
    stop();
    await call(server, '/api/v2/pushes/active', { token: ALICE });
    expect(server.pushes()).toHaveLength(1);
  });

  it('is removed by reset()', async () => {
    const seen: string[] = [];
    server.onRequest((request) => seen.push(request.path));
    server.reset();
    await call(server, '/api/v2/version');
    expect(seen).toEqual([]);
  });
});

describe('reset()', () => {
  it('forgets pushes, faults, rate-limit counters and option changes', async () => {
    const { url_token: token } = await create(server, { payload: 'x', passphrase: 'pp' });
    for (let i = 0; i < 6; i++) await call(server, `/api/v2/pushes/${token}?passphrase=no`);
    server.setOptions({ allowAnonymous: false });
    server.setFault({ type: 'server-error' });
    server.reset();
    expect(server.pushes()).toEqual([]);
    const again = await create(server, { payload: 'x', passphrase: 'pp' });
    expect((await call(server, `/api/v2/pushes/${again.url_token}?passphrase=pp`)).status).toBe(200);
  });
});

describe('control API over HTTP', () => {
  const control = (path: string, json?: unknown) => call(server, `/__control/${path}`, json === undefined ? {} : { method: 'POST', json });

  it('sets faults and options, lists requests and pushes, resets — and is not logged itself', async () => {
    expect((await control('fault', { type: 'rate-limit', retryAfter: 5, times: 1 })).json).toEqual({ ok: true });
    expect((await call(server, '/api/v2/version')).status).toBe(429);
    expect((await call(server, '/api/v2/version')).status).toBe(200);

    await control('options', { enableUrlPushes: false });
    expect((await call(server, '/api/v2/version')).json.features.pushes.url_pushes.enabled).toBe(false);

    await create(server, { payload: 'seen' });
    expect((await control('pushes')).json).toEqual([expect.objectContaining({ payload: 'seen', kind: 'text', owner: null })]);
    expect((await control('requests')).json.map((entry: { path: string }) => entry.path)).toEqual([
      '/api/v2/version',
      '/api/v2/version',
      '/api/v2/version',
      '/api/v2/pushes',
    ]);

    await control('fault', null);
    await control('reset', {});
    expect((await control('requests')).json).toEqual([]);
    expect((await call(server, '/api/v2/version')).json.features.pushes.url_pushes.enabled).toBe(true);
  });

  it('moves the clock', async () => {
    const { url_token: token } = await create(server, { payload: 'x', expire_after_days: 1 });
    await control('time', { advanceMs: 86_400_000 });
    expect((await call(server, `/api/v2/pushes/${token}`)).json.expired).toBe(true);
  });

  it("runs the daily clean-up it passes: an expired anonymous push is gone (404), an owner's stays", async () => {
    const { url_token: anonymous } = await create(server, { payload: 'x', expire_after_days: 1 });
    const owned = await call(server, '/api/v2/pushes', {
      method: 'POST',
      token: server.users[0]!.token,
      json: { push: { payload: 'y', expire_after_days: 1 } },
    });
    const mine = owned.json.url_token as string;
    // Expired within 2 hours of its day running out, then deleted at the next 05:00: three days pass
    // both, whatever the time of day the test starts at (two did not from 04:16 UTC).
    await control('time', { advanceMs: 3 * 86_400_000 });
    expect((await call(server, `/api/v2/pushes/${anonymous}`)).status).toBe(404);
    expect((await call(server, `/api/v2/pushes/${mine}`, { token: server.users[0]!.token })).json.expired).toBe(true);
  });

  it('answers 400 for a bad fault and 404 for an unknown route', async () => {
    expect((await control('fault', { type: 'nope' })).status).toBe(400);
    expect((await control('nothing')).status).toBe(404);
  });
});

describe('cli.mjs', () => {
  it('starts a server, prints its URL and the seeded tokens, and stops on SIGTERM', async () => {
    const cli = fileURLToPath(new URL('./cli.mjs', import.meta.url));
    const child = spawn(process.execPath, [cli, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const lines = createInterface({ input: child.stdout });
      const output: string[] = [];
      for await (const line of lines) {
        output.push(line);
        if (output.length === 3) break;
      }
      const url = /^pwpush reference server on (http:\/\/127\.0\.0\.1:\d+)$/.exec(output[0] ?? '')?.[1];
      expect(url).toBeTruthy();
      expect(output.join('\n')).toContain(ALICE);
      expect((await fetch(`${url}/api/v2/version`)).status).toBe(200);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
  });
});

describe('seed', () => {
  it('puts pushes straight into the store, listed like made ones, with no request', async () => {
    const [older, newer, gone] = server.seed([
      { owner: 'alice@example.com', name: 'older', createdAt: Date.UTC(2026, 0, 1) },
      { owner: 'alice@example.com', name: 'newer', createdAt: Date.UTC(2026, 0, 2) },
      { owner: 'alice@example.com', name: 'gone', expired: true },
    ]);
    expect(server.requests).toEqual([]);
    const active = await call(server, '/api/v2/pushes/active', { token: ALICE });
    expect(active.json.map((push: { url_token: string }) => push.url_token)).toEqual([newer, older]);
    const expired = await call(server, '/api/v2/pushes/expired', { token: ALICE });
    expect(expired.json.map((push: { url_token: string }) => push.url_token)).toEqual([gone]);
  });
});
