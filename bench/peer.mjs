// The official Password Pusher extension as the bench's yardstick (`--peer <dir>` or
// PUSHGATE_BENCH_PEER): a copy of <dir> in .output/bench/peer with the bench probes added, as
// Pushgate's instrumented copy has them. <dir> itself is never written to, and nothing of the
// peer is part of Pushgate.
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const PROBE_DIR = resolve(import.meta.dirname, 'probe');
const PEER_DIR = resolve('.output/bench/peer');
/** What the copy adds; byte counts leave them out. */
export const PEER_BENCH_FILES = new Set(['/bench-probe.js', '/bench-worker-start.js', '/bench-peer-worker.js', '/blank.html']);

/** The peer named by `--peer <dir>` or PUSHGATE_BENCH_PEER, or null. */
export function peerDirFromArgs(argv = process.argv.slice(2), env = process.env) {
  const flag = argv.indexOf('--peer');
  const dir = flag >= 0 ? argv[flag + 1] : env.PUSHGATE_BENCH_PEER;
  if (flag >= 0 && !dir) throw new Error('--peer needs a folder: npm run bench -- --peer <dir>');
  return dir ? resolve(dir) : null;
}

/**
 * Copies the peer and instruments the copy:
 * - host permissions for the local servers: `https://127.0.0.1/*` (its instance, which it only
 *   accepts over https) and `http://127.0.0.1/*` (the target page, whose selection it reads on
 *   opening, as Pushgate's test build may: a real toolbar click would grant it through activeTab);
 * - `blank.html` and the probe as the first script of its popup, as in Pushgate's copy;
 * - a module service worker that notes when the peer's worker script starts and ends.
 * @returns `{ sourceDir, dir, popupPath, manifest }`; `sourceDir` is the unmodified folder (byte counts).
 */
export function preparePeer(sourceDir) {
  const manifestPath = join(sourceDir, 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${sourceDir}: no manifest.json (is it the peer extension's folder?)`);
  rmSync(PEER_DIR, { recursive: true, force: true });
  cpSync(sourceDir, PEER_DIR, { recursive: true });
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const popupPath = manifest.action?.default_popup;
  const worker = manifest.background?.service_worker;
  if (!popupPath || !worker || manifest.background.type !== 'module') {
    throw new Error('the peer needs an action popup and a module service worker (as pwpush-chrome-extension 0.5.0 has)');
  }
  for (const file of ['bench-probe.js', 'blank.html']) cpSync(join(PROBE_DIR, file), join(PEER_DIR, file));
  const popupFile = join(PEER_DIR, popupPath);
  const html = readFileSync(popupFile, 'utf8');
  if (!html.includes('<head>')) throw new Error(`${popupPath}: no <head> to put the probe in`);
  writeFileSync(popupFile, html.replace('<head>', '<head>\n    <script src="/bench-probe.js"></script>'));
  // Modules run in import order: the start mark, then the peer's worker; the end mark is the body.
  writeFileSync(join(PEER_DIR, 'bench-worker-start.js'), 'globalThis.__benchWorker = { scriptStart: performance.now(), menus: {} };\n');
  writeFileSync(
    join(PEER_DIR, 'bench-peer-worker.js'),
    `import './bench-worker-start.js';\nimport './${worker}';\nglobalThis.__benchWorker.scriptEnd = performance.now();\n`,
  );
  const instrumented = {
    ...manifest,
    host_permissions: [...new Set([...(manifest.host_permissions ?? []), 'https://127.0.0.1/*', 'http://127.0.0.1/*'])],
    background: { ...manifest.background, service_worker: 'bench-peer-worker.js' },
  };
  writeFileSync(join(PEER_DIR, 'manifest.json'), JSON.stringify(instrumented));
  return { sourceDir, dir: PEER_DIR, popupPath, manifest, workerScript: 'bench-peer-worker.js' };
}

/**
 * Stores what the peer's options page would after connecting to `instanceUrl` (the notes list
 * the fields), from its service worker, so its popup opens configured.
 */
export async function configurePeer(worker, { instanceUrl, token }) {
  await worker.evaluate((seed) => chrome.storage.local.set(seed), {
    settings: {
      baseUrl: instanceUrl,
      presetKey: 'custom',
      // The same user and token as Pushgate: both push as the same account to the same server.
      apiToken: token,
      rememberApiToken: true,
      selectedAccountId: null,
      availableAccounts: [],
      lastPushOptions: {},
    },
    instanceStatus: {
      connected: true,
      checkedAt: new Date().toISOString(),
      apiVersion: '2.1',
      applicationVersion: '2.11.4',
      edition: 'oss',
      instanceType: 'oss',
      features: { supportsAccountsApi: 'unknown', supportsRequestsApi: 'unknown' },
      error: null,
    },
  });
}
