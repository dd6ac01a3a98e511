// @vitest-environment node
// Finding an attempt's push on the reference server (docs/exactly-once.md): claimed only when proven.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPwpushServer, type PwpushServer } from '../../servers/pwpush/server.mjs';
import { create } from '../../servers/pwpush/helpers';
import { beginAttempt, describeAttempt, listAttempts } from '@/lib/attempts/attempts';
import { listHistory } from '@/lib/history/entries';
import { settleIfKept } from '@/lib/history/policy';
import type { PushInput } from '@/lib/pwpush/types';
import { historySettings } from '@/lib/settings';
import { localAttemptBook } from '@/lib/attempts/local-book';
import type { LiveAttempt } from '@/lib/attempts/proof';
import { expireCopiesOf, resolveAttempt } from '@/lib/attempts/resolve';
import { makePush } from '@/test/support/pwpush-fixtures';

let server: PwpushServer;
beforeAll(async () => {
  server = await startPwpushServer();
});
afterAll(() => server?.close());
beforeEach(() => server.reset());

const token = () => server.users[0]!.token;
const cfg = () => ({ baseUrl: server.url, token: token() });
const input: PushInput = {
  kind: 'text',
  payload: 'the secret',
  expireAfterDays: 7,
  expireAfterViews: 5,
  deletableByViewer: true,
  retrievalStep: true,
  name: 'db',
  note: '',
};
/** The same push as the API takes it. */
const asSent = (overrides: Record<string, unknown> = {}) => ({
  payload: 'the secret',
  kind: 'text',
  expire_after_days: 7,
  expire_after_views: 5,
  deletable_by_viewer: true,
  retrieval_step: true,
  name: 'db',
  note: '',
  ...overrides,
});

async function attempt(id: string, overrides: Partial<PushInput> = {}, startedAt = Date.now() - 1000): Promise<LiveAttempt> {
  const live: LiveAttempt = { id, baseUrl: server.url, startedAt, input: { ...input, ...overrides }, edition: 'oss' };
  await beginAttempt(describeAttempt(id, server.url, live.input, 'oss', startedAt));
  return live;
}
const once = { delays: [0] };
const deps = (more = {}) => ({ cfg: cfg(), book: localAttemptBook, ...once, ...more });
const requests = () => server.requests.map((request) => `${request.method} ${request.path}`);
const live = () => server.pushes().filter((push) => !push.expired);

