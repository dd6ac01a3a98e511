// `npm run release`: for each of the three packages (build/packages.mjs: Pushgate, Pushgate Share,
// Pushgate Airport) the store builds for Chrome/Edge and Firefox, the Firefox sources archive, the
// listings, images, privacy policy and reviewer note, and one checklist of which package goes to which
// store and what each asks for, in one folder (.output/release/pushgate-<version>/). Exits 1, writing
// nothing, when anything is missing or over a store's limit (scripts/release/assemble.mjs; the rules
// and their sources: docs/stores.md).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateRawSync } from 'node:zlib';
import { PACKAGE_IDS, PACKAGES } from '../build/packages.mjs';
import { assembleRelease } from './release/assemble.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const { name, version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const buildDir = path.join(root, '.output', 'release-build');
const outDir = path.join(root, '.output', 'release', `${name}-${version}`);

// Each build in its own process: wxt.config.ts reads PUSHGATE_PACKAGE and PUSHGATE_TEST_HOSTS when
// loaded, and a store build must never be a test build (test/build/global-setup.ts does the same).
const zipScript = `
const wxt = await import('wxt');
await wxt.zip({ browser: process.env.BROWSER, manifestVersion: 3, outDir: process.env.OUT_DIR });
`;

function zip(spec, browser) {
  const outBase = path.join(buildDir, spec.id, browser);
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', zipScript], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, BROWSER: browser, OUT_DIR: outBase, PUSHGATE_PACKAGE: spec.id, PUSHGATE_TEST_HOSTS: '' },
  });
  if (result.status !== 0) {
    console.error(`release: the ${spec.artifact} ${browser} build failed`);
    process.exit(1);
  }
  return outBase;
}

/** manifest.json as packed in a WXT zip (stored or deflated; test/build/zip.ts reads the same way). */
function manifestInZip(file) {
  const zipBytes = readFileSync(file);
  const end = zipBytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zipBytes.readUInt32LE(end + 16);
  for (let i = 0; i < zipBytes.readUInt16LE(end + 10); i += 1) {
    const nameLength = zipBytes.readUInt16LE(at + 28);
    const entry = zipBytes.toString('utf8', at + 46, at + 46 + nameLength);
    if (entry === 'manifest.json') {
      const local = zipBytes.readUInt32LE(at + 42);
      const start = local + 30 + zipBytes.readUInt16LE(local + 26) + zipBytes.readUInt16LE(local + 28);
      const data = zipBytes.subarray(start, start + zipBytes.readUInt32LE(at + 20));
      return JSON.parse((zipBytes.readUInt16LE(at + 10) === 8 ? inflateRawSync(data) : data).toString('utf8'));
    }
    at += 46 + nameLength + zipBytes.readUInt16LE(at + 30) + zipBytes.readUInt16LE(at + 32);
  }
  throw new Error(`${file}: no manifest.json`);
}

const packages = PACKAGE_IDS.map((id) => {
  const spec = PACKAGES[id];
  const chromeBase = zip(spec, 'chrome');
  const firefoxBase = zip(spec, 'firefox');
  const archives = {
    chrome: path.join(chromeBase, `${spec.artifact}-${version}-chrome.zip`),
    firefox: path.join(firefoxBase, `${spec.artifact}-${version}-firefox.zip`),
    sources: path.join(firefoxBase, `${spec.artifact}-${version}-sources.zip`),
  };
  return { spec, archives, manifests: { chrome: manifestInZip(archives.chrome), firefox: manifestInZip(archives.firefox) } };
});
const { problems, written } = assembleRelease({ root, outDir, version, packages });
if (problems.length) {
  console.error(`release: ${problems.length} problem(s), nothing written:\n${problems.map((line) => `- ${line}`).join('\n')}`);
  process.exit(1);
}
console.log(`release: ${written.length} files in ${path.relative(root, outDir)}; read CHECKLIST.md there before uploading.`);
