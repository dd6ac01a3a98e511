// The extension the bench measures: the production build (`wxt build`, mode production, minified)
// with the loopback hosts granted, what `npm run build:test` makes but with the instances' real pace
// of 100 requests a minute (lib/pace/), written to .output/bench so it never races the e2e suite's .output/chrome-mv3. Then a copy of it with the
// bench probes added, so the product build itself stays untouched.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const PROBE_DIR = resolve(import.meta.dirname, 'probe');
const OUT_BASE = resolve('.output/bench');
/** Files the probe adds; byte counts leave them out. */
export const BENCH_FILES = new Set(['/bench-probe.js', '/bench-worker-start.js', '/bench-background.js', '/blank.html']);
/** Pages that get the probe as their first script (those the package has). */
const PROBED_PAGES = ['popup.html', 'sidepanel.html'];

/**
 * Builds the production extension and its instrumented copy: the combined package, or with `pkg`
 * one of the single-purpose ones (build/packages.mjs), each in folders of its own.
 * @returns `productDir` (the build, for byte counts), `instrumentedDir` (loaded into Chromium) and
 * `workerScript`, the instrumented worker's file: named per package, since the bench finds each
 * loaded extension by its worker's script (bench/browser.mjs).
 */
export async function buildBenchExtension({ pkg = 'pushgate' } = {}) {
  const suffix = pkg === 'pushgate' ? '' : `-${pkg}`;
  // In a child process: WXT's progress spinner writes straight to the terminal; its log is
  // printed only when the build fails.
  const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--wxt-build'], {
    encoding: 'utf8',
    // Read by wxt.config.ts: adds the loopback host permissions, as `npm run build:test` does.
    // PUSHGATE_REAL_PACE: the instances' real budget of 100 requests a minute (lib/pace/), not the test build's.
    // PUSHGATE_GRANT_HOSTS: the instance over https, 40 ms away (./measure-far-push.mjs).
    env: {
      ...process.env,
      PUSHGATE_TEST_HOSTS: '1',
      PUSHGATE_REAL_PACE: '1',
      PUSHGATE_PACKAGE: pkg,
      PUSHGATE_GRANT_HOSTS: 'https://127.0.0.1/*',
    },
  });
  if (child.status !== 0) {
    process.stderr.write(child.stdout + child.stderr);
    throw new Error(`the production build failed (${pkg})`);
  }
  const productDir = join(OUT_BASE, `chrome-mv3${suffix}`);
  const instrumentedDir = join(OUT_BASE, `instrumented${suffix}`);
  const workerScript = `bench-background${suffix}.js`;
  rmSync(instrumentedDir, { recursive: true, force: true });
  cpSync(productDir, instrumentedDir, { recursive: true });
  for (const file of ['bench-probe.js', 'bench-worker-start.js', 'blank.html']) cpSync(join(PROBE_DIR, file), join(instrumentedDir, file));
  cpSync(join(PROBE_DIR, 'bench-background.js'), join(instrumentedDir, workerScript));
  for (const page of PROBED_PAGES.filter((name) => existsSync(join(instrumentedDir, name)))) {
    const path = join(instrumentedDir, page);
    const html = readFileSync(path, 'utf8');
    if (!html.includes('<head>')) throw new Error(`${page}: no <head> to put the probe in`);
    writeFileSync(path, html.replace('<head>', '<head>\n    <script src="/bench-probe.js"></script>'));
  }
  const manifestPath = join(instrumentedDir, 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  if (manifest.background?.service_worker !== 'background.js' || manifest.background.type !== 'module') {
    throw new Error('bench-background.js expects background.js as a module service worker');
  }
  manifest.background.service_worker = workerScript;
  writeFileSync(manifestPath, JSON.stringify(manifest));
  return { productDir, instrumentedDir, workerScript, manifest: JSON.parse(readFileSync(join(productDir, 'manifest.json'), 'utf8')) };
}

if (process.argv[2] === '--wxt-build') {
  const { build } = await import('wxt');
  await build({ outDir: OUT_BASE, mode: 'production' });
}
