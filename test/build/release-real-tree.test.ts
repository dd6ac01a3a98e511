import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listingLanguages } from '../../scripts/release/listings.mjs';
import { buildEnv, root } from './builds';

/**
 * `npm run release` on the repository as it is, not on a copy: whatever a fresh clone lacks (an image
 * of a listed language, a listing text, a CHANGELOG entry) fails here, as it would for the person
 * making the release. release.test.ts tries each check on a fixture; this runs the real command.
 */

const { name, version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { name: string; version: string };
const outDir = path.join(root, '.output', 'release', `${name}-${version}`);

describe('npm run release on the real tree', () => {
  // A folder left by an earlier run must not pass for this one's output.
  rmSync(outDir, { recursive: true, force: true });
  const run = spawnSync('npm', ['run', '--silent', 'release'], { cwd: root, encoding: 'utf8', env: buildEnv({ CI: 'true' }) });

  it('succeeds with nothing but the repository and its dependencies', () => {
    const problems = run.stderr.slice(run.stderr.indexOf('release:'));
    expect(run.status, problems).toBe(0);
    expect(run.stdout).toMatch(/release: \d+ files in /);
  });

  it('writes both store packages, the sources archive, the policy, the note and the checklist', () => {
    for (const file of [
      `chrome-edge/${name}-${version}-chrome.zip`,
      `firefox/${name}-${version}-firefox.zip`,
      `firefox/${name}-${version}-sources.zip`,
      'privacy-policy.md',
      'reviewer-note.md',
      'CHECKLIST.md',
    ]) {
      expect(existsSync(path.join(outDir, file)), file).toBe(true);
    }
  });

  it.each(listingLanguages(root))('has the listing and the store images of %s', (lang) => {
    for (const file of ['description.txt', 'summary.txt', 'single-purpose.txt', 'permission-justifications.txt']) {
      expect(existsSync(path.join(outDir, 'listings', lang, file)), `listings/${lang}/${file}`).toBe(true);
    }
    for (const file of ['screenshot-1.png', 'promo-440x280.png']) {
      expect(existsSync(path.join(outDir, 'images', lang, file)), `images/${lang}/${file}`).toBe(true);
    }
  });
});
