// A local stand-in for a Password Pusher instance (docs/password-pusher.md), OSS 2.11.4 unless
// `version` names an older one, or the commercial edition with `edition: 'commercial'` (commercial/):
// Node's own http, in memory, 127.0.0.1. Lifecycle, options, introspection and the /__control API live here.
import { createServer } from 'node:http';
import { isPlainObject, readBody } from './body.mjs';
import { accountsOf } from './commercial/accounts.mjs';
import { answerRequest, RequestStore, requestJson } from './commercial/requests.mjs';
import { handleRequest } from './dispatch.mjs';
import { FaultSlot, validFault } from './faults.mjs';
import { iso, pushJson } from './json.mjs';
import { sendHtml, sendJson } from './respond.mjs';
import { serverErrorPage } from './pages.mjs';
import { jobsBetween, runJob } from './recurring-jobs.mjs';
import { PushStore } from './store.mjs';
import { seedPushes } from './seed.mjs';
import { REAL_LIMITS, Throttle } from './throttle.mjs';
import { DEFAULT_VERSION, validVersion } from './versions.mjs';

export { VERSIONS } from './versions.mjs';

/** @typedef {import('./faults.mjs').Fault} Fault */
/** @typedef {import('./respond.mjs').User} User */
/** @typedef {import('./respond.mjs').ResolvedOptions} ResolvedOptions */
/** @typedef {import('./respond.mjs').ServerState} ServerState */

/**
 * The accounts only mean something on the commercial edition (docs/password-pusher.md#accounts):
 * alice works in her own and a team's, bob in his own only.
 */
export const DEFAULT_USERS = Object.freeze([
  Object.freeze({
    token: 'alice-token-0123456789',
    email: 'alice@example.com',
    accounts: Object.freeze([
      Object.freeze({ id: 11, name: 'Alice Example', role: 'owner' }),
      Object.freeze({ id: 12, name: 'Acme Security', role: 'member' }),
    ]),
  }),
  Object.freeze({
    token: 'bob-token-0123456789ab',
    email: 'bob@example.com',
    accounts: Object.freeze([Object.freeze({ id: 21, name: 'Bob Example', role: 'owner' })]),
  }),
]);

const OPTION_KEYS = [
  'edition',
  'allowAnonymous',
  'enableFilePushes',
  'enableUrlPushes',
  'enableQrPushes',
  'firstRun',
  'paginationHeaders',
  'version',
  'users',
  'now',
  'uploadBytesPerSecond',
  'maxBodyBytes',
  'createAnswerDelayMs',
  'throttle',
  'overrideBaseUrl',
  'emailConfigured',
  'requestsEnabled',
  'retrievalStepDisabled',
];

/** @param {readonly User[]} users */
const copyUsers = (users) =>
  users.map((user) => (user.accounts ? { ...user, accounts: user.accounts.map((account) => ({ ...account })) } : { ...user }));

/** @param {Record<string, unknown>} target @param {Record<string, unknown>} partial */
function mergeOptions(target, partial) {
  for (const key of OPTION_KEYS) {
    if (partial[key] === undefined) continue;
    target[key] = key === 'users' ? copyUsers(/** @type {User[]} */ (partial[key])) : partial[key];
  }
  if (target.edition !== 'oss' && target.edition !== 'commercial') throw new TypeError(`unknown edition: ${target.edition}`);
  validVersion(target.version);
}

/** @param {Record<string, unknown>} options @returns {ResolvedOptions} */
function resolveOptions(options) {
  /** @type {ResolvedOptions} */
  const resolved = {
    port: typeof options.port === 'number' ? options.port : 0,
    edition: 'oss',
    allowAnonymous: true,
    enableFilePushes: true,
    enableUrlPushes: true,
    enableQrPushes: true,
    firstRun: false,
    // Real 2.11.4 sends no pagination headers; they are an opt-in for the newer PR #4772.
    paginationHeaders: false,
    // A stock instance has no SMTP: e-mailing a link is an opt-in (docs/password-pusher.md#notify-emails).
    emailConfigured: false,
    version: DEFAULT_VERSION,
    users: copyUsers(DEFAULT_USERS),
    now: undefined,
    throttle: { ...REAL_LIMITS },
  };
  mergeOptions(/** @type {any} */ (resolved), options);
  return resolved;
}

