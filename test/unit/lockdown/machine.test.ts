import { describe, expect, it, vi } from 'vitest';
import { MAX_THROTTLED_IN_A_ROW, MAX_TRIES, RETRY_BACKOFF_MS } from '@/lib/lockdown/answers';
import { step } from '@/lib/lockdown/machine';
import type { StepDeps } from '@/lib/lockdown/step-deps';
import type { OwnEntry } from '@/lib/lockdown/step-deps';
import { progressOf } from '@/lib/lockdown/progress';
import { MAX_ROUNDS, startState, type LockdownState, type WipeOutcome } from '@/lib/lockdown/state';
import type { LockdownWork } from '@/lib/lockdown/work';
import { BASE_URL, pushRecord } from '@/test/support/pwpush-fixtures';

const WIPED: WipeOutcome = { history: true, airports: true, token: 'forgotten', clipboard: 'emptied', compacted: true };
const START = Date.parse('2026-11-27T09:00:00.000Z');

type Answer = { status: number; body?: unknown; headers?: Record<string, string> };

/** A fetch that answers each request with the next scripted answer, and records what was asked (and whether with the token). */
function scripted(answers: Answer[]) {
  const asked: string[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const auth = (init?.headers as Record<string, string> | undefined)?.Authorization;
    asked.push(`${init?.method ?? 'GET'} ${String(url).replace(`${BASE_URL}/api/v2`, '')}${auth ? '' : ' (no token)'}`);
    const answer = answers.shift();
    if (!answer) throw new Error(`no answer scripted for ${String(url)}`);
    const isText = typeof answer.body === 'string';
    return new Response(answer.body === undefined ? null : isText ? (answer.body as string) : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': isText ? 'text/plain' : 'application/json', ...answer.headers },
    });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, asked };
}

const page = (tokens: string[], createdAt = '2026-11-27T08:00:00.000Z') => ({
  status: 200,
  body: tokens.map((t) => pushRecord({ url_token: t, name: `push ${t}`, created_at: createdAt })),
});
const tokens = (from: number, count: number) => Array.from({ length: count }, (_, i) => `tok${String(from + i).padStart(4, '0')}x`);
const expiredAnswer = (token: string, expiredOn = new Date(START).toISOString()) => ({
  status: 200,
  body: pushRecord({ url_token: token, expired: true, deleted: true, passphrase: null, expired_on: expiredOn }),
});
const notDeletable = { status: 401, body: { error: 'That push is not deletable by viewers.' } };

type Deps = StepDeps & { clock: { now: number } };

function deps(fetch: typeof globalThis.fetch, overrides: Partial<StepDeps> & { own?: OwnEntry[] } = {}): Deps {
  const clock = { now: START };
  const { own = [], ...rest } = overrides;
  return {
    token: 'alice-token',
    fetch,
    now: () => clock.now,
    wipe: async () => WIPED,
    ownEntries: async (_state, listed) => own.filter((entry) => !listed.has(entry.urlToken)),
    clock,
    ...rest,
  };
}

const start = (withToken = true) => startState({ baseUrl: BASE_URL, withToken, keepTokenForSession: false, now: START });
const fresh = (): LockdownWork => ({ startedAt: START, targets: [] });

interface Run {
  state: LockdownState;
  work: LockdownWork;
  /** Every state as the runner would store it. */
  stored: LockdownState[];
}

/** Steps until the phase is `until` (or done), moving the clock to each `notBefore` like the runner waits. */
async function run(state: LockdownState, d: Deps, until = 'done', work = fresh(), max = 2000): Promise<Run> {
  let current = { state, work };
  const stored: LockdownState[] = [];
  for (let i = 0; i < max && current.state.phase !== until && current.state.phase !== 'done'; i += 1) {
    d.clock.now = Math.max(d.clock.now, current.state.notBefore);
    current = await step(current.state, current.work, d);
    stored.push(current.state);
  }
  return { ...current, stored };
}

