// @vitest-environment node
// Node's own fetch talks to the reference server; happy-dom's would apply page CORS rules that an
// extension context does not have (docs/password-pusher.md#cors).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPwpushServer, type PwpushServer } from '../../servers/pwpush/server.mjs';
import { step } from '@/lib/lockdown/machine';
import type { OwnEntry } from '@/lib/lockdown/step-deps';
import { startState, type LockdownState } from '@/lib/lockdown/state';
import type { LockdownWork } from '@/lib/lockdown/work';

/**
 * This browser's pushes made without a token, expired by their links against the reference server
 * as each release of Password Pusher allows it (docs/password-pusher.md#delete): before 2.9.6 a
 * request without a token "owns" every anonymous push; from 2.9.6 only one deletable by viewers
 * goes, and a URL push (which has no such setting) never does.
 */

let server: PwpushServer;
beforeAll(async () => {
  server = await startPwpushServer();
});
afterAll(() => server?.close());
beforeEach(() => server.reset());

async function anonymous(fields: Record<string, unknown>): Promise<string> {
  const answer = await fetch(`${server.url}/api/v2/pushes`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ push: fields }),
  });
  return ((await answer.json()) as { url_token: string }).url_token;
}

async function lockdownWith(own: OwnEntry[]): Promise<LockdownState> {
  let state = startState({ baseUrl: server.url, withToken: true, keepTokenForSession: false, now: Date.now() });
  let work: LockdownWork = { startedAt: state.startedAt, targets: [] };
  const deps = {
    token: server.users[0]!.token,
    now: Date.now,
    wipe: async () => ({ history: true, airports: true, token: 'forgotten' as const, clipboard: 'emptied' as const }),
    ownEntries: async () => own,
  };
  while (state.phase !== 'done') ({ state, work } = await step(state, work, deps));
  return state;
}

describe("a lockdown expires this browser's anonymous pushes by their links, as each release allows", () => {
  it.each([
    ['2.8.2', { text: 'expired', notDeletable: 'expired', url: 'expired' }],
    ['2.9.5', { text: 'expired', notDeletable: 'expired', url: 'expired' }],
    ['2.9.6', { text: 'expired', notDeletable: 'active', url: 'active' }],
    ['2.11.4', { text: 'expired', notDeletable: 'active', url: 'active' }],
  ] as const)('%s', async (version, expected) => {
    server.setOptions({ version });
    const tokens = {
      text: await anonymous({ payload: 'wifi', deletable_by_viewer: true }),
      notDeletable: await anonymous({ payload: 'door code', deletable_by_viewer: false }),
      url: await anonymous({ kind: 'url', payload: 'https://example.com/private' }),
    };
    const own = Object.entries(tokens).map(([name, urlToken], i) => ({
      urlToken,
      name,
      createdAt: new Date().toISOString(),
      recordedAt: i,
      withToken: false,
      deletableByViewer: name === 'text' ? true : name === 'url' ? null : false,
      expireAfterDays: 7,
      viewsRemaining: 5,
    }));
    const { report } = await lockdownWith(own);
    const byToken = new Map(server.pushes().map((push) => [push.url_token, push.expired ? 'expired' : 'active']));
    expect(Object.fromEntries(Object.entries(tokens).map(([name, token]) => [name, byToken.get(token)]))).toEqual(expected);
    const refused = Object.values(expected).filter((state) => state === 'active').length;
    expect(report).toMatchObject({ ownExpired: 3 - refused, ownGone: 0 });
    expect(report?.notDone.map((push) => [push.name, push.outcome])).toEqual(
      Object.entries(expected)
        .filter(([, state]) => state === 'active')
        .map(([name]) => [name, { kind: 'refused', status: 401, serverMessage: 'That push is not deletable by viewers.' }]),
    );
    // Asked without the token: a token never owned an anonymous push, and asking again with it cannot help.
    const deletes = server.requests.filter((request) => request.method === 'DELETE');
    expect(deletes.map((request) => request.authorization)).toEqual([null, null, null]);
  });
});
