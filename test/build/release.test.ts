import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assembleRelease } from '../../scripts/release/assemble.mjs';
import { listingLanguages, readListing } from '../../scripts/release/listings.mjs';
import { archivePath, readManifest, root } from './builds';

/**
 * `npm run release` (scripts/release.mjs) assembles what the stores take from the store builds that
 * global-setup.ts made; these tests run its checks and its writing on a copy of the repository's
 * store texts, so each missing file and each limit can be tried without building again.
 */

const version = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version;
const manifests = { chrome: readManifest('store'), firefox: readManifest('firefox') };
const builtArchives = {
  chrome: archivePath('store', 'extension'),
  firefox: archivePath('firefox', 'extension'),
  sources: archivePath('firefox', 'sources'),
};

/** Enough of a PNG for the size check: the signature and the IHDR chunk. */
function png(width: number, height: number): Buffer {
  const header = Buffer.alloc(24);
  Buffer.from('89504e470d0a1a0a', 'hex').copy(header);
  header.writeUInt32BE(13, 8);
  header.write('IHDR', 12, 'latin1');
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  return header;
}

let fixture: string;
let outDir: string;

function addImages(lang: string, screenshot = png(1280, 800)) {
  mkdirSync(path.join(fixture, 'store/images', lang), { recursive: true });
  writeFileSync(path.join(fixture, 'store/images', lang, 'screenshot-1.png'), screenshot);
  writeFileSync(path.join(fixture, 'store/images', lang, 'promo-440x280.png'), png(440, 280));
}

const release = (archives = builtArchives) => assembleRelease({ root: fixture, outDir, version, archives, manifests });

beforeEach(() => {
  fixture = mkdtempSync(path.join(tmpdir(), 'pushgate-release-'));
  outDir = path.join(fixture, 'out');
  for (const dir of ['store/listings', 'public/_locales']) cpSync(path.join(root, dir), path.join(fixture, dir), { recursive: true });
  for (const file of ['store/limits.json', 'store/checklist.md', 'store/reviewer-note.md', 'docs/privacy.md']) {
    cpSync(path.join(root, file), path.join(fixture, file));
  }
  writeFileSync(path.join(fixture, 'CHANGELOG.md'), `# Changelog\n\n## ${version} (unreleased)\n\n- Everything.\n`);
  for (const lang of listingLanguages(fixture)) addImages(lang);
});

afterEach(() => {
  rmSync(fixture, { recursive: true, force: true });
});

describe('assembleRelease', () => {
  it('writes the archives, each language, the images, the policy, the note and a filled-in checklist', () => {
    const { problems, written } = release();
    expect(problems).toEqual([]);
    for (const file of [
      `chrome-edge/pushgate-${version}-chrome.zip`,
      `firefox/pushgate-${version}-firefox.zip`,
      `firefox/pushgate-${version}-sources.zip`,
      'privacy-policy.md',
      'reviewer-note.md',
      'CHECKLIST.md',
      'listings/sv/description.txt',
      'listings/en/permission-justifications.txt',
      'images/sv/promo-440x280.png',
    ]) {
      expect(written).toContain(file);
      expect(existsSync(path.join(outDir, file))).toBe(true);
    }
    const checklist = readFileSync(path.join(outDir, 'CHECKLIST.md'), 'utf8');
    expect(checklist).not.toMatch(/\{\{\w+\}\}/);
    expect(checklist).toContain(`pushgate-${version}-sources.zip`);
    expect(readFileSync(path.join(outDir, 'listings/en/summary.txt'), 'utf8').trim()).toBe(readListing(root, 'en').summary);
  });

  it('takes a new language by its files alone, and holds it to the same limits', () => {
    cpSync(path.join(fixture, 'store/listings/en'), path.join(fixture, 'store/listings/de'), { recursive: true });
    cpSync(path.join(fixture, 'public/_locales/en'), path.join(fixture, 'public/_locales/de'), { recursive: true });
    writeFileSync(path.join(fixture, 'store/listings/de/single-purpose.txt'), 'x'.repeat(1001));
    addImages('de');
    expect(release().problems).toEqual(['de: single purpose has 1001 characters, over 1000']);
    expect(existsSync(outDir)).toBe(false);
  });

  it.each([
    [
      'a missing text',
      () => rmSync(path.join(fixture, 'store/listings/sv/description.txt')),
      'store/listings/sv/description.txt is missing',
    ],
    [
      'a summary over 132 characters',
      () => {
        const file = path.join(fixture, 'public/_locales/sv/messages.json');
        const messages = JSON.parse(readFileSync(file, 'utf8'));
        messages.extDescription.message = 'å'.repeat(133);
        writeFileSync(file, JSON.stringify(messages));
      },
      'sv: summary has 133 characters, over 132',
    ],
    [
      'a description under 250',
      () => writeFileSync(path.join(fixture, 'store/listings/en/description.txt'), 'Short.'),
      'en: description has 6 characters, under 250',
    ],
    [
      'a permission without a justification',
      () => {
        const file = path.join(fixture, 'store/listings/sv/permissions.json');
        const { storage: _, ...rest } = JSON.parse(readFileSync(file, 'utf8'));
        writeFileSync(file, JSON.stringify(rest));
      },
      'sv: no justification for storage',
    ],
    ['a screenshot of the wrong size', () => addImages('en', png(1280, 720)), 'store/images/en/screenshot-1.png is 1280×720, not 1280×800'],
    ['no promotional tile', () => rmSync(path.join(fixture, 'store/images/sv/promo-440x280.png')), 'store/images/sv: no promo-440x280.png'],
    [
      'no CHANGELOG entry for this version',
      () => writeFileSync(path.join(fixture, 'CHANGELOG.md'), '# Changelog\n'),
      `CHANGELOG.md has no "## ${version}" section`,
    ],
    ['no privacy policy', () => rmSync(path.join(fixture, 'docs/privacy.md')), 'docs/privacy.md is missing'],
  ])('fails on %s, and writes nothing', (_, breakIt, expected) => {
    breakIt();
    const { problems, written } = release();
    expect(problems.join('\n')).toContain(expected);
    expect(written).toEqual([]);
    expect(existsSync(outDir)).toBe(false);
  });

  it('fails when an archive is missing (the Firefox sources)', () => {
    const { problems } = release({ ...builtArchives, sources: path.join(fixture, 'nowhere-sources.zip') });
    expect(problems).toEqual([expect.stringContaining('the Firefox sources archive is missing')]);
  });

  it('fails on a test build: a manifest that grants hosts at install', () => {
    const { problems } = assembleRelease({
      root: fixture,
      outDir,
      version,
      archives: builtArchives,
      manifests: { ...manifests, chrome: readManifest('test') },
    });
    expect(problems).toContain('chrome manifest grants hosts at install: a test build');
  });
});
