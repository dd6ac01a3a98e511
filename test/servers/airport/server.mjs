// Local reference server for Swedavia's wait-time and airport-info APIs (the real gateway's v2 paths;
// the spec's v1 paths only when asked for, as the real v1 path answers 404), in memory on 127.0.0.1.
// Order of checks follows APIM: unknown path → 404, then the subscription key of that product → 401, then policies (quota 403, rate limit 429), then the backend.
// No CORS headers: the real gateway sends none (docs/airport-api.md#cors). See README.md for the decisions.
import { createServer } from 'node:http';
import { apimBody, INVALID_KEY_MESSAGE, MISSING_KEY_MESSAGE, NOT_FOUND_MESSAGE } from './apim.mjs';
import { backendAnswer } from './answers.mjs';
import { faultAnswer, FaultSwitch } from './faults.mjs';
import { sendHostile } from './hostile.mjs';
import { DEFAULT_INFO_KEYS, DEFAULT_KEYS } from './fixtures.mjs';
import { matchRoute } from './routes.mjs';
import { prefersXml } from './xml.mjs';

export {
  AIRPORTS,
  ARN_PEAK_ENTRIES,
  DEFAULT_INFO_KEYS,
  DEFAULT_KEYS,
  FLIGHT_FIXTURES,
  UNSUPPORTED_AIRPORTS,
  WAIT_TIME_FIXTURES,
} from './fixtures.mjs';

/** @typedef {import('./server.d.mts').AirportServerOptions} AirportServerOptions */
/** @typedef {import('./server.d.mts').AirportServer} AirportServer */
/** @typedef {import('./server.d.mts').RecordedRequest} RecordedRequest */
/** @typedef {import('./answers.mjs').Answer} Answer */

const VERSIONS = ['v1', 'v2'];
/**
 * The real gateway serves v2 only (its v1 path answered 404, docs/airport-api.md#paths); v1 is
 * opt-in.
 */
const DEFAULT_VERSIONS = ['v2'];

/** @param {Omit<AirportServerOptions, 'port'>} options */
function checkOptions(options) {
  for (const version of options.versions ?? []) {
    if (!VERSIONS.includes(version)) throw new TypeError(`Unknown API version: ${version}`);
  }
}

/**
 * @param {import('node:http').ServerResponse} res
 * @param {RecordedRequest} record
 * @param {Answer & { headers?: Record<string, string> }} answer
 */
function send(res, record, answer) {
  if (res.destroyed || res.writableEnded) return;
  record.status = answer.status;
  const body = Buffer.from(answer.body, 'utf8');
  res.writeHead(answer.status, {
    'Content-Type': answer.xml ? 'application/xml; charset=utf-8' : 'application/json; charset=utf-8',
    'Content-Length': String(body.length),
    ...answer.headers,
  });
  res.end(body);
}

/** @param {number} status @param {string} message @returns {Answer} */
const gatewayError = (status, message) => ({ status, xml: false, body: apimBody(status, message) });

/**
 * Start the server on 127.0.0.1.
 * @param {AirportServerOptions} [options]
 * @returns {Promise<AirportServer>}
 */
export async function startAirportServer(options = {}) {
  const { port: wantedPort = 0, ...initial } = options;
  checkOptions(initial);
  /** @type {Required<Omit<AirportServerOptions, 'port' | 'keys' | 'infoKeys'>>} */
  let settings = { versions: DEFAULT_VERSIONS, now: Date.now, forceXml: false };
  /** WaitTime Public keys. @type {Set<string>} */
  let validKeys = new Set();
  /**
   * AirportInfo keys: a product of its own with its own subscription
   * (docs/airport-api.md#products-and-keys). @type {Set<string>}
   */
  let infoKeys = new Set();
  /** @type {import('./answers.mjs').WaitTimeOverrides} */
  const overrides = new Map();
  /** @type {import('./answers.mjs').FlightOverrides} */
  const flights = new Map();
  const faults = new FaultSwitch();
  /** @type {RecordedRequest[]} */
  const requests = [];
  /** @type {number[]} */
  const oversizedSent = [];
  /** @type {Set<NodeJS.Timeout>} */
  const timers = new Set();

  /** @param {Omit<AirportServerOptions, 'port'>} partial */
  function applyOptions(partial) {
    checkOptions(partial);
    const { keys, infoKeys: info, ...rest } = partial;
    if (keys) validKeys = new Set(keys);
    if (info) infoKeys = new Set(info);
    settings = { ...settings, ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) };
  }

  function reset() {
    settings = { versions: DEFAULT_VERSIONS, now: Date.now, forceXml: false };
    validKeys = new Set(DEFAULT_KEYS);
    infoKeys = new Set(DEFAULT_INFO_KEYS);
    applyOptions(initial);
    overrides.clear();
    flights.clear();
    faults.set(null);
    requests.length = 0;
    oversizedSent.length = 0;
  }
  reset();

  /** @param {number} ms */
  const sleep = (ms) =>
    new Promise((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve(undefined);
      }, ms);
      timers.add(timer);
    });

  /** @type {import('node:http').RequestListener} */
  async function handle(req, res) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const headerKey = req.headers['ocp-apim-subscription-key'];
    const queryKey = url.searchParams.get('subscription-key');
    const keySource = headerKey ? 'header' : queryKey ? 'query' : null;
    const key = keySource === 'header' ? String(headerKey) : queryKey || null;
    const accept = req.headers.accept ?? null;
    /** @type {RecordedRequest} */
    const record = { method: req.method ?? 'GET', path: req.url ?? '/', key, keySource, accept, status: null };
    requests.push(record);

    const route = req.method === 'GET' ? matchRoute(url.pathname) : null;
    if (!route || !settings.versions.includes(route.version)) {
      return send(res, record, gatewayError(404, NOT_FOUND_MESSAGE));
    }
    if (!key) return send(res, record, gatewayError(401, MISSING_KEY_MESSAGE));
    // Each product checks its own subscription: a wait-time key is refused on the airport list and vice versa.
    const productKeys = route.api === 'airportinfo' ? infoKeys : validKeys;
    if (!productKeys.has(key)) return send(res, record, gatewayError(401, INVALID_KEY_MESSAGE));

    const fault = faults.take(url.pathname);
    if (fault?.type === 'drop') {
      req.socket.destroy();
      return;
    }
    if (fault?.type === 'slow') await sleep(fault.ms);
    const xml = settings.forceXml || prefersXml(accept);
    if (fault?.type === 'huge' || fault?.type === 'endless') {
      record.status = 200;
      return sendHostile(fault, res, { route, xml, sleep, onSent: (bytes) => oversizedSent.push(bytes) });
    }
    const normal = () =>
      backendAnswer(route, {
        overrides,
        flights,
        query: url.searchParams,
        nowMs: settings.now(),
        xml,
      });
    send(res, record, faultAnswer(fault, normal));
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

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    get keys() {
      return [...validKeys];
    },
    get infoKeys() {
      return [...infoKeys];
    },
    requests,
    oversizedSent,
    setFault: (fault) => faults.set(fault),
    setOptions: applyOptions,
    setWaitTimes(iata, entries) {
      overrides.set(iata.toUpperCase(), entries ? entries.map((entry) => ({ ...entry })) : null);
    },
    setFlight(iata, flight, entries) {
      flights.set(`${iata.toUpperCase()} ${flight}`, entries ? entries.map((entry) => ({ ...entry })) : null);
    },
    revokeKey(key) {
      validKeys.delete(key);
      infoKeys.delete(key);
    },
    reset,
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
