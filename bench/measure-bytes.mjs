// Bytes each surface loads: the extension files its page requests, listed by the DevTools
// protocol's network events (resource timing is empty for chrome-extension:// files), with
// `Network.loadingFinished.encodedDataLength` as the raw size, checked against the file in the
// build. Gzip: each file compressed on its own with gzip -9 (zlib level 9).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';
import { BENCH_FILES } from './build.mjs';
import { PEER_BENCH_FILES } from './peer.mjs';

const SURFACES = [
  { name: 'popup', path: 'popup.html' },
  { name: 'options', path: 'options.html' },
  { name: 'sidepanel', path: 'sidepanel.html' },
  { name: 'pushes', path: 'pushes.html' },
];
/** No new request for this long: the page has loaded everything it loads on opening. */
const QUIET_MS = 500;

const gzipSize = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const isJs = (path) => /\.m?js$/.test(path);

/**
 * Opens each surface `runs` times and sums what it loads.
 * @param dirs `productDir` (the build: what is counted) and `instrumentedDir` (what the browser loads).
 * @returns samples per surface `{ raw, gzip, jsRaw, jsGzip }[]`, the files of the last run,
 * and `mismatches`: files whose network size differed from the file the browser loaded.
 */
export async function measureSurfaceBytes(bench, { productDir, instrumentedDir }, runs) {
  const extra = [
    { name: 'popupAfterPush', path: 'popup.html', push: true },
    { name: 'popupOlderChrome', path: 'popup.html', olderChrome: true },
  ];
  const samples = Object.fromEntries([...SURFACES, ...extra].map(({ name }) => [name, []]));
  const files = {};
  const mismatches = new Set();
  for (let run = 0; run < runs; run++) {
    for (const { name, path, push, olderChrome } of [...SURFACES, ...extra]) {
      const loaded = await loadedFiles(bench, path, { push, olderChrome });
      samples[name].push(sumFiles(loaded, { productDir, instrumentedDir }, mismatches));
      files[name] = loaded.map(({ path: file }) => file);
    }
  }
  return { samples, files, mismatches: [...mismatches] };
}

/**
 * The peer's popup, opened `runs` times, counted as Pushgate's surfaces are: sizes from its own
 * unmodified folder (`peer.sourceDir`), network sizes checked against its instrumented copy.
 * @returns `{ samples: { raw, gzip, jsRaw, jsGzip }[], files, mismatches }`.
 */
export async function measurePeerBytes(peerHandle, peer, runs) {
  const samples = [];
  const mismatches = new Set();
  let files = [];
  for (let run = 0; run < runs; run++) {
    const loaded = await loadedFiles(peerHandle, peer.popupPath, { exclude: PEER_BENCH_FILES });
    samples.push(sumFiles(loaded, { productDir: peer.sourceDir, instrumentedDir: peer.dir }, mismatches));
    files = loaded.map(({ path: file }) => file);
  }
  return { samples, files, mismatches: [...mismatches] };
}

/** Raw and gzip totals of `loaded` files, all and JavaScript only, read from `productDir`. */
function sumFiles(loaded, { productDir, instrumentedDir }, mismatches) {
  const totals = { raw: 0, gzip: 0, jsRaw: 0, jsGzip: 0 };
  for (const { path: file, bytes } of loaded) {
    const served = readFileSync(join(instrumentedDir, file)).length;
    if (bytes !== served) mismatches.add(`${file}: network ${bytes} B, file ${served} B`);
    // The product's own file: the probed pages' copies carry one extra <script> line.
    const onDisk = join(productDir, file);
    const size = readFileSync(onDisk).length;
    const gzip = gzipSize(onDisk);
    totals.raw += size;
    totals.gzip += gzip;
    if (isJs(file)) {
      totals.jsRaw += size;
      totals.jsGzip += gzip;
    }
  }
  return totals;
}

/**
 * The extension files one opening of `path` loads, with their network sizes. With `push`: only
 * the files loaded after the opening, while a secret is typed and pushed until the link is shown
 * (the code the popup loads on demand, not to open). With `olderChrome`: the page as Chrome 147
 * and earlier open it, without a `browser` namespace (the page then loads webextension-polyfill).
 * `bench` is the extension's handle (Pushgate's or the peer's); `exclude` the files the bench added.
 */
async function loadedFiles(bench, path, { push = false, olderChrome = false, exclude = BENCH_FILES } = {}) {
  const urls = new Map();
  let loaded = [];
  let lastEvent = Date.now();
  const page = await bench.open(path, {
    before: async (tab) => {
      if (olderChrome) await tab.addInitScript(() => delete globalThis.browser);
      const cdp = await tab.context().newCDPSession(tab);
      await cdp.send('Network.enable');
      cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
        urls.set(requestId, request.url);
        lastEvent = Date.now();
      });
      cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
        loaded.push({ url: urls.get(requestId), bytes: encodedDataLength });
        lastEvent = Date.now();
      });
    },
  });
  const quiet = async () => {
    while (Date.now() - lastEvent < QUIET_MS) await new Promise((r) => setTimeout(r, 50));
  };
  await quiet();
  if (push) {
    loaded = [];
    await page.fill('#secret', 'bench bytes after push');
    await page.click('button[type="submit"]');
    await page.waitForSelector('.link-text');
    lastEvent = Date.now();
    await quiet();
  }
  await page.close();
  return loaded
    .filter(({ url }) => url?.startsWith(`${bench.origin}/`))
    .map(({ url, bytes }) => ({ path: decodeURIComponent(new URL(url).pathname), bytes }))
    .filter(({ path: file }) => !exclude.has(file));
}

/**
 * The background script: the manifest's service worker and every file it imports, read from the
 * build (a service worker's own loads are not network events of any page).
 */
export function backgroundBytes(productDir, manifest) {
  const seen = new Set();
  const queue = [`/${manifest.background.service_worker}`];
  let raw = 0;
  let gzip = 0;
  while (queue.length) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(join(productDir, file), 'utf8');
    raw += Buffer.byteLength(source);
    gzip += gzipSize(join(productDir, file));
    // Module imports and importScripts of relative files (WXT emits one classic file today).
    for (const [, spec] of source.matchAll(/(?:\bimport\s*(?:[^'"`]*?\bfrom\s*)?|importScripts\s*\(\s*)["'`]([^"'`]+)["'`]/g)) {
      if (/^[a-z]+:/i.test(spec)) continue;
      const imported = spec.startsWith('/') ? spec : posix.join(dirname(file), spec);
      // A minified string that only looks like an import names no file of the build.
      if (existsSync(join(productDir, imported))) queue.push(imported);
    }
  }
  return { raw, gzip, files: [...seen] };
}
