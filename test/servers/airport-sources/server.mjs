// A local stand-in for one airport website's wait-time feed (docs/airport-sources.md), in memory
// on 127.0.0.1: the real path, the real shape with its quirks (see feeds.mjs), gzip when the
// client accepts it (as the sites' servers do), no CORS headers, and the faults a website shows:
// a web page instead of data, a 403 refusal, a slow or dropped answer, a 5xx. See README.md.
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { FEED_PATHS, FEEDS, SITE_PAGE } from './feeds.mjs';

export { FEED_PATHS, FEEDS, localStamp, offsetStamp, SITE_PAGE } from './feeds.mjs';

/** @typedef {import('./server.d.mts').FeedServer} FeedServer */
/** @typedef {import('./server.d.mts').FeedServerOptions} FeedServerOptions */
/** @typedef {import('./server.d.mts').FeedFault} FeedFault */

const FAULTS = ['html', 'blocked', 'not-found', 'server-error', 'rate-limit', 'slow', 'drop', 'empty'];
/** A refusal as content delivery networks in front of such sites word it. */
const BLOCKED_PAGE = '<!DOCTYPE html><html><head><title>Access Denied</title></head><body><h1>Access Denied</h1></body></html>';
const NOT_FOUND_PAGE = '<!DOCTYPE html><html><head><title>404 Not Found</title></head><body><h1>Not Found</h1></body></html>';

/** @param {FeedFault} fault */
function check(fault) {
  if (!FAULTS.includes(fault.type)) throw new TypeError(`Unknown fault type: ${fault.type}`);
  if (fault.times !== undefined && !(Number.isInteger(fault.times) && fault.times > 0))
    throw new RangeError('fault.times must be a positive integer');
  if (fault.type === 'slow' && !(Number.isFinite(fault.ms) && fault.ms >= 0)) throw new RangeError('slow fault needs ms >= 0');
}

/**
 * @param {keyof typeof FEEDS} id
 * @param {FeedServerOptions} [options]
 * @returns {Promise<FeedServer>}
 */
