/** An answer's body as text, or word that it went past its limit (and was not read further). */
export type BoundedBody = { kind: 'text'; text: string } | { kind: 'too-large' };

/**
 * Reads a body as UTF-8 text (as `Response.text()` does) but never more than `maxBytes`: a hostile
 * or broken server can send a body without end, and `text()` would hold all of it in the page's
 * memory before anything could look at it. Past the limit the stream is cancelled, so the rest is
 * never downloaded. A `Content-Length` over the limit is refused before a byte is read. Bytes are
 * counted as they arrive, after any content decoding, so a compressed answer is held to the same
 * limit. Throws when the stream fails (an abort, a dropped connection), as `text()` does.
 */
export async function readBounded(response: Response, maxBytes: number): Promise<BoundedBody> {
  const body = response.body;
  const declared = Number(response.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > maxBytes) {
    void body?.cancel().catch(() => undefined);
    return { kind: 'too-large' };
  }
  if (!body) return { kind: 'text', text: '' };
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > maxBytes) {
      void reader.cancel().catch(() => undefined);
      return { kind: 'too-large' };
    }
    parts.push(decoder.decode(value, { stream: true }));
  }
  parts.push(decoder.decode());
  return { kind: 'text', text: parts.join('') };
}
