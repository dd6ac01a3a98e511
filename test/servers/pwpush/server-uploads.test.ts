// @vitest-environment node
// Reference server: a slow uplink, a proxy's size limit, its own 64 MiB guard and a create whose answer comes too late.
import { request, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPwpushServer, type PwpushServer } from './server.mjs';
import { ALICE, call } from './helpers';

let server: PwpushServer;
beforeAll(async () => {
  server = await startPwpushServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

function fileForm(bytes: number) {
  const form = new FormData();
  form.append('push[kind]', 'file');
  form.append('push[files][]', new File([new Uint8Array(bytes)], 'big.bin'));
  return form;
}

describe('uploadBytesPerSecond', () => {
  it('reads the body no faster than asked: 512 kB at 256 kB/s takes about 2 s', async () => {
    server.setOptions({ uploadBytesPerSecond: 256 * 1024 });
    const started = Date.now();
    const answer = await call(server, '/api/v2/pushes', { method: 'POST', token: ALICE, body: fileForm(512 * 1024) });
    expect(answer.status).toBe(201);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    expect(server.pushes()[0]?.files[0]?.size).toBe(512 * 1024);
  });
});

describe('maxBodyBytes', () => {
  it('answers a longer body with nginx’s 413 HTML page and stores nothing', async () => {
    server.setOptions({ maxBodyBytes: 100_000 });
    const answer = await call(server, '/api/v2/pushes', { method: 'POST', token: ALICE, body: fileForm(200_000) });
    expect(answer.status).toBe(413);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    expect(answer.text).toContain('413 Request Entity Too Large');
    expect(server.pushes()).toEqual([]);
  });

  it('answers as soon as the headers show a longer body, before the body has come', async () => {
    server.setOptions({ maxBodyBytes: 100_000 });
    const headers = { authorization: `Bearer ${ALICE}`, 'content-type': 'multipart/form-data; boundary=B', 'content-length': '200000' };
    const sending = request(`${server.url}/api/v2/pushes`, { method: 'POST', headers });
    const answered = new Promise<IncomingMessage>((resolve, reject) => sending.on('response', resolve).on('error', reject));
    sending.write('--B\r\n'); // the rest of the 200 000 bytes never comes
    try {
      const answer = await answered;
      expect(answer.statusCode).toBe(413);
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
    } finally {
      sending.destroy();
    }
    expect(server.pushes()).toEqual([]);
  });

  it('lets a shorter body through', async () => {
    server.setOptions({ maxBodyBytes: 100_000 });
    expect((await call(server, '/api/v2/pushes', { method: 'POST', token: ALICE, body: fileForm(1000) })).status).toBe(201);
  });
});

describe('the server’s own 64 MiB guard', () => {
  it('drops the connection as soon as the Content-Length shows a longer body', async () => {
    const headers = {
      authorization: `Bearer ${ALICE}`,
      'content-type': 'multipart/form-data; boundary=B',
      'content-length': String(65 * 1024 * 1024),
    };
    const sending = request(`${server.url}/api/v2/pushes`, { method: 'POST', headers });
    const failed = new Promise<Error>((resolve) => sending.on('error', resolve).on('response', () => resolve(new Error('answered'))));
    sending.write('--B\r\n'); // the rest never comes
    expect((await failed).message).toMatch(/socket hang up|ECONNRESET/);
    expect(server.pushes()).toEqual([]);
  });
});

describe('createAnswerDelayMs', () => {
  it('stores the push at once and answers later', async () => {
    server.setOptions({ createAnswerDelayMs: 600 });
    const started = Date.now();
    const answer = call(server, '/api/v2/pushes', { method: 'POST', json: { push: { payload: 'x' } } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.pushes()).toHaveLength(1);
    expect((await answer).status).toBe(201);
    expect(Date.now() - started).toBeGreaterThanOrEqual(550);
  });

  it('keeps the push when the client gave up before the answer', async () => {
    server.setOptions({ createAnswerDelayMs: 5000 });
    const gaveUp = fetch(`${server.url}/api/v2/pushes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ push: { payload: 'y' } }),
      signal: AbortSignal.timeout(300),
    });
    await expect(gaveUp).rejects.toThrow();
    expect(server.pushes().map((push) => push.payload)).toEqual(['y']);
  });
});
