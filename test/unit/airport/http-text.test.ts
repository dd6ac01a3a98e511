import { describe, expect, it } from 'vitest';
import { requestJson } from '@/lib/http';

/** Any limit well above these small answers. */
const MAX = 64 * 1024;

const answer = (status: number, body: string, type: string) =>
  (async () => new Response(body, { status, headers: { 'content-type': type } })) as typeof fetch;

const XML = '<?xml version="1.0"?><AirportArray><Airport><iata>ARN</iata></Airport></AirportArray>';

/** The additive `acceptText` option of lib/http.ts, added for XML answers of the airport APIs. */
describe('requestJson acceptText', () => {
  it('returns a 2xx XML body as text', async () => {
    const result = await requestJson('http://x/', {}, { maxBytes: MAX, fetch: answer(200, XML, 'application/xml'), acceptText: true });
    expect(result.ok && result.value).toMatchObject({ status: 200, body: undefined, text: XML });
  });

  it('still parses JSON into body, without text', async () => {
    const result = await requestJson('http://x/', {}, { maxBytes: MAX, fetch: answer(200, '[1]', 'application/json'), acceptText: true });
    expect(result.ok && result.value.body).toEqual([1]);
    expect(result.ok && 'text' in result.value).toBe(false);
  });

  it('still refuses HTML, and changes nothing without the option', async () => {
    const html = await requestJson(
      'http://x/',
      {},
      { maxBytes: MAX, fetch: answer(200, '<html>login</html>', 'text/html'), acceptText: true },
    );
    expect(!html.ok && html.error).toMatchObject({ kind: 'unexpected', detail: 'html' });
    const plain = await requestJson('http://x/', {}, { maxBytes: MAX, fetch: answer(200, XML, 'application/xml') });
    expect(!plain.ok && plain.error).toMatchObject({ kind: 'unexpected', detail: 'invalid-json' });
  });
});
