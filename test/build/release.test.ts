import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PACKAGE_IDS, PACKAGES, type PackageId } from '../../build/packages.mjs';
import { assembleRelease, type BuiltPackage } from '../../scripts/release/assemble.mjs';
import { CHROME_DATA_TYPES } from '../../scripts/release/data-usage.mjs';
import { listingLanguages, readListing } from '../../scripts/release/listings.mjs';
import { archivePath, readManifest, root, type Variant } from './builds';

/**
 * `npm run release` (scripts/release.mjs) assembles what the stores take from the store builds that
 * global-setup.ts made, for the three packages; these tests run its checks and its writing on a copy
 * of the repository's store texts, so each missing file and each limit can be tried without building
 * again.
 */

const version = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version;
const BUILDS: Record<PackageId, { chrome: Variant; firefox: Variant }> = {
  pushgate: { chrome: 'store', firefox: 'firefox' },
  share: { chrome: 'share', firefox: 'share-firefox' },
  airport: { chrome: 'airport', firefox: 'airport-firefox' },
};
const built = (id: PackageId): BuiltPackage => ({
  spec: PACKAGES[id],
  archives: {
    chrome: archivePath(BUILDS[id].chrome, 'extension'),
    firefox: archivePath(BUILDS[id].firefox, 'extension'),
    sources: archivePath(BUILDS[id].firefox, 'sources'),
  },
  manifests: { chrome: readManifest(BUILDS[id].chrome), firefox: readManifest(BUILDS[id].firefox) },
});
const builtPackages = PACKAGE_IDS.map(built);

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
/** What's new is read in every language of the extension (build/changelogs.mjs). */
const TRANSLATED = ['sv', 'de', 'es', 'fr', 'it', 'nl'];

function addImages(id: PackageId, lang: string, screenshot = png(1280, 800)) {
  const dir = path.join(fixture, 'store/images', id, lang);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'screenshot-1.png'), screenshot);
  writeFileSync(path.join(dir, 'promo-440x280.png'), png(440, 280));
}

const release = (packages = builtPackages) => assembleRelease({ root: fixture, outDir, version, packages });

beforeEach(() => {
  fixture = mkdtempSync(path.join(tmpdir(), 'pushgate-release-'));
  outDir = path.join(fixture, 'out');
  for (const dir of ['store/listings', 'public/_locales']) cpSync(path.join(root, dir), path.join(fixture, dir), { recursive: true });
  for (const file of ['store/limits.json', 'store/checklist.md', 'store/reviewer-note.md', 'docs/privacy.md']) {
    cpSync(path.join(root, file), path.join(fixture, file));
  }
  writeFileSync(path.join(fixture, 'CHANGELOG.md'), `# Changelog\n\n## ${version} (unreleased)\n\n- Everything.\n`);
  for (const lang of TRANSLATED)
    writeFileSync(path.join(fixture, `CHANGELOG.${lang}.md`), `# ${lang}\n\n## ${version}\n\n- Everything (${lang}).\n`);
  for (const id of PACKAGE_IDS) for (const lang of listingLanguages(fixture, PACKAGES[id])) addImages(id, lang);
});

afterEach(() => {
  rmSync(fixture, { recursive: true, force: true });
});

