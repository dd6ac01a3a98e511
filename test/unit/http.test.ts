import { describe, expect, it } from 'vitest';
import { parseRetryAfter, requestJson } from '@/lib/http';

/** Any limit well above these small answers. */
const MAX = 64 * 1024;

const answer = (status: number, body: string, headers: Record<string, string> = {}) =>
  (async () => new Response(body, { status, headers })) as typeof fetch;

describe('requestJson sorts answers into kinds', () => {
  it.each([
    [401, '', {}, 'unauthorized'],
    [403, '{"error":"That push doesn\'t belong to you."}', {}, 'forbidden'],
    [404, '{"error":"not-found"}', {}, 'not-found'],
    [400, '{"error":"Invalid page parameter"}', {}, 'bad-request'],
    [422, '{"payload":["Payload is required."]}', {}, 'validation'],
    [429, 'Retry later\n', { 'content-type': 'text/plain', 'retry-after': '30' }, 'rate-limited'],
    [500, '<html><body>We are sorry</body></html>', { 'content-type': 'text/html' }, 'server'],
    [503, '', {}, 'server'],
  ] as const)('HTTP %i → %s', async (status, body, headers, kind) => {
    const result = await requestJson('http://x/', {}, { maxBytes: MAX, fetch: answer(status, body, headers) });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.kind).toBe(kind);
  });

  it('keeps 422 field messages and 429 Retry-After', async () => {
    const invalid = await requestJson(
      'http://x/',
      {},
      { maxBytes: MAX, fetch: answer(422, '{"payload":["must be a valid HTTP or HTTPS URL."]}') },
    );
    expect(!invalid.ok && invalid.error.fields).toEqual({ payload: ['must be a valid HTTP or HTTPS URL.'] });
    const limited = await requestJson('http://x/', {}, { maxBytes: MAX, fetch: answer(429, 'Retry later\n', { 'retry-after': '42' }) });
    expect(!limited.ok && limited.error.retryAfterSeconds).toBe(42);
    expect(!limited.ok && limited.error.serverMessage).toBe('Retry later');
  });

  it.each([
    ['<!DOCTYPE html><html>First run</html>', 'text/html', 'html'],
    ['{"broken": ', 'application/json', 'invalid-json'],
  ])('a 200 with %s is unexpected (%s)', async (body, type, detail) => {
    const result = await requestJson('http://x/', {}, { maxBytes: MAX, fetch: answer(200, body, { 'content-type': type }) });
    expect(!result.ok && result.error).toMatchObject({ kind: 'unexpected', detail });
  });

  it('reports a network failure and a timeout apart', async () => {
    const down = await requestJson(
      'http://x/',
      {},
      {
        maxBytes: MAX,
        fetch: (async () => {
          throw new TypeError('Failed to fetch');
        }) as typeof fetch,
      },
    );
    expect(!down.ok && down.error.kind).toBe('network');
    const slow: typeof fetch = (_url, init) =>
      new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    const late = await requestJson('http://x/', {}, { maxBytes: MAX, fetch: slow, timeoutMs: 20 });
    expect(!late.ok && late.error.kind).toBe('timeout');
  });
});

describe('parseRetryAfter', () => {
  it.each([
    ['120', 120],
    ['Wed, 21 Oct 2026 07:28:30 GMT', 10],
    ['soon', undefined],
    [null, undefined],
  ] as const)('%s → %s', (value, seconds) => {
    expect(parseRetryAfter(value, Date.parse('Wed, 21 Oct 2026 07:28:20 GMT'))).toBe(seconds);
  });
});

describe('server text shown to people', () => {
  const long = 'x'.repeat(5000);
  it.each([
    ['a JSON error', JSON.stringify({ error: long }), 'application/json'],
    ['a JSON string', JSON.stringify(long), 'application/json'],
    ['plain text', long, 'text/plain'],
  ])('is cut to about 200 characters: %s', async (_, body, type) => {
    const result = await requestJson('http://x/', {}, { maxBytes: MAX, fetch: answer(400, body, { 'content-type': type }) });
    const said = !result.ok ? result.error.serverMessage! : '';
    expect(said.length).toBeLessThanOrEqual(201);
    expect(said.length).toBeGreaterThan(150);
    expect(said.endsWith('…')).toBe(true);
  });
});
