// @vitest-environment node
// Node's own fetch talks to the reference server; happy-dom's would apply page CORS rules that an
// extension context does not have (docs/password-pusher.md#cors).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPwpushServer, type PwpushServer } from '../../servers/pwpush/server.mjs';
import { activePushes, auditLog, expiredPushes, expirePush, retrievePush } from '@/lib/pwpush/client';
import type { ClientConfig } from '@/lib/pwpush/types';
import { poll, type PollDeps } from '@/lib/receipts/poll';
import { MAX_REQUESTS_PER_POLL } from '@/lib/receipts/schedule';
import type { WatchedPush } from '@/lib/receipts/types';

/**
 * Requests per poll against the reference server, which lists and audits as Password Pusher
 * does (50 a page, no pagination headers on 2.11.4; the audit as `views` before 2.9.0).
 */

const CHROME_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';

let server: PwpushServer;
beforeAll(async () => {
  server = await startPwpushServer();
});
afterAll(async () => {
  await server?.close();
});

async function seed(version: string, count: number): Promise<{ owner: ClientConfig; watched: WatchedPush[] }> {
  server.reset();
  server.setOptions({ version });
  const owner = { baseUrl: server.url, token: server.users[0]!.token };
  // Put straight into the store: 500 creates would meet the throttle (120 a minute) long before the poll does.
  const start = Date.now() - count * 1000;
  const tokens = server.seed(
    Array.from({ length: count }, (_, i) => ({
      owner: server.users[0]!.email,
      payload: `secret ${i}`,
      expireAfterViews: 5,
      createdAt: start + i * 1000,
    })),
  );
  const watched: WatchedPush[] = tokens.map((urlToken, i) => ({ entryId: String(i), urlToken, viewsRemaining: 5, auditRead: 0 }));
  server.requests.length = 0;
  return { owner, watched };
}

function deps(owner: ClientConfig): PollDeps {
  return {
    active: (page) => activePushes(owner, page),
    expired: (page) => expiredPushes(owner, page),
    audit: (token, page) => auditLog(owner, token, page),
    now: Date.now(),
    maxRequests: MAX_REQUESTS_PER_POLL,
  };
}

describe.each(['2.11.4', '2.8.2'])('requests per poll on %s', (version) => {
  it.each([
    [1, 1],
    [50, 1],
    [500, 10],
  ])('%i watched pushes, nothing opened: %i list request(s), no audit', async (count, requests) => {
    const { owner, watched } = await seed(version, count);
    const outcome = await poll(watched, deps(owner));
    expect(outcome.requests).toBe(requests);
    expect(server.requests.length).toBe(requests);
    expect(server.requests.every((request) => request.path === '/api/v2/pushes/active')).toBe(true);
  });

  it.each([
    [1, 2],
    [50, 2],
    [500, 11],
  ])('%i watched pushes, one opened by a browser: the lists plus one audit page (%i)', async (count, requests) => {
    const { owner, watched } = await seed(version, count);
    const opened = watched[Math.floor(count / 2)]!;
    const viewer = {
      ...owner,
      token: undefined,
      fetch: ((url: string, init: RequestInit) =>
        fetch(url, { ...init, headers: { ...(init.headers as Record<string, string>), 'User-Agent': CHROME_UA } })) as typeof fetch,
    };
    expect((await retrievePush(viewer, opened.urlToken)).ok).toBe(true);
    server.requests.length = 0;
    const outcome = await poll(watched, deps(owner));
    expect(outcome.requests).toBe(requests);
    expect(server.requests.filter((request) => request.path.endsWith('/audit')).length).toBe(1);
    expect(outcome.receipts).toEqual([expect.objectContaining({ entryId: opened.entryId, event: 'viewed', viewsLeft: 4 })]);
  });
});

it('one push expired by its recipient: the Active list, then the Expired one', async () => {
  const { owner, watched } = await seed('2.11.4', 3);
  expect((await expirePush({ baseUrl: server.url }, watched[1]!.urlToken)).ok).toBe(true);
  server.requests.length = 0;
  const outcome = await poll(watched, deps(owner));
  expect(server.requests.map((request) => request.path)).toEqual(['/api/v2/pushes/active', '/api/v2/pushes/expired']);
  expect(outcome.receipts).toEqual([expect.objectContaining({ entryId: '1', event: 'deleted' })]);
  expect(outcome.ended).toEqual(['1']);
});
