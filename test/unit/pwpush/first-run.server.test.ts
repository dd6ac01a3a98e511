// @vitest-environment node
// A fresh instance has no users, so a token gets an empty 401 before the first-run
// redirect. That is explained like the token-less case, not as "token rejected".
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activePushes, createPush, expirePush, version } from '@/lib/pwpush/client';
import { explainPushError } from '@/lib/share/explain';
import { startPwpushServer, type PwpushServer } from '../../servers/pwpush/server.mjs';

let server: PwpushServer;
beforeAll(async () => {
  server = await startPwpushServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

describe('first run with a token', () => {
  it('create, the lists and expire say "finish the first-run setup", after one probe of /first_run without the token', async () => {
    server.setOptions({ firstRun: true });
    const withToken = { baseUrl: server.url, token: server.users[0]!.token };
    for (const call of [
      () => createPush(withToken, { kind: 'text', payload: 'secret' }),
      () => activePushes(withToken),
      () => expirePush(withToken, 'abcdefghijklm'),
      () => version(withToken),
    ]) {
      server.requests.length = 0;
      const result = await call();
      expect(result).toMatchObject({ ok: false, error: { kind: 'unexpected', detail: 'first-run' } });
      expect(explainPushError(!result.ok ? result.error : { kind: 'network' }).message).toContain("finish the instance's first-run setup");
      expect(server.requests.filter((r) => r.path === '/first_run').every((r) => r.authorization === null)).toBe(true);
    }
    expect(server.pushes()).toEqual([]);
  });

  it('a token the set-up instance does not accept is still "rejected"', async () => {
    const result = await activePushes({ baseUrl: server.url, token: 'revoked-token-000000' });
    expect(result).toEqual({ ok: false, error: { kind: 'unauthorized', status: 401 } });
    expect(server.requests.map((r) => r.path)).toEqual(['/api/v2/pushes/active', '/first_run']);
  });

  it('a JSON 401 (a passphrase) is never taken for a first run, and costs no probe', async () => {
    const created = await createPush({ baseUrl: server.url }, { kind: 'text', payload: 'x', passphrase: 'p' });
    if (!created.ok) throw new Error('setup failed');
    server.requests.length = 0;
    const { retrievePush } = await import('@/lib/pwpush/client');
    const result = await retrievePush({ baseUrl: server.url }, created.value.urlToken);
    expect(!result.ok && result.error.kind).toBe('unauthorized');
    expect(server.requests.map((r) => r.path)).not.toContain('/first_run');
  });
});
