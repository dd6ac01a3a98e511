// @vitest-environment node
// The client against a hostile instance's oversized answers (test/servers/pwpush/hostile.mjs):
// it stops reading just past each call's limit, so the instance is left with most of its answer
// unsent, and fails as too-large in well under the request's time limit.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPwpushServer, type PwpushServer } from '../../servers/pwpush/server.mjs';
import { activePushes, auditLog, createPush, expirePush, previewUrl, retrievePush, version } from '@/lib/pwpush/client';
import { CREATED_MAX_BYTES, PUSH_PAGE_MAX_BYTES, RETRIEVED_MAX_BYTES, VERSION_MAX_BYTES } from '@/lib/pwpush/answer-limits';
import type { ClientConfig } from '@/lib/pwpush/types';

let server: PwpushServer;
let alice: ClientConfig;

beforeAll(async () => {
  server = await startPwpushServer();
});
afterAll(() => server?.close());
beforeEach(() => {
  server.reset();
  alice = { baseUrl: server.url, token: server.users[0]!.token };
});

/** What the server managed to send of its oversized answer, once it noticed the client had gone. */
async function sent(): Promise<number> {
  await expect.poll(() => server.oversizedSent.length, { timeout: 5000 }).toBe(1);
  return server.oversizedSent[0]!;
}

/** Loopback sockets and stream queues hold a few MiB between the two ends. */
const IN_FLIGHT = 16 * 1024 * 1024;

describe('a list page of 100,000 pushes', () => {
  it('is refused just past the page limit, in moments', async () => {
    server.setFault({ type: 'huge-list', count: 100_000 });
    const started = Date.now();
    const result = await activePushes(alice, 1);
    expect(result).toEqual({ ok: false, error: { kind: 'too-large', status: 200, limitBytes: PUSH_PAGE_MAX_BYTES } });
    expect(Date.now() - started).toBeLessThan(5000);
    // The whole answer is about 60 MB.
    expect(await sent()).toBeLessThan(PUSH_PAGE_MAX_BYTES + IN_FLIGHT);
  });

  it('is refused unread when its Content-Length says so', async () => {
    server.setFault({ type: 'huge-list', count: 100_000, contentLength: true });
    const result = await activePushes(alice, 1);
    expect(result).toMatchObject({ ok: false, error: { kind: 'too-large', limitBytes: PUSH_PAGE_MAX_BYTES } });
    expect(await sent()).toBeLessThan(IN_FLIGHT);
  });

  it('of 51 small pushes is refused too: a page holds 50', async () => {
    server.setFault({ type: 'huge-list', count: 51 });
    expect(await activePushes(alice, 1)).toEqual({ ok: false, error: { kind: 'too-large', status: 200, limitItems: 50 } });
    server.setFault({ type: 'huge-list', count: 50 });
    const page = await activePushes(alice, 1);
    expect(page.ok && page.value.items).toHaveLength(50);
  });

  it('is refused on the audit log the same way', async () => {
    server.setFault({ type: 'endless' });
    expect(await auditLog(alice, 'abcdefghijk', 1)).toMatchObject({ ok: false, error: { kind: 'too-large' } });
  });
});

describe('a push too large to be one', () => {
  it('is refused on create, expire and preview; a long note within the limit is read', async () => {
    server.setFault({ type: 'huge-push', bytes: CREATED_MAX_BYTES + 1 });
    expect(await createPush(alice, { kind: 'text', payload: 'x' })).toMatchObject({ ok: false, error: { kind: 'too-large' } });
    server.setFault({ type: 'huge-push', bytes: 200_000 });
    expect(await expirePush(alice, 'abcdefghijk')).toMatchObject({ ok: false, error: { kind: 'too-large' } });
    expect(await previewUrl(alice, 'abcdefghijk')).toMatchObject({ ok: false, error: { kind: 'too-large' } });
    const noted = await createPush(alice, { kind: 'text', payload: 'x' });
    expect(noted.ok && noted.value.note).toHaveLength(200_000);
  });

  it('is refused on retrieval only past what a 1 MiB secret can take', async () => {
    server.setFault({ type: 'huge-push', bytes: 8 * 1024 * 1024 });
    expect((await retrievePush(alice, 'abcdefghijk')).ok).toBe(true);
    server.reset();
    server.setFault({ type: 'huge-push', bytes: 64 * 1024 * 1024 });
    expect(await retrievePush(alice, 'abcdefghijk')).toMatchObject({
      ok: false,
      error: { kind: 'too-large', limitBytes: RETRIEVED_MAX_BYTES },
    });
    expect(await sent()).toBeLessThan(RETRIEVED_MAX_BYTES + IN_FLIGHT);
  });
});

describe('an answer without end', () => {
  it('is refused at the limit when it is fast', async () => {
    server.setFault({ type: 'endless' });
    expect(await version({ baseUrl: server.url })).toEqual({
      ok: false,
      error: { kind: 'too-large', status: 200, limitBytes: VERSION_MAX_BYTES },
    });
    expect(await sent()).toBeLessThan(VERSION_MAX_BYTES + IN_FLIGHT);
  });

  it('ends at the time limit when it drips', async () => {
    server.setFault({ type: 'endless', chunkDelayMs: 10 });
    const started = Date.now();
    expect(await version({ baseUrl: server.url, timeoutMs: 300 })).toEqual({ ok: false, error: { kind: 'timeout' } });
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