export async function startFeedServer(id, options = {}) {
  const feed = FEEDS[id];
  if (!feed) throw new TypeError(`Unknown feed: ${id}`);
  const { port: wantedPort = 0, now = Date.now } = options;
  /** @type {unknown} */
  let body = null;
  /** @type {Array<{ from: number, body: unknown }> | null} */
  let schedule = null;
  let shape = 'current';
  /** @type {FeedFault | null} */
  let fault = null;
  let remaining = Infinity;
  /** @type {import('./server.d.mts').FeedRequest[]} */
  const requests = [];
  /** @type {Set<NodeJS.Timeout>} */
  const timers = new Set();

  const sleep = (ms) =>
    new Promise((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve(undefined);
      }, ms);
      timers.add(timer);
    });

  function takeFault() {
    const current = fault;
    if (!current) return null;
    remaining -= 1;
    if (remaining <= 0) fault = null;
    return current;
  }

  /** The body set for this moment: the schedule's entry in force (the last whose `from` has come), else `setBody`'s. */
  function chosenAt(at) {
    const entry = schedule?.findLast((candidate) => candidate.from <= at);
    return entry ? entry.body : body;
  }

  /** The body the feed sends now for `iata` (Swedavia's website only). */
  function bodyFor(iata) {
    const at = now();
    const chosen = chosenAt(at);
    const base = chosen === null ? feed.demo(at, iata) : typeof chosen === 'function' ? chosen(at, iata) : structuredClone(chosen);
    if (shape !== 'renamed') return base;
    try {
      return feed.renamed(base);
    } catch {
      // A body the test set in another shape: nothing of the feed's to rename.
      return base;
    }
  }

  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {import('./server.d.mts').FeedRequest} record
   * @param {{ status: number, type: string, text: string, headers?: Record<string, string> }} answer
   */
  function send(req, res, record, answer) {
    if (res.destroyed || res.writableEnded) return;
    record.status = answer.status;
    const raw = Buffer.from(answer.text, 'utf8');
    const gzip = answer.text !== '' && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    record.gzip = gzip;
    const sent = gzip ? gzipSync(raw) : raw;
    res.writeHead(answer.status, {
      'Content-Type': answer.type,
      'Content-Length': String(sent.length),
      ...(gzip ? { 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' } : {}),
      ...answer.headers,
    });
    res.end(sent);
  }

  const html = (status, text) => ({ status, type: 'text/html; charset=utf-8', text });

  /** @type {import('node:http').RequestListener} */
  async function handle(req, res) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    /** @type {import('./server.d.mts').FeedRequest} */
    const record = {
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      status: null,
      gzip: false,
      accept: req.headers.accept ?? null,
      requestedWith: typeof req.headers['x-requested-with'] === 'string' ? req.headers['x-requested-with'] : null,
      origin: typeof req.headers.origin === 'string' ? req.headers.origin : null,
      cookie: typeof req.headers.cookie === 'string' ? req.headers.cookie : null,
    };
    requests.push(record);
    const route = feed.path.exec(url.pathname);
    if (!route) return send(req, res, record, html(404, NOT_FOUND_PAGE));
    if (req.method !== 'GET') return send(req, res, record, { ...html(405, ''), headers: { Allow: 'GET' } });
    const current = takeFault();
    if (current?.type === 'drop') {
      req.socket.destroy();
      return;
    }
    if (current?.type === 'slow') await sleep(current.ms);
    if (current?.type === 'html') return send(req, res, record, html(200, SITE_PAGE));
    if (current?.type === 'blocked') return send(req, res, record, html(current.status ?? 403, BLOCKED_PAGE));
    if (current?.type === 'not-found') return send(req, res, record, html(404, NOT_FOUND_PAGE));
    if (current?.type === 'server-error') return send(req, res, record, html(current.status ?? 500, '<h1>Server Error</h1>'));
    if (current?.type === 'rate-limit') {
      return send(req, res, record, {
        ...html(429, '<h1>Too Many Requests</h1>'),
        headers: { 'Retry-After': String(current.retryAfter ?? 60) },
      });
    }
    if (current?.type === 'empty') return send(req, res, record, { status: 200, type: 'application/json; charset=utf-8', text: '' });
    const refusal = feed.refuses?.(req.headers);
    if (refusal) return send(req, res, record, html(refusal.status, refusal.html));
    const text = JSON.stringify(bodyFor(route[1]));
    send(req, res, record, { status: 200, type: 'application/json; charset=utf-8', text });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(wantedPort, '127.0.0.1', () => resolve(undefined));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : wantedPort;
  const url = `http://127.0.0.1:${port}`;

  return {
    id,
    url,
    port,
    feedUrl: `${url}${FEED_PATHS[id]}`,
    requests,
    setBody(next) {
      body = next;
    },
    setSchedule(entries) {
      if (entries === null) {
        schedule = null;
        return;
      }
      if (
        !Array.isArray(entries) ||
        entries.some((entry, i) => !Number.isFinite(entry?.from) || (i > 0 && entry.from < entries[i - 1].from))
      )
        throw new TypeError('schedule: entries with a finite `from`, in time order');
      schedule = entries.map((entry) => ({ from: entry.from, body: entry.body }));
    },
    setShape(next) {
      if (next !== 'current' && next !== 'renamed') throw new TypeError(`Unknown shape: ${next}`);
      shape = next;
    },
    setFault(next) {
      if (next) check(next);
      fault = next ? { ...next } : null;
      remaining = next?.times ?? Infinity;
    },
    reset() {
      body = null;
      schedule = null;
      shape = 'current';
      fault = null;
      remaining = Infinity;
      requests.length = 0;
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/**
 * Every feed, each on its own port: what `npm start` and the side panel's e2e tests use.
 * @param {FeedServerOptions} [options]
 */
export async function startFeedServers(options = {}) {
  const ids = /** @type {Array<keyof typeof FEEDS>} */ (Object.keys(FEEDS));
  const servers = await Promise.all(ids.map((id) => startFeedServer(id, { ...options, port: 0 })));
  return Object.fromEntries(ids.map((id, index) => [id, servers[index]]));
}
