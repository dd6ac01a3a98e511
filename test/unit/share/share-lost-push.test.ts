// @vitest-environment node
// A create that timed out may have made the push: the reference server stores it and answers too late.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPwpushServer, type PwpushServer } from '../../servers/pwpush/server.mjs';
import { explainShareFailure, sharePush } from '@/lib/share/share-push';
import { DEFAULT_PUSH_DEFAULTS } from '@/lib/settings';

let server: PwpushServer;
beforeAll(async () => {
  server = await startPwpushServer();
});
afterAll(() => server?.close());
beforeEach(() => {
  server.reset();
  server.setOptions({ createAnswerDelayMs: 5_000 });
});

const known = (token: string) => ({ connection: { baseUrl: server.url, token }, defaults: DEFAULT_PUSH_DEFAULTS, edition: 'oss' });
const creates = () => server.requests.filter((request) => request.method === 'POST');

describe('a push whose create timed out', () => {
  it('with a token is found in the Active list, shown and recorded: a retry never makes a silent duplicate', async () => {
    const record = vi.fn();
    const result = await sharePush(
      { kind: 'text', payload: 'secret', name: 'db' },
      { known: known(server.users[0]!.token), record, timeoutMs: 1500 },
    );
    const [stored] = server.pushes();
    expect(result).toMatchObject({
      ok: true,
      value: { baseUrl: server.url, recovered: true, push: { urlToken: stored!.url_token, htmlUrl: stored!.html_url } },
    });
    expect(record).toHaveBeenCalledWith(server.url, expect.objectContaining({ urlToken: stored!.url_token }), {
      kind: 'text',
      passphraseProtected: false,
    });
    expect(creates()).toHaveLength(1);
  });

  it('does not take a push with other settings for it', async () => {
    server.setOptions({ createAnswerDelayMs: 0 });
    const token = server.users[0]!.token;
    await sharePush({ kind: 'text', payload: 'other', name: 'older' }, { known: known(token), record: vi.fn() });
    // This create is held before it is handled: at the look-up only the older push exists.
    server.setFault({ type: 'slow', ms: 5_000, paths: '/pushes', times: 1 });
    const result = await sharePush(
      { kind: 'text', payload: 'x', name: 'newer' },
      { known: known(token), record: vi.fn(), timeoutMs: 1500 },
    );
    expect(result).toEqual({ ok: false, error: { kind: 'maybe-created', checked: true } });
  });

  it('with a token but nothing found says it may exist and where to look', async () => {
    const token = server.users[0]!.token;
    // Created, then expired before the look-up: not in the Active list.
    server.setOptions({ createAnswerDelayMs: 5_000 });
    const pending = sharePush({ kind: 'text', payload: 'x', name: 'gone' }, { known: known(token), record: vi.fn(), timeoutMs: 1500 });
    await vi.waitFor(() => expect(server.pushes()).toHaveLength(1));
    await fetch(`${server.url}/api/v2/pushes/${server.pushes()[0]!.url_token}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    const result = await pending;
    expect(result).toEqual({ ok: false, error: { kind: 'maybe-created', checked: true } });
    if (!result.ok) expect(explainShareFailure(result.error).message).toMatch(/may have been created anyway.*Pushes page/);
  });

  it('without a token says it may exist and that Pushgate cannot look', async () => {
    const result = await sharePush({ kind: 'text', payload: 'x' }, { known: known(''), record: vi.fn(), timeoutMs: 1500 });
    expect(result).toEqual({ ok: false, error: { kind: 'maybe-created', checked: false } });
    if (!result.ok)
      expect(explainShareFailure(result.error)).toMatchObject({
        message: expect.stringMatching(/cannot look for it/),
        next: 'open-options',
      });
    expect(server.pushes()).toHaveLength(1);
  });
});