describe('lockdown: listing the Active pages', () => {
  it('reads every page (two full pages of 50 and a short one: 2.11.4 sends no pagination headers), then expires each', async () => {
    const all = tokens(1, 120);
    const server = scripted([
      page(all.slice(0, 50)),
      page(all.slice(50, 100)),
      page(all.slice(100)),
      ...all.map((t) => expiredAnswer(t)),
      page([]),
    ]);
    const d = deps(server.fetch);
    const listed = await run(start(), d, 'expiring');
    expect(server.asked).toEqual(['GET /pushes/active?page=1', 'GET /pushes/active?page=2', 'GET /pushes/active?page=3']);
    expect(listed.work.targets).toHaveLength(120);
    expect(progressOf(listed.state)).toMatchObject({ phase: 'expiring', expired: 0, total: 120 });

    const done = await run(listed.state, d, 'done', listed.work);
    expect(server.asked.filter((line) => line.startsWith('DELETE'))).toHaveLength(120);
    // Read once more at the end: nothing new, and no push of this browser's own: on to its data.
    expect(server.asked.at(-1)).toBe('GET /pushes/active?page=1');
    expect(done.state.report).toMatchObject({ expired: 120, gone: 0, notDone: [], wipe: WIPED, token: 'pending' });
    expect(progressOf(done.state)).toMatchObject({ phase: 'done', expired: 120, total: 120 });
  });

  it('stores counts, never a link token or a name, and the session memory is written once per page, not per push', async () => {
    const all = tokens(1, 120);
    const server = scripted([
      page(all.slice(0, 50)),
      page(all.slice(50, 100)),
      page(all.slice(100)),
      ...all.map((t) => expiredAnswer(t)),
      page([]),
    ]);
    const ran = await run(start(), deps(server.fetch));
    const stored = JSON.stringify(ran.stored);
    expect(all.filter((token) => stored.includes(token))).toEqual([]);
    expect(stored).not.toContain('push tok');
    // A new session memory object only when a page added pushes: three times, whatever the number of DELETEs.
    let changes = 0;
    let work = fresh();
    const replay = scripted([
      page(all.slice(0, 50)),
      page(all.slice(50, 100)),
      page(all.slice(100)),
      ...all.map((t) => expiredAnswer(t)),
      page([]),
    ]);
    const d = deps(replay.fetch);
    let state = start();
    while (state.phase !== 'done') {
      const next = await step(state, work, d);
      if (next.work !== work) changes += 1;
      ({ state, work } = next);
    }
    expect(changes).toBe(3);
  });

  it('with no active push goes straight to the wipe', async () => {
    const server = scripted([page([])]);
    const { state } = await run(start(), deps(server.fetch));
    expect(server.asked).toEqual(['GET /pushes/active?page=1']);
    expect(state.report).toMatchObject({ expired: 0, gone: 0, notDone: [], withToken: true });
  });

  it('a page refused (401) ends the listing: what was found is still expired', async () => {
    // An empty 401 is also a fresh instance's: the client looks at /first_run (lib/pwpush/first-run.ts).
    const server = scripted([
      page(tokens(1, 50)),
      { status: 401, body: '' },
      { status: 404, body: '' },
      ...tokens(1, 50).map((t) => expiredAnswer(t)),
    ]);
    const { state } = await run(start(), deps(server.fetch));
    expect(state.report).toMatchObject({ expired: 50, listFailure: { page: 2, reason: 'refused', status: 401 } });
    expect(server.asked.filter((line) => line.includes('/pushes/active'))).toHaveLength(2);
  });
});

