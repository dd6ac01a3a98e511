import { describe, expect, it } from 'vitest';
import { activePushes, auditLog, expirePush, previewUrl, retrievePush } from '@/lib/pwpush/client';
import { parsePush, parsePushList } from '@/lib/pwpush/parse';
import { parseRequestList } from '@/lib/pwpush/parse-commercial';
import { closeRequest, requestLink } from '@/lib/pwpush/requests';
import type { ClientConfig } from '@/lib/pwpush/types';
import { pushRecord } from '@/test/support/pwpush-fixtures';
import { recordingFetch } from './fixtures';

/**
 * A link token from the instance goes into request paths (show, preview, audit, expire): one that
 * does not look like Password Pusher's (url-safe base64, docs/password-pusher.md#ids-and-timestamps)
 * is refused before it reaches any URL, so a hostile list cannot aim an owner's DELETE elsewhere.
 */

const BASE = 'https://pwpush.example';
const BAD_TOKENS = ['../../users/token', 'a/b', 'a?b', 'a#b', 'a%2e%2e', 'a b', '..', '', 'é', 'x'.repeat(65), 'tok\n', 'tok.json'];
const GOOD_TOKENS = ['k3xq9w0lz2mfa', 'A-b_9', 'x', 'x'.repeat(64)];

describe('a link token from a list', () => {
  it.each(BAD_TOKENS)('drops a listed push whose token is %j, and keeps the others', (token) => {
    const body = [pushRecord({ url_token: 'good1' }), pushRecord({ url_token: token }), pushRecord({ url_token: 'good2' })];
    const result = parsePushList(body, 200);
    expect(result.ok && result.value.map((push) => push.urlToken)).toEqual(['good1', 'good2']);
  });

  it.each(GOOD_TOKENS)('keeps %j', (token) => {
    const result = parsePushList([pushRecord({ url_token: token })], 200);
    expect(result.ok && result.value.map((push) => push.urlToken)).toEqual([token]);
  });

  it('still pages on past a page whose full 50 the server sent, when some were dropped', async () => {
    const body = Array.from({ length: 50 }, (_, i) => pushRecord({ url_token: i === 7 ? '../x' : `t${i}` }));
    const { fetch } = recordingFetch(200, body);
    const page = await activePushes({ baseUrl: BASE, fetch }, 1);
    expect(page.ok && page.value.items).toHaveLength(49);
    expect(page.ok && page.value.served).toBe(50);
  });

  it('refuses a single push answer whose token is not one', () => {
    expect(parsePush(pushRecord({ url_token: '../../users/token' }), 201)).toEqual({
      ok: false,
      error: { kind: 'unexpected', detail: 'shape', status: 201 },
    });
  });

  it("drops a request, and a request's answer, with such a token", () => {
    const answer = (token: string) => ({ url_token: token, html_url: `${BASE}/p/${token}`, created_at: '', expired: false });
    const request = (token: string, answers: unknown[] = []) => ({ url_token: token, request: 'x', responses: answers });
    const result = parseRequestList([request('r1', [answer('p1'), answer('../p2')]), request('r/2')], 200);
    expect(result.ok && result.value.map((item) => [item.urlToken, item.answers.map((a) => a.urlToken)])).toEqual([['r1', ['p1']]]);
  });
});

describe('every path that carries a token', () => {
  const calls = [
    ['retrievePush', (c: ClientConfig, t: string) => retrievePush(c, t)],
    ['previewUrl', (c: ClientConfig, t: string) => previewUrl(c, t)],
    ['auditLog', (c: ClientConfig, t: string) => auditLog(c, t)],
    ['expirePush', (c: ClientConfig, t: string) => expirePush(c, t)],
    ['closeRequest', (c: ClientConfig, t: string) => closeRequest(c, t)],
    ['requestLink', (c: ClientConfig, t: string) => requestLink(c, t)],
  ] as const;

  it.each(calls.flatMap(([name, call]) => BAD_TOKENS.map((token) => [name, token, call] as const)))(
    '%s refuses %j without a request',
    async (_name, token, call) => {
      const fake = recordingFetch(200, {});
      expect(await call({ baseUrl: BASE, token: 'tok3n', fetch: fake.fetch }, token)).toEqual({
        ok: false,
        error: { kind: 'bad-request' },
      });
      expect(fake.calls).toHaveLength(0);
    },
  );
});