/**
 * What `pushes()` shows: the API record (as the owner's list renders it, URLs on the server's own origin)
 * plus what only the server knows: kind, payload, owner, file sizes and the audit trail.
 * @param {import('./store.mjs').PushRecord} push @param {ServerState} state
 */
function snapshot(push, state) {
  return {
    ...pushJson(state.store, push, state.url, { owner: true }),
    kind: push.kind,
    payload: push.payload,
    owner: push.owner,
    account: push.account,
    files: push.files.map((file) => ({ filename: file.filename, content_type: file.contentType, size: file.data.length })),
    audit: push.audit.map((entry) => ({
      kind: entry.kind,
      ip: entry.ip,
      user_agent: entry.userAgent,
      referrer: entry.referrer,
      created_at: iso(entry.at),
    })),
  };
}

/**
 * A seeded push of a token user on the commercial edition lives in that user's first account unless
 * it names one. @param {import('./seed.mjs').SeedPush} push @param {ServerState} state
 */
function withDefaultAccount(push, state) {
  if (state.options.edition !== 'commercial' || push.account !== undefined || !push.owner) return push;
  const user = state.options.users.find((candidate) => candidate.email === push.owner);
  return user ? { ...push, account: accountsOf(state, user)[0]?.id ?? null } : push;
}