describe('lockdown: pushes made while it runs', () => {
  it('a push made on another device meanwhile is caught by the next reading and counted as made after the lockdown began', async () => {
    const later = new Date(START + 5_000).toISOString();
    const server = scripted([page(['t1']), expiredAnswer('t1'), page(['new1'], later), expiredAnswer('new1'), page([])]);
    const { state } = await run(start(), deps(server.fetch));
    expect(state.report).toMatchObject({ expired: 2, madeDuring: 1, notDone: [] });
    expect(server.asked).toHaveLength(5);
  });

  it('pushes that keep appearing: the readings stop after the last one allowed, and the report says someone may be pushing now', async () => {
    const later = new Date(START + 5_000).toISOString();
    const answers = Array.from({ length: MAX_ROUNDS }, (_, i) => [page([`new${i}`], later), expiredAnswer(`new${i}`)]).flat();
    const server = scripted(answers);
    const { state } = await run(start(), deps(server.fetch));
    expect(server.asked.filter((line) => line.startsWith('GET'))).toHaveLength(MAX_ROUNDS);
    expect(state.report).toMatchObject({ expired: MAX_ROUNDS, madeDuring: MAX_ROUNDS, stillAppearing: true });
  });

  it('one that could not be expired is named as made after the lockdown began', async () => {
    const later = new Date(START + 5_000).toISOString();
    const server = scripted([
      page(['t1']),
      expiredAnswer('t1'),
      page(['new1'], later),
      { status: 403, body: { error: 'No.' } },
      page(['new1'], later),
    ]);
    const { state } = await run(start(), deps(server.fetch));
    expect(state.report?.notDone).toEqual([
      {
        name: 'push new1',
        createdAt: later,
        outcome: { kind: 'refused', status: 403, serverMessage: 'No.' },
        source: 'list',
        madeDuring: true,
      },
    ]);
  });
});

describe("lockdown: this browser's own pushes the lists did not hold", () => {
  const own = (urlToken: string, more: Partial<OwnEntry> = {}): OwnEntry => ({
    urlToken,
    name: `own ${urlToken}`,
    createdAt: '2026-11-26T08:00:00.000Z',
    recordedAt: 100,
    withToken: false,
    deletableByViewer: true,
    expireAfterDays: 7,
    viewsRemaining: 4,
    ...more,
  });

  it('expires one deletable by viewers by its link, without the token; then reads the Active list a last time', async () => {
    const server = scripted([page(['t1']), expiredAnswer('t1'), page([]), expiredAnswer('anon1'), page([])]);
    const { state } = await run(start(), deps(server.fetch, { own: [own('anon1')] }));
    expect(server.asked).toEqual([
      'GET /pushes/active?page=1',
      'DELETE /pushes/t1',
      'GET /pushes/active?page=1',
      'DELETE /pushes/anon1 (no token)',
      'GET /pushes/active?page=1',
    ]);
    expect(state.report).toMatchObject({ expired: 1, ownExpired: 1, ownGone: 0, notDone: [] });
  });

  it('names one the instance will not let its link expire, with when it ends on its own', async () => {
    const server = scripted([page([]), notDeletable, page([])]);
    const { state } = await run(start(), deps(server.fetch, { own: [own('anon1', { deletableByViewer: false })] }));
    expect(server.asked).toEqual(['GET /pushes/active?page=1', 'DELETE /pushes/anon1 (no token)', 'GET /pushes/active?page=1']);
    expect(state.report?.notDone).toEqual([
      {
        name: 'own anon1',
        createdAt: '2026-11-26T08:00:00.000Z',
        outcome: { kind: 'refused', status: 401, serverMessage: 'That push is not deletable by viewers.' },
        source: 'own',
        endsAt: '2026-12-03T08:00:00.000Z',
        viewsLeft: 4,
      },
    ]);
  });

  it.each([
    [
      'anonymous access off (an empty 401): asked again with the token',
      own('a', { deletableByViewer: true }),
      [{ status: 401, body: '' }, expiredAnswer('a')],
      2,
      'expired',
    ],
    [
      'recorded before Pushgate kept how: asked again with the token (it may be the account’s)',
      own('a', { withToken: undefined }),
      [notDeletable, expiredAnswer('a')],
      2,
      'expired',
    ],
    ['made without a token and refused: not asked again, the token cannot help', own('a'), [notDeletable], 1, 'refused'],
    ['made with a token whose lists failed: asked with the token', own('a', { withToken: true }), [expiredAnswer('a')], 1, 'expired'],
    ['404: purged, already gone', own('a'), [{ status: 404, body: { error: 'not-found' } }], 1, 'gone'],
    [
      '200 for a push that had ended long before: already gone, not counted as expired',
      own('a'),
      [expiredAnswer('a', new Date(START - 86_400_000).toISOString())],
      1,
      'gone',
    ],
  ] as const)('%s', async (_name, entry, answers, requests, outcome) => {
    const server = scripted([page([]), ...answers, page([])]);
    const { state } = await run(start(), deps(server.fetch, { own: [entry] }));
    expect(state.report?.listFailure).toBeUndefined();
    expect(server.asked.filter((line) => line.startsWith('DELETE'))).toHaveLength(requests);
    const report = state.report!;
    expect(outcome === 'expired' ? report.ownExpired : outcome === 'gone' ? report.ownGone : report.notDone.length).toBe(1);
  });

  it('without a token: the own pushes by their links, and no list at all', async () => {
    const server = scripted([expiredAnswer('a'), notDeletable]);
    const { state } = await run(start(false), deps(server.fetch, { token: '', own: [own('a'), own('b', { recordedAt: 200 })] }));
    expect(server.asked).toEqual(['DELETE /pushes/a (no token)', 'DELETE /pushes/b (no token)']);
    expect(state.report).toMatchObject({ withToken: false, ownExpired: 1, notDone: [{ name: 'own b', source: 'own' }] });
    expect(state.report?.token).toBeUndefined();
  });

  it('goes on after a stopped worker from the stored cursor, entries recorded in the same millisecond included', async () => {
    const entries = [own('a', { recordedAt: 5 }), own('b', { recordedAt: 5 }), own('c', { recordedAt: 9 })];
    const server = scripted([expiredAnswer('a'), expiredAnswer('b'), expiredAnswer('c')]);
    const d = deps(server.fetch, { token: '', own: entries });
    let { state } = await step(start(false), fresh(), d);
    ({ state } = await step(state, fresh(), d));
    expect(state.ownCursor).toEqual({ at: 5, same: 2 });
    // A new worker, reading the history again: only c is left.
    const after = await run(JSON.parse(JSON.stringify(state)), d);
    expect(server.asked).toEqual(['DELETE /pushes/a (no token)', 'DELETE /pushes/b (no token)', 'DELETE /pushes/c (no token)']);
    expect(after.state.report).toMatchObject({ ownExpired: 3 });
  });
});

