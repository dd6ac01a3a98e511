import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACKAGE_IDS, PACKAGES } from '../../build/packages.mjs';
import { listingLanguages } from '../../scripts/release/listings.mjs';
import { readZip } from './zip';
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

  it('writes the checklist, and for each of the three packages its store packages, the sources archive, its policy and its note', () => {
    expect(existsSync(path.join(outDir, 'CHECKLIST.md'))).toBe(true);
    for (const id of PACKAGE_IDS) {
      const dir = PACKAGES[id].artifact;
      for (const file of [
        `chrome-edge/${dir}-${version}-chrome.zip`,
        `firefox/${dir}-${version}-firefox.zip`,
        `firefox/${dir}-${version}-sources.zip`,
        'privacy-policy.md',
        'reviewer-note.md',
      ]) {
        expect(existsSync(path.join(outDir, dir, file)), `${dir}/${file}`).toBe(true);
      }
    }
  });

  it.each(PACKAGE_IDS)('the %s zips are that package: its name, its own add-on id, its privacy policy', (id) => {
    const dir = PACKAGES[id].artifact;
    const chrome = readZip(path.join(outDir, dir, 'chrome-edge', `${dir}-${version}-chrome.zip`));
    const firefox = readZip(path.join(outDir, dir, 'firefox', `${dir}-${version}-firefox.zip`));
    const english = JSON.parse(chrome.get('_locales/en/messages.json')!.toString('utf8')) as Record<string, { message: string }>;
    const listed = readFileSync(path.join(outDir, dir, 'listings', 'en', 'name.txt'), 'utf8').trim();
    expect(english.extName!.message).toBe(listed);
    const gecko = JSON.parse(firefox.get('manifest.json')!.toString('utf8')).browser_specific_settings.gecko;
    expect(gecko.id).toBe(PACKAGES[id].geckoId);
    expect(chrome.get('privacy.txt')!.toString('utf8').trim()).toBe(
      readFileSync(path.join(outDir, dir, 'privacy-policy.md'), 'utf8').trim(),
    );
  });

  it.each(PACKAGE_IDS.flatMap((id) => listingLanguages(root, PACKAGES[id]).map((lang) => [id, lang])))(
    '%s: has the listing and the store images of %s',
    (id, lang) => {
      const dir = path.join(outDir, PACKAGES[id as keyof typeof PACKAGES].artifact);
      for (const file of ['name.txt', 'description.txt', 'summary.txt', 'single-purpose.txt', 'permission-justifications.txt']) {
        expect(existsSync(path.join(dir, 'listings', lang!, file)), `listings/${lang}/${file}`).toBe(true);
      }
      for (const file of ['screenshot-1.png', 'promo-440x280.png']) {
        expect(existsSync(path.join(dir, 'images', lang!, file)), `images/${lang}/${file}`).toBe(true);
      }
    },
  );
});
