// @vitest-environment node
// No redirect is followed. Node's own fetch against the reference servers, which
// answer 302/307/308 to a second server; that second server must see no request at all.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { waitTimes } from '@/lib/airport/client';
import { explainAirportError } from '@/lib/wait-times/explain';
import { createPush, retrievePush, version } from '@/lib/pwpush/client';
import { explainPushError } from '@/lib/share/explain';
import type { ClientConfig } from '@/lib/pwpush/types';
import { startAirportServer, type AirportServer } from '../servers/airport/server.mjs';
import { startPwpushServer, type PwpushServer } from '../servers/pwpush/server.mjs';
import { isolated } from '@/test/support/isolated';

let instance: PwpushServer;
let elsewhere: PwpushServer;
let airport: AirportServer;
let alice: ClientConfig;

beforeAll(async () => {
  [instance, elsewhere, airport] = await Promise.all([startPwpushServer(), startPwpushServer(), startAirportServer()]);
});
afterAll(async () => {
  await Promise.all([instance?.close(), elsewhere?.close(), airport?.close()]);
});
beforeEach(() => {
  instance.reset();
  elsewhere.reset();
  airport.reset();
  alice = { baseUrl: instance.url, token: instance.users[0]!.token };
});

/**
 * A browser's fetch with `redirect: 'manual'` gives an opaque redirect: status 0, no headers, no
 * Location (Fetch standard). Node's fetch shows the 3xx; this wraps it to behave like Chromium's.
 */
const browserLikeFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  if (init?.redirect !== 'manual' || response.status < 300 || response.status >= 400) return response;
  await response.body?.cancel();
  return { type: 'opaqueredirect', status: 0, ok: false, url: '', headers: new Headers(), body: null } as unknown as Response;
};

describe('Password Pusher: a redirect is a failure of its own, never followed', () => {
  it.each([307, 308, 302] as const)(
    '%i on create: the secret is not re-sent elsewhere, and the message names the target',
    async (status) => {
      const target = `${elsewhere.url}/api/v2/pushes`;
      instance.setFault({ type: 'redirect', status, location: target });
      const result = await createPush(alice, { kind: 'text', payload: 'the secret' });
      expect(result).toEqual({ ok: false, error: { kind: 'redirect', status, location: target } });
      expect(elsewhere.requests).toEqual([]);
      expect(instance.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
      const { message, next } = explainPushError(!result.ok ? result.error : { kind: 'network' });
      expect(message).toContain(`redirect to ${isolated(target)}`);
      expect(message).toContain('check the Instance URL');
      expect(next).toBe('open-options');
    },
  );

  it('in a browser (opaque redirect) the target is unknown: still no request to it, and the words say so', async () => {
    instance.setFault({ type: 'redirect', status: 307, location: `${elsewhere.url}/api/v2/pushes` });
    const result = await createPush({ ...alice, fetch: browserLikeFetch }, { kind: 'text', payload: 'the secret' });
    expect(result).toEqual({ ok: false, error: { kind: 'redirect' } });
    expect(elsewhere.requests).toEqual([]);
    // The first-run probe asks the configured instance only, with no token.
    expect(instance.requests.map((r) => [r.method, r.path, r.authorization])).toEqual([
      ['POST', '/api/v2/pushes', `Bearer ${alice.token}`],
      ['GET', '/first_run', null],
    ]);
    expect(explainPushError(!result.ok ? result.error : { kind: 'network' }).message).toMatch(
      /answered with a redirect instead.*check the Instance URL/,
    );
  });

  it.each([307, 308] as const)('%i on a file push: the files are not sent again elsewhere', async (status) => {
    instance.setFault({ type: 'redirect', status, location: `${elsewhere.url}/api/v2/pushes` });
    const files = [new File(['contents of a secret file'], 'secret.txt')];
    const result = await createPush(alice, { kind: 'file', payload: '', files }, 'oss', { signal: new AbortController().signal });
    expect(!result.ok && result.error.kind).toBe('redirect');
    expect(elsewhere.requests).toEqual([]);
  });

  it('a retrieval carrying a passphrase is not sent on either', async () => {
    instance.setFault({ type: 'redirect', status: 302, location: `${elsewhere.url}/api/v2/pushes/abcdefghijklm` });
    const result = await retrievePush({ baseUrl: instance.url }, 'abcdefghijklm', 'hunter2');
    expect(!result.ok && result.error.kind).toBe('redirect');
    expect(elsewhere.requests).toEqual([]);
  });

  it("a fresh instance's 302 to /first_run keeps its own message, in Node and in a browser", async () => {
    instance.setOptions({ firstRun: true });
    for (const fetchFn of [fetch, browserLikeFetch]) {
      const result = await version({ baseUrl: instance.url, fetch: fetchFn });
      expect(result).toMatchObject({ ok: false, error: { kind: 'unexpected', detail: 'first-run' } });
      expect(explainPushError(!result.ok ? result.error : { kind: 'network' }).message).toContain("finish the instance's first-run setup");
    }
  });
});

describe('Airport API: a redirect is never followed with the subscription key', () => {
  it('302 to a second server: no request reaches it, and the message points to the Airport API URL', async () => {
    const target = `${elsewhere.url}/steal`;
    airport.setFault({ type: 'redirect', status: 302, location: target });
    const result = await waitTimes({ baseUrl: airport.url, key: 'primary-key-0001', secondaryKey: 'secondary-key-0002' }, 'ARN');
    expect(!result.ok && result.error).toMatchObject({ kind: 'redirect', status: 302, location: target });
    expect(elsewhere.requests).toEqual([]);
    const explained = explainAirportError(!result.ok ? result.error : { kind: 'network', calls: 0 });
    expect(explained.message).toContain(`redirect to ${isolated(target)}`);
    expect(explained.message).toContain('check the Airport API URL');
  });
});