/** @param {Record<string, unknown>} [options] */
export async function startPwpushServer(options = {}) {
  const initial = resolveOptions(options);
  let offsetMs = 0;
  /** @type {Set<NodeJS.Timeout>} */
  const timers = new Set();
  /** @type {ServerState} */
  const state = {
    options: { ...initial, users: copyUsers(initial.users) },
    store: new PushStore(() => state.now()),
    secretRequests: new RequestStore(() => state.now()),
    fault: new FaultSlot(),
    throttle: new Throttle(),
    passphraseHits: new Map(),
    requests: [],
    connections: [],
    connectionIds: new WeakMap(),
    listeners: new Set(),
    oversizedSent: [],
    now: () => (state.options.now ? state.options.now() : Date.now()) + offsetMs,
    sleep: (ms) =>
      new Promise((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve();
        }, ms);
        timers.add(timer);
      }),
    url: '',
  };

  const api = {
    get url() {
      return state.url;
    },
    get port() {
      return Number(new URL(state.url).port);
    },
    get users() {
      return state.options.users;
    },
    requests: state.requests,
    connections: state.connections,
    /** Closes the connections no request is using, as a server's keep-alive timeout does. */
    closeIdleConnections() {
      server.closeIdleConnections();
    },
    oversizedSent: state.oversizedSent,
    /** @param {Fault | null} fault */
    setFault(fault) {
      state.fault.set(validFault(fault));
    },
    /** @param {Record<string, unknown>} partial */
    setOptions(partial) {
      mergeOptions(/** @type {any} */ (state.options), partial);
    },
    /** Moves the clock on, running the recurring jobs it passes, each at its own time. @param {number} ms */
    advanceTime(ms) {
      const to = state.now() + ms;
      for (const { at, job } of jobsBetween(state.now(), to)) {
        offsetMs += at - state.now();
        runJob(state.store, job);
      }
      offsetMs += to - state.now();
    },
    reset() {
      state.store.clear();
      state.secretRequests.clear();
      state.requests.length = 0;
      state.connections.length = 0;
      state.listeners.clear();
      state.oversizedSent.length = 0;
      state.fault.set(null);
      state.passphraseHits.clear();
      state.throttle.clear();
      state.options = { ...initial, users: copyUsers(initial.users) };
      offsetMs = 0;
    },
    pushes() {
      return state.store.all().map((push) => snapshot(push, state));
    },
    /** @param {import('./seed.mjs').SeedPush[]} pushes */
    seed(pushes) {
      return seedPushes(
        state.store,
        pushes.map((push) => withDefaultAccount(push, state)),
      ).map((push) => push.urlToken);
    },
    /** The commercial edition's requests as the owner's list renders them, oldest first. */
    secretRequests() {
      return state.secretRequests
        .all()
        .map((record) => ({ ...requestJson(state, record, state.url), owner: record.owner, account: record.account }));
    },
    /**
     * `SendNotifyByEmailJob` has run for the push's newest `creation_email_send`: its status (and the
     * error message it kept) as the audit shows them. False when the push has no such entry.
     * @param {string} urlToken @param {string} status @param {string} [errorMessage]
     */
    setEmailOutcome(urlToken, status, errorMessage) {
      const entry = state.store.find(urlToken)?.audit.findLast((logged) => logged.kind === 'creation_email_send');
      if (!entry?.notify) return false;
      entry.notify = { ...entry.notify, status, ...(errorMessage ? { errorMessage } : {}) };
      return true;
    },
    /** Someone answers a request at its link; resolves the answer's push token, or null for a closed or unknown request. @param {string} urlToken @param {string} payload */
    answerRequest(urlToken, payload) {
      return (
        answerRequest(state, urlToken, payload, { ip: '203.0.113.9', userAgent: 'Mozilla/5.0 (answering a request)', referrer: '' })
          ?.urlToken ?? null
      );
    },
    /** @param {(request: import('./respond.mjs').RequestRecord) => void} listener */
    onRequest(listener) {
      state.listeners.add(listener);
      return () => void state.listeners.delete(listener);
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      return new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve(undefined)));
        server.closeAllConnections();
      });
    },
  };

  /** @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res @param {string} path */
  async function control(req, res, path) {
    const raw = (await readBody(req)).toString('utf8');
    const body = raw.trim() ? JSON.parse(raw) : null;
    if (req.method === 'POST' && path === '/__control/fault') api.setFault(body);
    else if (req.method === 'POST' && path === '/__control/reset') api.reset();
    else if (req.method === 'POST' && path === '/__control/options' && isPlainObject(body)) api.setOptions({ ...body, now: undefined });
    else if (req.method === 'POST' && path === '/__control/time' && typeof body?.advanceMs === 'number') api.advanceTime(body.advanceMs);
    else if (
      req.method === 'POST' &&
      path === '/__control/email-outcome' &&
      typeof body?.urlToken === 'string' &&
      typeof body?.status === 'string'
    ) {
      return sendJson(res, 200, { updated: api.setEmailOutcome(body.urlToken, body.status, body.errorMessage) });
    } else if (req.method === 'GET' && path === '/__control/requests') return sendJson(res, 200, state.requests);
    else if (req.method === 'GET' && path === '/__control/pushes') return sendJson(res, 200, api.pushes());
    else if (req.method === 'GET' && path === '/__control/secret-requests') return sendJson(res, 200, api.secretRequests());
    else if (
      req.method === 'POST' &&
      path === '/__control/answer' &&
      typeof body?.urlToken === 'string' &&
      typeof body?.payload === 'string'
    ) {
      return sendJson(res, 200, { urlToken: api.answerRequest(body.urlToken, body.payload) });
    } else return sendJson(res, 404, { error: 'unknown control route' });
    sendJson(res, 200, { ok: true });
  }

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const work = path.startsWith('/__control/') ? control(req, res, path) : handleRequest(req, res, state);
    work.catch((/** @type {unknown} */ error) => {
      if (res.headersSent) return void res.destroy();
      if (path.startsWith('/__control/')) sendJson(res, 400, { error: String(error) });
      else sendHtml(res, 500, serverErrorPage());
    });
  });
  let connectionCount = 0;
  server.on('connection', (socket) => {
    const id = ++connectionCount;
    state.connectionIds.set(socket, id);
    state.connections.push({ id, at: Date.now() });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(initial.port, '127.0.0.1', () => resolve(undefined));
  });
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  state.url = `http://127.0.0.1:${address.port}`;
  return api;
}
