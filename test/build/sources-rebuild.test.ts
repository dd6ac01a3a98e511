import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { archivePath, buildEnv } from './builds';
import { readZip } from './zip';

/**
 * addons.mozilla.org's reviewers rebuild the package from the sources archive by its own
 * instructions (BUILDING.md inside it) and compare. This does the same: the archive unpacked in an
 * empty folder, the commands of BUILDING.md's shell block run as written, the result compared byte
 * for byte with the Firefox package built from the repository.
 */

const sources = readZip(archivePath('firefox', 'sources'));
const firefoxPackage = readZip(archivePath('firefox', 'extension'));
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

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the Firefox sources archive, rebuilt as its instructions say', () => {
  const instructions = sources.get('BUILDING.md')?.toString('utf8') ?? '';
  const commands = shellCommands(instructions);

  it('says how to build, in commands a reviewer can run', () => {
    expect(commands).toEqual(['npm ci', 'npm run build:firefox']);
    expect(instructions).toContain('.output/firefox-mv3');
  });

  it('builds the very package that is submitted, byte for byte', () => {
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
    const built = path.join(folder, '.output', 'firefox-mv3');
    expect(filesUnder(built)).toEqual([...firefoxPackage.keys()].sort());
    const differing = [...firefoxPackage].filter(([name, bytes]) => !readFileSync(path.join(built, name)).equals(bytes));
    expect(differing.map(([name]) => name)).toEqual([]);
  }, 300_000);
});