describe('assembleRelease', () => {
  it('writes each package: its archives, each language, the images, its policy and its note; and one filled-in checklist', () => {
    const { problems, written } = release();
    expect(problems).toEqual([]);
    for (const id of PACKAGE_IDS) {
      const dir = PACKAGES[id].artifact;
      for (const file of [
        `${dir}/chrome-edge/${dir}-${version}-chrome.zip`,
        `${dir}/firefox/${dir}-${version}-firefox.zip`,
        `${dir}/firefox/${dir}-${version}-sources.zip`,
        `${dir}/privacy-policy.md`,
        `${dir}/reviewer-note.md`,
        `${dir}/listings/sv/description.txt`,
        `${dir}/listings/en/permission-justifications.txt`,
        `${dir}/images/sv/promo-440x280.png`,
      ]) {
        expect(written).toContain(file);
        expect(existsSync(path.join(outDir, file))).toBe(true);
      }
      expect(readFileSync(path.join(outDir, dir, 'listings/en/summary.txt'), 'utf8').trim()).toBe(
        readListing(root, PACKAGES[id], 'en').summary,
      );
    }
    expect(written).toContain('CHECKLIST.md');
    const checklist = readFileSync(path.join(outDir, 'CHECKLIST.md'), 'utf8');
    expect(checklist).not.toMatch(/\{\{[\w.]+\}\}/);
    for (const id of PACKAGE_IDS) expect(checklist).toContain(`${PACKAGES[id].artifact}-${version}-chrome.zip`);
  });

  it("gives each package its own policy and reviewer's note, without the other purpose's words", () => {
    release();
    const read = (id: PackageId, file: string) => readFileSync(path.join(outDir, PACKAGES[id].artifact, file), 'utf8');
    expect(read('share', 'privacy-policy.md')).toMatch(/^# Pushgate Share privacy policy/);
    expect(read('airport', 'privacy-policy.md')).toMatch(/^# Pushgate Airport privacy policy/);
    for (const file of ['privacy-policy.md', 'reviewer-note.md']) {
      expect(read('share', file)).not.toMatch(/airport|side panel/i);
      expect(read('airport', file)).not.toMatch(/password pusher|pwpush|secret/i);
      expect(read('pushgate', file)).toMatch(/Password Pusher/);
      expect(read('pushgate', file)).toMatch(/airport/i);
      expect(read('pushgate', file)).not.toMatch(/<!--/);
    }
  });

  it("gives each reviewer a path that works with the package alone, and its own package's build steps", () => {
    release();
    const note = (id: PackageId) => readFileSync(path.join(outDir, PACKAGES[id].artifact, 'reviewer-note.md'), 'utf8');
    for (const id of PACKAGE_IDS) {
      // The sources archive has no test servers or scripts: nothing may send a reviewer there.
      expect(note(id)).not.toMatch(/npm start|source repository|reference .*server/i);
      const builds = [...note(id).matchAll(/^ {4}npm run (\S+)$/gm)].map((match) => match[1]);
      expect(builds).toEqual([{ pushgate: 'build:firefox', share: 'build:share:firefox', airport: 'build:airport:firefox' }[id]]);
      expect(note(id)).toContain(`.output/firefox-mv3${PACKAGES[id].outSuffix}/`);
      expect(note(id)).toMatch(/http:\/\/127\.0\.0\.1\/\*.*http:\/\/localhost\/\*/s);
    }
    for (const id of ['pushgate', 'share'] as const) {
      expect(note(id)).toContain('https://pwpush.com');
      expect(note(id)).toContain('docker run -d -p "5100:5100" pglombardo/pwpush:latest');
    }
    for (const id of ['pushgate', 'airport'] as const) expect(note(id)).toMatch(/without any key[\s\S]*`ARN`/);
    expect(note('airport')).toContain('Click the toolbar button: it opens the side panel.');
    expect(note('pushgate')).toContain('_Airport wait times_ in the toolbar popup');
  });

  it("answers Chrome's data-usage questions as each Firefox manifest declares its data collection", () => {
    release();
    const checklist = readFileSync(path.join(outDir, 'CHECKLIST.md'), 'utf8');
    for (const id of ['share', 'airport'] as const) {
      const declared = (
        built(id).manifests.firefox as { browser_specific_settings: { gecko: { data_collection_permissions: { required: string[] } } } }
      ).browser_specific_settings.gecko.data_collection_permissions.required;
      const name = { share: 'Pushgate Share', airport: 'Pushgate Airport' }[id];
      const line = checklist.split('\n').find((text) => text.includes(`Data usage, ${name}:`))!;
      const ticked = [...line.matchAll(/"([^"]+)"/g)].map((match) => match[1]);
      expect(ticked).toEqual(declared.map((type) => CHROME_DATA_TYPES[type]));
      expect(line).toContain(`(${declared.join(', ')})`);
    }
    // Push this page sends the page's address: Firefox's browsingActivity, Chrome's Web history.
    expect(checklist).toMatch(/Data usage, Pushgate Share: tick [^\n]*"Web history"/);
    expect(checklist).not.toMatch(/Data usage, Pushgate Airport: tick [^\n]*"Web history"/);
  });

  it('takes a new language by its files alone, and holds it to the same limits', () => {
    cpSync(path.join(fixture, 'store/listings/share/en'), path.join(fixture, 'store/listings/share/pt'), { recursive: true });
    cpSync(path.join(fixture, 'public/_locales/en'), path.join(fixture, 'public/_locales/pt'), { recursive: true });
    writeFileSync(path.join(fixture, 'store/listings/share/pt/single-purpose.txt'), 'x'.repeat(1001));
    addImages('share', 'pt');
    // The extension in Portuguese shows What's new in Portuguese too.
    expect(release().problems).toEqual([
      "CHANGELOG.pt.md is missing: What's new in pt is read from it",
      'share/pt: single purpose has 1001 characters, over 1000',
    ]);
    writeFileSync(path.join(fixture, 'CHANGELOG.pt.md'), `## ${version}\n\n- Tudo.\n`);
    expect(release().problems).toEqual(['share/pt: single purpose has 1001 characters, over 1000']);
    expect(existsSync(outDir)).toBe(false);
  });

  it.each([
    [
      'a missing text',
      () => rmSync(path.join(fixture, 'store/listings/pushgate/sv/description.txt')),
      'store/listings/pushgate/sv/description.txt is missing',
    ],
    [
      'a summary over 132 characters',
      () => {
        const file = path.join(fixture, 'public/_locales/sv/messages.json');
        const messages = JSON.parse(readFileSync(file, 'utf8'));
        messages.airportExtDescription.message = 'å'.repeat(133);
        writeFileSync(file, JSON.stringify(messages));
      },
      'airport/sv: summary has 133 characters, over 132',
    ],
    [
      'a description under 250',
      () => writeFileSync(path.join(fixture, 'store/listings/share/en/description.txt'), 'Short.'),
      'share/en: description has 6 characters, under 250',
    ],
    [
      'a permission without a justification',
      () => {
        const file = path.join(fixture, 'store/listings/airport/sv/permissions.json');
        const { storage: _, ...rest } = JSON.parse(readFileSync(file, 'utf8'));
        writeFileSync(file, JSON.stringify(rest));
      },
      'airport/sv: no justification for storage',
    ],
    [
      "a justification of a permission the package does not have (the Airport package's menus)",
      () => {
        const file = path.join(fixture, 'store/listings/airport/en/permissions.json');
        writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), contextMenus: 'Menus.' }));
      },
      'airport/en: justification for a permission the extension does not have: contextMenus',
    ],
    [
      'a screenshot of the wrong size',
      () => addImages('share', 'en', png(1280, 720)),
      'store/images/share/en/screenshot-1.png is 1280×720, not 1280×800',
    ],
    [
      'no promotional tile',
      () => rmSync(path.join(fixture, 'store/images/airport/sv/promo-440x280.png')),
      'store/images/airport/sv: no promo-440x280.png',
    ],
    [
      'no CHANGELOG entry for this version',
      () => writeFileSync(path.join(fixture, 'CHANGELOG.md'), '# Changelog\n'),
      `CHANGELOG.md has no "## ${version}" section`,
    ],
    [
      "no translation of the changelog in a language of the extension (What's new in Dutch)",
      () => rmSync(path.join(fixture, 'CHANGELOG.nl.md')),
      "CHANGELOG.nl.md is missing: What's new in nl is read from it",
    ],
    [
      "a translation of the changelog without this version's section",
      () => writeFileSync(path.join(fixture, 'CHANGELOG.sv.md'), '# Ändringslogg\n'),
      `CHANGELOG.sv.md has no "## ${version}" section`,
    ],
    [
      'a translation of the changelog short of an entry',
      () => writeFileSync(path.join(fixture, 'CHANGELOG.md'), `# Changelog\n\n## ${version}\n\n- Everything.\n- And more.\n`),
      `CHANGELOG.de.md, ${version}: 1 entries for pushgate, CHANGELOG.md has 2`,
    ],
    ['no privacy policy', () => rmSync(path.join(fixture, 'docs/privacy.md')), 'docs/privacy.md is missing'],
  ])('fails on %s, and writes nothing', (_, breakIt, expected) => {
    breakIt();
    const { problems, written } = release();
    expect(problems.join('\n')).toContain(expected);
    expect(written).toEqual([]);
    expect(existsSync(outDir)).toBe(false);
  });

  it("fails when an archive is missing (the Share package's Firefox sources)", () => {
    const share = built('share');
    const { problems } = release([
      built('pushgate'),
      { ...share, archives: { ...share.archives, sources: path.join(fixture, 'nowhere.zip') } },
    ]);
    expect(problems).toEqual([expect.stringContaining('the pushgate-share Firefox sources archive is missing')]);
  });

  it('fails on a test build: a manifest that grants hosts at install', () => {
    const combined = built('pushgate');
    const { problems } = release([{ ...combined, manifests: { ...combined.manifests, chrome: readManifest('test') } }]);
    expect(problems).toContain('pushgate: chrome manifest grants hosts at install: a test build');
  });
});
