// Streams an answer too large for any client to want, for the hostile faults of both reference
// servers: chunk by chunk, waiting while the client's socket is full, and stopping as soon as the
// client goes away. So a test can tell "stopped reading early" (the server was left with most of
// the answer unsent) from "read it all".

/**
 * @typedef {object} StreamOptions
 * @property {number} [chunkDelayMs] a pause before every chunk (a slow drip); 0 or absent: as fast as the client takes them
 * @property {(ms: number) => Promise<void>} sleep the server's own timers, cleared when it closes
 * @property {(bytes: number) => void} [onSent] told the bytes handed to the socket, when the stream ends or the client goes
 */

/**
 * Writes `status`, `headers` and every chunk of `chunks` (strings, possibly endless) to `res`.
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {Record<string, string>} headers
 * @param {Iterable<string>} chunks
 * @param {StreamOptions} options
 */
export async function streamAnswer(res, status, headers, chunks, { chunkDelayMs = 0, sleep, onSent }) {
  let sent = 0;
  let gone = false;
  const markGone = () => {
    gone = true;
  };
  res.once('close', markGone);
  res.writeHead(status, headers);
  try {
    for (const chunk of chunks) {
      if (chunkDelayMs > 0) await sleep(chunkDelayMs);
      if (gone || res.destroyed) break;
      const bytes = Buffer.from(chunk, 'utf8');
      sent += bytes.length;
      if (!res.write(bytes)) await drained(res);
    }
    if (!gone && !res.destroyed) res.end();
  } finally {
    res.off('close', markGone);
    onSent?.(sent);
  }
}

/** Until the socket takes more, or closes. @param {import('node:http').ServerResponse} res */
function drained(res) {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve(undefined);
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/**
 * `text` repeated in chunks of about `chunkBytes` until `total` characters (Infinity: without end).
 * @param {string} text one character or a short run of them
 * @param {number} total
 * @param {number} [chunkBytes]
 */
export function* repeated(text, total, chunkBytes = 64 * 1024) {
  const chunk = text.repeat(Math.max(1, Math.floor(chunkBytes / text.length)));
  let left = total;
  while (left > 0) {
    const part = left >= chunk.length ? chunk : chunk.slice(0, left);
    left -= part.length;
    yield part;
  }
}

/**
 * `head`, the items of `item(i)` for i below `count` joined by `separator` in batches of about
 * `chunkBytes`, then `tail`.
 * @param {string} head @param {number} count @param {(index: number) => string} item @param {string} separator @param {string} tail
 * @param {number} [chunkBytes]
 */
export function* listed(head, count, item, separator, tail, chunkBytes = 64 * 1024) {
  yield head;
  let batch = '';
  for (let index = 0; index < count; index++) {
    batch += (index > 0 ? separator : '') + item(index);
    if (batch.length >= chunkBytes) {
      yield batch;
      batch = '';
    }
  }
  yield batch + tail;
}