describe('lockdown: each answer to a DELETE', () => {
  async function oneTarget(answers: Answer[]) {
    const server = scripted([page(['only1']), ...answers, page(['only1'])]);
    const d = deps(server.fetch);
    const { state } = await run(start(), d);
    return { done: state, server, d };
  }

  it.each([
    ['200 expired: confirmed', [expiredAnswer('only1')], { expired: 1, gone: 0, notDone: [] }],
    ['404: already gone, not counted as expired', [{ status: 404, body: { error: 'not-found' } }], { expired: 0, gone: 1, notDone: [] }],
    [
      '403: refused, named with the server text',
      [{ status: 403, body: { error: 'That push doesn’t belong to you.' } }],
      {
        expired: 0,
        notDone: [{ name: 'push only1', outcome: { kind: 'refused', status: 403, serverMessage: 'That push doesn’t belong to you.' } }],
      },
    ],
    [
      '401 not deletable: refused',
      [{ status: 401, body: { error: 'That push is not deletable by viewers.' } }],
      { expired: 0, notDone: [{ outcome: { kind: 'refused', status: 401 } }] },
    ],
    [
      '200 that does not say expired: not reported as expired',
      [{ status: 200, body: pushRecord({ url_token: 'only1', expired: false }) }],
      { expired: 0, notDone: [{ outcome: { kind: 'failed', reason: 'unexpected', status: 200 } }] },
    ],
    [
      'one 500, then 200: retried and confirmed',
      [{ status: 500, body: '<html>error</html>', headers: { 'Content-Type': 'text/html' } }, expiredAnswer('only1')],
      { expired: 1, notDone: [] },
    ],
    [
      `${MAX_TRIES} × 500: reported as failed after bounded retries`,
      Array.from({ length: MAX_TRIES }, () => ({ status: 502, body: 'Bad gateway' })),
      { expired: 0, notDone: [{ outcome: { kind: 'failed', reason: 'server', status: 502 } }] },
    ],
    [
      '429 with Retry-After, then 200: waited and continued',
      [{ status: 429, body: 'Retry later\n', headers: { 'Retry-After': '7' } }, expiredAnswer('only1')],
      { expired: 1 },
    ],
  ] as const)('%s', async (_name, answers, report) => {
    const { done } = await oneTarget([...answers]);
    expect(done.report).toMatchObject(report);
  });

  it('a 5xx is retried after a growing back-off, and the count of tries ends with an answer', async () => {
    const server = scripted([page(['only1']), { status: 500, body: 'x' }, { status: 503, body: 'x' }, expiredAnswer('only1')]);
    const d = deps(server.fetch);
    let { state, work } = await step(start(), fresh(), d);
    d.clock.now = state.notBefore;
    ({ state, work } = await step(state, work, d));
    expect(state).toMatchObject({ tries: 1, next: 0, notBefore: d.clock.now + RETRY_BACKOFF_MS });
    d.clock.now = state.notBefore;
    ({ state, work } = await step(state, work, d));
    expect(state).toMatchObject({ tries: 2, notBefore: d.clock.now + 2 * RETRY_BACKOFF_MS });
    d.clock.now = state.notBefore;
    ({ state, work } = await step(state, work, d));
    expect(state).toMatchObject({ tries: 0, next: 1 });
  });

  it('a 429 says until when it waits, from its Retry-After', async () => {
    const server = scripted([page(['only1']), { status: 429, body: 'Retry later\n', headers: { 'Retry-After': '30' } }]);
    const d = deps(server.fetch);
    let { state, work } = await step(start(), fresh(), d);
    d.clock.now = state.notBefore;
    ({ state, work } = await step(state, work, d));
    expect(state).toMatchObject({
      phase: 'expiring',
      next: 0,
      throttled: 1,
      waitingUntil: d.clock.now + 30_000,
      notBefore: d.clock.now + 30_000,
    });
    expect(progressOf(state).waitingUntil).toBe(d.clock.now + 30_000);
  });

  it(`${MAX_THROTTLED_IN_A_ROW} 429s in a row: the rest is reported as throttled, the wipe still runs`, async () => {
    const throttled = Array.from({ length: MAX_THROTTLED_IN_A_ROW }, () => ({
      status: 429,
      body: 'Retry later\n',
      headers: { 'Retry-After': '1' },
    }));
    const server = scripted([page(['t1', 't2', 't3']), expiredAnswer('t1'), ...throttled]);
    const { state } = await run(start(), deps(server.fetch));
    expect(state.report?.expired).toBe(1);
    expect(state.report?.notDone.map((push) => push.outcome)).toEqual([
      { kind: 'failed', reason: 'throttled', status: 429 },
      { kind: 'failed', reason: 'throttled', status: 429 },
    ]);
    expect(state.report?.wipe).toEqual(WIPED);
  });

  it('the token gone midway (a session token after a restart): the rest is reported, nothing is asked without it', async () => {
    const server = scripted([page(['t1', 't2']), expiredAnswer('t1')]);
    const d = deps(server.fetch);
    const listed = await run(start(), d, 'expiring');
    const one = await step(listed.state, listed.work, d);
    const { state } = await run(one.state, { ...d, token: '' }, 'done', one.work);
    expect(server.asked).toHaveLength(2);
    expect(state.report).toMatchObject({ expired: 1, notDone: [{ name: 'push t2', outcome: { kind: 'failed', reason: 'no-token' } }] });
  });
});