describe('resolving an attempt whose answer did not come', () => {
  it('finds its push, claims it in the history, and ends the attempt', async () => {
    const mine = await attempt('a1');
    const made = await create(server, asSent(), token());
    const resolution = await resolveAttempt(mine, deps());
    expect(resolution).toMatchObject({ kind: 'found', push: { urlToken: made.url_token }, twinsExpired: 0 });
    const history = await listHistory();
    expect(history.ok && history.value.map((entry) => entry.urlToken)).toEqual([made.url_token]);
    expect(await listAttempts()).toEqual({ ok: true, value: [] });
  });

  it('with the list page and one owner read of the one candidate, which counts no view', async () => {
    const mine = await attempt('a1');
    const made = await create(server, asSent(), token());
    server.requests.length = 0;
    await resolveAttempt(mine, deps());
    expect(requests()).toEqual(['GET /api/v2/pushes/active', `GET /api/v2/pushes/${made.url_token}`]);
    expect(server.pushes()[0]!.views_remaining).toBe(5);
    expect(server.pushes()[0]!.audit.map((entry) => entry.kind)).toEqual(['creation', 'owner_view']);
  });

  it('history off, push A answered, then B late: B is found, never A, even with the same secret', async () => {
    await historySettings.setValue({ keep: false, forgetExpiredAfterDays: 30 });
    const a = await attempt('a');
    const pushA = await create(server, asSent(), token());
    await settleIfKept('a', server.url, makePush({ ...a, urlToken: pushA.url_token }), { kind: 'text', passphraseProtected: false });
    const b = await attempt('b');
    const pushB = await create(server, asSent(), token());
    expect(await resolveAttempt(b, deps())).toMatchObject({ kind: 'found', push: { urlToken: pushB.url_token }, twinsExpired: 0 });
    expect(
      live()
        .map((push) => push.url_token)
        .sort(),
    ).toEqual([pushA.url_token, pushB.url_token].sort());
    // A second look for A (after a restart, say) still finds A: it is A's own claim.
    expect(await resolveAttempt(a, deps())).toMatchObject({ kind: 'found', push: { urlToken: pushA.url_token } });
  });

  it('never takes a push made elsewhere with the same token, options and a passphrase, for one made here without', async () => {
    const mine = await attempt('a1');
    await create(server, asSent({ passphrase: 'elsewhere' }), token());
    server.requests.length = 0;
    expect(await resolveAttempt(mine, deps())).toEqual({ kind: 'not-found' });
    // Its passphrase shows in the list: it was never even read.
    expect(requests()).toEqual(['GET /api/v2/pushes/active']);
  });

  it('never takes a push with the same options and another secret; its read is not repeated on later looks', async () => {
    const mine = await attempt('a1');
    await create(server, asSent({ payload: 'another secret' }), token());
    server.requests.length = 0;
    expect(await resolveAttempt(mine, deps({ delays: [0, 1, 1] }))).toEqual({ kind: 'not-found' });
    expect(requests().filter((line) => !line.endsWith('/active'))).toHaveLength(1);
  });

  it('reads a passphrase-protected candidate with the passphrase sent', async () => {
    const mine = await attempt('a1', { passphrase: 'open sesame' });
    const made = await create(server, asSent({ passphrase: 'open sesame' }), token());
    expect(await resolveAttempt(mine, deps())).toMatchObject({ kind: 'found', push: { urlToken: made.url_token } });
    expect(server.pushes()[0]!.audit.map((entry) => entry.kind)).toEqual(['creation', 'owner_view']);
  });

  it('keeps the oldest of two proven pushes and expires neither: without an answer a copy cannot be told from one made elsewhere', async () => {
    const mine = await attempt('a1');
    const first = await create(server, asSent(), token());
    await create(server, asSent(), token());
    expect(await resolveAttempt(mine, deps())).toMatchObject({
      kind: 'found',
      push: { urlToken: first.url_token },
      twinsExpired: 0,
      identical: 1,
    });
    expect(live()).toHaveLength(2);
  });

  it('counts an identical push that landed after the first look, and expires it not', async () => {
    const mine = await attempt('a1');
    const first = await create(server, asSent(), token());
    const sleep = async () => void (await create(server, asSent(), token()));
    expect(await resolveAttempt(mine, deps({ delays: [0, 2_000], sleep }))).toMatchObject({
      kind: 'found',
      push: { urlToken: first.url_token },
      twinsExpired: 0,
      identical: 1,
    });
    expect(live()).toHaveLength(2);
  });

  it('expires no copy while another open attempt of this browser asked for the same (it may be its push)', async () => {
    const mine = await attempt('a1');
    await attempt('a2');
    await create(server, asSent(), token());
    const named = await create(server, asSent(), token());
    const answered = { ...mine, answered: { push: makePush({ urlToken: named.url_token, createdAt: named.created_at }), at: Date.now() } };
    expect(await expireCopiesOf(answered, deps())).toBe(0);
    expect(live()).toHaveLength(2);
  });

  it('looks again while the push is still on its way, and finds it then', async () => {
    const mine = await attempt('a1');
    let looks = 0;
    const made = new Promise<string>((resolve) => {
      void (async () => {
        await new Promise((wait) => setTimeout(wait, 50));
        resolve((await create(server, asSent(), token())).url_token);
      })();
    });
    const sleep = async (ms: number) => {
      looks += 1;
      await new Promise((wait) => setTimeout(wait, ms));
    };
    const resolution = await resolveAttempt(mine, deps({ delays: [0, 100, 100], sleep }));
    expect(resolution).toMatchObject({ kind: 'found', push: { urlToken: await made } });
    expect(looks).toBeGreaterThan(0);
  });

  it('says it could not look when the list cannot be read', async () => {
    const mine = await attempt('a1');
    server.setFault({ type: 'server-error' });
    expect(await resolveAttempt(mine, deps())).toMatchObject({ kind: 'unchecked', error: { kind: 'server' } });
  });

  it('stops at once on a refused token', async () => {
    const mine = await attempt('a1');
    server.requests.length = 0;
    const resolution = await resolveAttempt(mine, { ...deps({ delays: [0, 10, 10] }), cfg: { baseUrl: server.url, token: 'wrong' } });
    expect(resolution).toMatchObject({ kind: 'unchecked', error: { kind: 'unauthorized' } });
    expect(requests().filter((line) => line.endsWith('/active'))).toHaveLength(1);
  });
});

describe('copies of a push whose answer came', () => {
  it('are expired when the network sent the request twice; the push the answer named stays', async () => {
    const startedAt = Date.now() - 500;
    const mine = await attempt('a1', {}, startedAt);
    const copy = await create(server, asSent(), token());
    const named = await create(server, asSent(), token());
    await settleIfKept('a1', server.url, makePush({ urlToken: named.url_token }), { kind: 'text', passphraseProtected: false });
    const answered = { ...mine, answered: { push: makePush({ urlToken: named.url_token, createdAt: named.created_at }), at: Date.now() } };
    expect(await expireCopiesOf(answered, deps())).toBe(1);
    expect(live().map((push) => push.url_token)).toEqual([named.url_token]);
    expect(server.pushes().find((push) => push.url_token === copy.url_token)!.deleted).toBe(true);
  });

  it('leave an identical push made after the answer alone: it came from another request', async () => {
    const startedAt = Date.now() - 200;
    const mine = await attempt('a1', {}, startedAt);
    const named = await create(server, asSent(), token());
    const answered = { ...mine, answered: { push: makePush({ urlToken: named.url_token, createdAt: named.created_at }), at: Date.now() } };
    await new Promise((wait) => setTimeout(wait, 1500));
    const later = await create(server, asSent(), token());
    expect(await expireCopiesOf(answered, deps())).toBe(0);
    expect(
      live()
        .map((push) => push.url_token)
        .sort(),
    ).toEqual([named.url_token, later.url_token].sort());
  });

  it('leave an earlier push of the same secret alone: it was made before this request left', async () => {
    const earlier = await create(server, asSent(), token());
    await new Promise((wait) => setTimeout(wait, 1200));
    const mine = await attempt('a1', {}, Date.now());
    const named = await create(server, asSent(), token());
    const answered = { ...mine, answered: { push: makePush({ urlToken: named.url_token, createdAt: named.created_at }), at: Date.now() } };
    expect(await expireCopiesOf(answered, deps())).toBe(0);
    expect(
      live()
        .map((push) => push.url_token)
        .sort(),
    ).toEqual([earlier.url_token, named.url_token].sort());
  });
});
