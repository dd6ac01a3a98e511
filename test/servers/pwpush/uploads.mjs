// What stands between a client and a real instance when the body is big: a slow uplink, a proxy's
// size limit (nginx `client_max_body_size`), and an answer that never comes back in time.
import { readBody } from './body.mjs';

/** nginx's own 413 page: HTML, whatever the request asked for. */
const TOO_LARGE_PAGE =
  '<html>\r\n<head><title>413 Request Entity Too Large</title></head>\r\n<body>\r\n<center><h1>413 Request Entity Too Large</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';

/**
 * Reads a body no faster than `bytesPerSecond`: every chunk pauses the stream for as long as that many
 * bytes take, so TCP back-pressure slows the sender (what a 2 Mbit/s uplink looks like to a client).
 * @param {import('node:http').IncomingMessage} req @param {number} bytesPerSecond
 * @returns {Promise<Buffer>}
 */
export function readBodySlowly(req, bytesPerSecond) {
  return new Promise((resolve, reject) => {
    /** @type {Buffer[]} */
    const chunks = [];
    req.on('data', (/** @type {Buffer} */ chunk) => {
      chunks.push(chunk);
      req.pause();
      setTimeout(() => req.resume(), (chunk.length / bytesPerSecond) * 1000).unref();
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * The body as the server options say: refused with nginx's 413 page when its Content-Length is over
 * `maxBodyBytes`, read slowly with `uploadBytesPerSecond`, else as usual. Null when the 413 was sent.
 * @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res
 * @param {{ maxBodyBytes?: number, uploadBytesPerSecond?: number }} options
 * @returns {Promise<Buffer | null>}
 */
export async function readBodyAsConfigured(req, res, options) {
  const length = Number(req.headers['content-length'] ?? 0);
  if (typeof options.maxBodyBytes === 'number' && length > options.maxBodyBytes) {
    // nginx answers from the headers alone, then reads and drops the body before closing (lingering
    // close), so a client still sending sees the 413 rather than a reset connection.
    res.writeHead(413, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': Buffer.byteLength(TOO_LARGE_PAGE),
      Connection: 'close',
    });
    res.write(TOO_LARGE_PAGE);
    req.on('close', () => res.end()).resume();
    return null;
  }
  return options.uploadBytesPerSecond ? readBodySlowly(req, options.uploadBytesPerSecond) : readBody(req);
}
