// @vitest-environment node
// Reference server: the opt-in oversized answers of a hostile instance (off by default).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPwpushServer, type PwpushFault, type PwpushServer } from './server.mjs';
import { ALICE, call } from './helpers';

let server: PwpushServer;
beforeAll(async () => {
  server = await startPwpushServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

describe('oversized answers', () => {
  it('are off by default: a list is a page of what is stored', async () => {
    const answer = await call(server, '/api/v2/pushes/active', { token: ALICE });
    expect(answer.json).toEqual([]);
    expect(server.oversizedSent).toEqual([]);
  });

  it('huge-list sends a list page of N push records, in the list shape, with or without its length', async () => {
    server.setFault({ type: 'huge-list', count: 120 });
    const streamed = await call(server, '/api/v2/pushes/active', { token: ALICE });
    expect(streamed.status).toBe(200);
    expect(streamed.headers.get('content-length')).toBeNull();
    expect(streamed.json).toHaveLength(120);
    expect(new Set(streamed.json.map((push: { url_token: string }) => push.url_token)).size).toBe(120);
    expect(streamed.json[7]).toMatchObject({
      html_url: `${server.url}/p/${streamed.json[7].url_token}`,
      expired: false,
      name: expect.any(String),
    });
    await expect.poll(() => server.oversizedSent).toEqual([Buffer.byteLength(streamed.text)]);

    server.setFault({ type: 'huge-list', count: 120, contentLength: true });
    const declared = await call(server, '/api/v2/pushes/expired', { token: ALICE });
    expect(Number(declared.headers.get('content-length'))).toBe(Buffer.byteLength(declared.text));
    expect(declared.json).toHaveLength(120);
  });

  it('huge-push sends one push record with a note of N characters: 201 to a create, 200 otherwise', async () => {
    server.setFault({ type: 'huge-push', bytes: 300_000, contentLength: true });
    const created = await call(server, '/api/v2/pushes', { method: 'POST', json: { push: { payload: 'x' } } });
    expect(created.status).toBe(201);
    expect(created.json.note).toHaveLength(300_000);
    expect(Number(created.headers.get('content-length'))).toBe(Buffer.byteLength(created.text));
    const shown = await call(server, '/api/v2/pushes/abcdefghijk');
    expect(shown.status).toBe(200);
    expect(shown.json.url_token).toEqual(expect.any(String));
  });

  it('endless never ends, and stops when the client goes away', async () => {
    server.setFault({ type: 'endless' });
    const controller = new AbortController();
    const response = await fetch(`${server.url}/api/v2/version`, { signal: controller.signal });
    const reader = response.body!.getReader();
    let read = 0;
    while (read < 4 * 1024 * 1024) read += (await reader.read()).value!.byteLength;
    controller.abort();
    await expect.poll(() => server.oversizedSent.length).toBe(1);
    expect(server.oversizedSent[0]).toBeGreaterThanOrEqual(read);
  });

  it('endless with chunkDelayMs drips a few bytes at a time', async () => {
    server.setFault({ type: 'endless', chunkDelayMs: 20 });
    const controller = new AbortController();
    const response = await fetch(`${server.url}/api/v2/version`, { signal: controller.signal });
    const started = Date.now();
    const reader = response.body!.getReader();
    let read = 0;
    while (Date.now() - started < 200) read += (await reader.read()).value!.byteLength;
    controller.abort();
    expect(read).toBeLessThan(1024);
  });

  it.each<[string, unknown]>([
    ['a huge-list without a count', { type: 'huge-list' }],
    ['a huge-push without bytes', { type: 'huge-push', bytes: -1 }],
    ['an endless drip of a fraction of a ms', { type: 'endless', chunkDelayMs: 0.5 }],
  ])('refuses %s', (_name, fault) => {
    expect(() => server.setFault(fault as PwpushFault)).toThrow(TypeError);
  });
});
