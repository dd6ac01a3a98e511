import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PACKAGES } from '../../build/packages.mjs';
import { archivePath, buildEnv, variants, type Variant } from './builds';
import { readZip } from './zip';

/**
 * addons.mozilla.org's reviewers rebuild a package from the sources archive by its own instructions
 * (BUILDING.md inside it) and compare. This does the same for the three packages (build/packages.mjs):
 * the archive each is submitted with unpacked in an empty folder, the commands of BUILDING.md's shell
 * block run as written, each result compared byte for byte with the Firefox package built from the
 * repository. The three packages' sources archives are one and the same (test/build/archives.test.ts).
 */

const FIREFOX_PACKAGES: Variant[] = ['firefox', 'share-firefox', 'airport-firefox'];
const sources = readZip(archivePath('firefox', 'sources'));
const folder = mkdtempSync(path.join(tmpdir(), 'pushgate-sources-'));

/** The commands of the first ```sh block of a Markdown text, one per line. */
function shellCommands(markdown: string): string[] {
  const block = /```sh\n([\s\S]*?)```/.exec(markdown)?.[1] ?? '';
  return block
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

// The folder holds a whole node_modules (npm ci): removing it took over a minute on a loaded two-core machine.
afterAll(() => rmSync(folder, { recursive: true, force: true }), 300_000);

describe('the Firefox sources archive, rebuilt as its instructions say', () => {
  const instructions = sources.get('BUILDING.md')?.toString('utf8') ?? '';
  const commands = shellCommands(instructions);

  it('says how to build each package, in commands a reviewer can run', () => {
    expect(commands).toEqual(['npm ci', 'npm run build:firefox', 'npm run build:share:firefox', 'npm run build:airport:firefox']);
    for (const variant of FIREFOX_PACKAGES)
      expect(instructions).toContain(`.output/firefox-mv3${PACKAGES[variants[variant].package].outSuffix}/`);
  });

  it('builds the very packages that are submitted, byte for byte', () => {
    for (const [name, bytes] of sources) {
      mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
      writeFileSync(path.join(folder, name), bytes);
    }
    for (const command of commands) {
      // prefer-offline only spares the registry the packages the repository's own `npm ci` fetched.
      const run = spawnSync('bash', ['-c', command], {
        cwd: folder,
        encoding: 'utf8',
        env: buildEnv({ npm_config_prefer_offline: 'true', PUSHGATE_TEST_HOSTS: '' }),
      });
      expect(run.status, `${command}:\n${run.stdout.slice(-2000)}\n${run.stderr.slice(-2000)}`).toBe(0);
    }
    for (const variant of FIREFOX_PACKAGES) {
      const submitted = readZip(archivePath(variant, 'extension'));
      const built = path.join(folder, '.output', `firefox-mv3${PACKAGES[variants[variant].package].outSuffix}`);
      expect(filesUnder(built), variant).toEqual([...submitted.keys()].sort());
      const differing = [...submitted].filter(([name, bytes]) => !readFileSync(path.join(built, name)).equals(bytes));
      expect(differing.map(([name]) => `${variant}: ${name}`)).toEqual([]);
    }
  }, 400_000);
});
