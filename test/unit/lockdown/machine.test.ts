import { describe, expect, it, vi } from 'vitest';
import { MAX_THROTTLED_IN_A_ROW, MAX_TRIES, PACE_MS, RETRY_BACKOFF_MS, step, type StepDeps } from '@/lib/lockdown/machine';
import { progressOf, startState, type LockdownState, type WipeOutcome } from '@/lib/lockdown/state';
import { BASE_URL, pushRecord } from '@/test/support/pwpush-fixtures';

const WIPED: WipeOutcome = { history: true, airports: true, token: 'forgotten', clipboard: 'none' };

type Answer = { status: number; body?: unknown; headers?: Record<string, string> };

/** A fetch that answers each request with the next scripted answer, and records what was asked. */
function scripted(answers: Answer[]) {
  const asked: string[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    asked.push(`${init?.method ?? 'GET'} ${String(url).replace(`${BASE_URL}/api/v2`, '')}`);
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

const page = (tokens: string[]) => ({ status: 200, body: tokens.map((t) => pushRecord({ url_token: t, name: `push ${t}` })) });
const tokens = (from: number, count: number) => Array.from({ length: count }, (_, i) => `tok${String(from + i).padStart(4, '0')}x`);
const expiredAnswer = (token: string) => ({
  status: 200,
  body: pushRecord({ url_token: token, expired: true, deleted: true, passphrase: null }),
});

function deps(fetch: typeof globalThis.fetch, overrides: Partial<StepDeps> = {}): StepDeps & { clock: { now: number } } {
  const clock = { now: 1_000_000 };
  return { token: 'alice-token', fetch, now: () => clock.now, wipe: async () => WIPED, clock, ...overrides };
}

const start = (withToken = true) => startState({ baseUrl: BASE_URL, withToken, keepTokenForSession: false, now: 1_000_000 });

/** Steps until the phase is `until` (or done), moving the clock to each `notBefore` like the runner waits. */
async function run(state: LockdownState, d: ReturnType<typeof deps>, until = 'done', max = 500): Promise<LockdownState> {
  let current = state;
  for (let i = 0; i < max && current.phase !== until && current.phase !== 'done'; i += 1) {
    d.clock.now = Math.max(d.clock.now, current.notBefore);
    current = await step(current, d);
  }
  return current;
}

describe('lockdown: listing the Active pages', () => {
  it('reads every page (two full pages of 50 and a short one: 2.11.4 sends no pagination headers), then expires each', async () => {
    const all = tokens(1, 120);
    const server = scripted([page(all.slice(0, 50)), page(all.slice(50, 100)), page(all.slice(100)), ...all.map(expiredAnswer), page([])]);
    const d = deps(server.fetch);
    const listed = await run(start(), d, 'expiring');
    expect(server.asked).toEqual(['GET /pushes/active?page=1', 'GET /pushes/active?page=2', 'GET /pushes/active?page=3']);
    expect(listed.targets).toHaveLength(120);
    expect(progressOf(listed)).toMatchObject({ phase: 'expiring', expired: 0, total: 120 });

    const done = await run(listed, d);
    expect(server.asked.filter((line) => line.startsWith('DELETE'))).toHaveLength(120);
    // Read once more at the end: nothing new, so on to this browser's data.
    expect(server.asked.at(-1)).toBe('GET /pushes/active?page=1');
    expect(done.report).toMatchObject({ expired: 120, gone: 0, notDone: [], wipe: WIPED });
    expect(done.targets).toEqual([]);
    expect(JSON.stringify(done)).not.toContain('tok0001x');
    expect(progressOf(done)).toMatchObject({ phase: 'done', expired: 120, total: 120 });
  });

  it('never asks faster than the pace', async () => {
    const server = scripted([page(['a1']), expiredAnswer('a1'), page([])]);
    const d = deps(server.fetch);
    const after = await step(start(), d);
    expect(after.notBefore).toBe(d.clock.now + PACE_MS);
  });

  it('with no active push goes straight to the wipe', async () => {
    const server = scripted([page([])]);
    const done = await run(start(), deps(server.fetch));
    expect(server.asked).toEqual(['GET /pushes/active?page=1']);
    expect(done.report).toMatchObject({ expired: 0, gone: 0, notDone: [], withToken: true });
  });

  it('without a token wipes only this browser and asks the instance nothing', async () => {
    const server = scripted([]);
    const done = await run(start(false), deps(server.fetch, { token: '' }));
    expect(server.asked).toEqual([]);
    expect(done.report).toMatchObject({ withToken: false, expired: 0, wipe: WIPED });
  });

  it('a page refused (401) ends the listing: what was found is still expired', async () => {
    // An empty 401 is also a fresh instance's: the client looks at /first_run (lib/pwpush/first-run.ts).
    const server = scripted([
      page(tokens(1, 50)),
      { status: 401, body: '' },
      { status: 404, body: '' },
      ...tokens(1, 50).map(expiredAnswer),
    ]);
    const done = await run(start(), deps(server.fetch));
    expect(done.report).toMatchObject({ expired: 50, listFailure: { page: 2, reason: 'refused', status: 401 } });
    expect(server.asked.filter((line) => line.includes('/pushes/active'))).toHaveLength(2);
  });
});

describe('lockdown: each answer to a DELETE', () => {
  async function oneTarget(answers: Answer[]) {
    const server = scripted([page(['only1']), ...answers, page(['only1'])]);
    const d = deps(server.fetch);
    const done = await run(start(), d);
    return { done, server, d };
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
    let state = await step(start(), d);
    d.clock.now = state.notBefore;
    state = await step(state, d);
    expect(state).toMatchObject({ tries: 1, next: 0, notBefore: d.clock.now + RETRY_BACKOFF_MS });
    d.clock.now = state.notBefore;
    state = await step(state, d);
    expect(state).toMatchObject({ tries: 2, notBefore: d.clock.now + 2 * RETRY_BACKOFF_MS });
    d.clock.now = state.notBefore;
    state = await step(state, d);
    expect(state).toMatchObject({ tries: 0, next: 1 });
  });

  it('a 429 says until when it waits, from its Retry-After', async () => {
    const server = scripted([page(['only1']), { status: 429, body: 'Retry later\n', headers: { 'Retry-After': '30' } }]);
    const d = deps(server.fetch);
    let state = await step(start(), d);
    d.clock.now = state.notBefore;
    state = await step(state, d);
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
    const done = await run(start(), deps(server.fetch));
    expect(done.report?.expired).toBe(1);
    expect(done.report?.notDone.map((push) => push.outcome)).toEqual([
      { kind: 'failed', reason: 'throttled', status: 429 },
      { kind: 'failed', reason: 'throttled', status: 429 },
    ]);
    expect(done.report?.wipe).toEqual(WIPED);
  });

  it('the token gone midway (a session token after a restart): the rest is reported, nothing is asked without it', async () => {
    const server = scripted([page(['t1', 't2']), expiredAnswer('t1')]);
    const d = deps(server.fetch);
    const state = await run(start(), d, 'expiring');
    const one = await step(state, d);
    const done = await run(one, { ...d, token: '' });
    expect(server.asked).toHaveLength(2);
    expect(done.report).toMatchObject({ expired: 1, notDone: [{ name: 'push t2', outcome: { kind: 'failed', reason: 'no-token' } }] });
  });

  it('the second reading finds a push made meanwhile and expires it too', async () => {
    const server = scripted([page(['t1']), expiredAnswer('t1'), page(['new1']), expiredAnswer('new1')]);
    const done = await run(start(), deps(server.fetch));
    expect(done.report).toMatchObject({ expired: 2 });
    expect(server.asked).toHaveLength(4);
  });
});
