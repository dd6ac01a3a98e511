// Every answer is read within a byte limit given per call: a hostile or broken server cannot make
// a page hold more than that, and what lies past it is never read.
import { describe, expect, it } from 'vitest';
import { requestJson } from '@/lib/http';

const LIMIT = 1024;

/** A body that never ends, fast: counts the bytes the reader pulled. */
function endless(chunk = 256) {
  const pulled = { bytes: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled.bytes += chunk;
      controller.enqueue(new Uint8Array(chunk).fill(0x20));
    },
    cancel() {
      pulled.cancelled = true;
    },
  });
  return { body, pulled };
}

const serving =
  (body: BodyInit | null, init: ResponseInit = {}): typeof fetch =>
  async () =>
    new Response(body, { status: 200, headers: { 'content-type': 'application/json' }, ...init });

describe('requestJson reads within maxBytes', () => {
  it('reads an answer up to the limit', async () => {
    const json = JSON.stringify({ note: 'x'.repeat(LIMIT - 20) });
    const result = await requestJson('http://x/', {}, { fetch: serving(json), maxBytes: LIMIT });
    expect(result.ok && result.value.body).toEqual(JSON.parse(json));
  });

  it('stops an endless answer just past the limit and cancels the rest', async () => {
    const { body, pulled } = endless();
    const result = await requestJson('http://x/', {}, { fetch: serving(body), maxBytes: LIMIT });
    expect(!result.ok && result.error).toEqual({ kind: 'too-large', status: 200, limitBytes: LIMIT });
    expect(pulled.bytes).toBeLessThan(LIMIT * 4);
    expect(pulled.cancelled).toBe(true);
  });

  it('counts bytes, not characters', async () => {
    // 400 × "é" is 400 characters but 800 bytes.
    const json = JSON.stringify('é'.repeat(400));
    expect((await requestJson('http://x/', {}, { fetch: serving(json), maxBytes: 900 })).ok).toBe(true);
    const refused = await requestJson('http://x/', {}, { fetch: serving(json), maxBytes: 700 });
    expect(!refused.ok && refused.error.kind).toBe('too-large');
  });

  it('refuses without reading when Content-Length already says more', async () => {
    const { body, pulled } = endless();
    const result = await requestJson(
      'http://x/',
      {},
      { fetch: serving(body, { headers: { 'content-length': String(LIMIT + 1), 'content-type': 'application/json' } }), maxBytes: LIMIT },
    );
    expect(!result.ok && result.error).toEqual({ kind: 'too-large', status: 200, limitBytes: LIMIT });
    // A ReadableStream pulls once to fill its queue when it is made; nothing is read after that.
    expect(pulled.bytes).toBeLessThanOrEqual(256);
    expect(pulled.cancelled).toBe(true);
  });

  it('sorts an oversized error answer by its status, without its words', async () => {
    const { body, pulled } = endless();
    const result = await requestJson('http://x/', {}, { fetch: serving(body, { status: 500 }), maxBytes: LIMIT });
    expect(!result.ok && result.error).toEqual({ kind: 'server', status: 500 });
    expect(pulled.cancelled).toBe(true);
  });

  it('gives up on a body that trickles in forever at the time limit', async () => {
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        controller.enqueue(new Uint8Array([0x20]));
      },
    });
    const started = Date.now();
    const result = await requestJson('http://x/', {}, { fetch: slowBody(body), maxBytes: LIMIT * 1024, timeoutMs: 100 });
    expect(!result.ok && result.error.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

/** A fetch whose body stream errors when the request's signal aborts, as a browser's does. */
function slowBody(body: ReadableStream<Uint8Array>): typeof fetch {
  return async (_url, init) => {
    const reader = body.getReader();
    const aborted = new ReadableStream<Uint8Array>({
      start(controller) {
        init?.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
      },
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
    });
    return new Response(aborted, { status: 200, headers: { 'content-type': 'application/json' } });
  };
}
