import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changelogFile, changelogForPackage, changelogOutline, changelogProblems, versionsWithNews } from '../../../build/changelogs.mjs';
import { PACKAGE_IDS, PACKAGES, type PackageId } from '../../../build/packages.mjs';
import { inLanguage, parseChangelog, versionsToShow, type ChangelogVersion } from '@/lib/whats-new/changelog';

/**
 * What's new in the person's language, each package with its own entries (build/changelogs.mjs,
 * lib/whats-new/changelog.ts), and what `npm run release` refuses (docs/packaging.md, "Writing the
 * changelog").
 */

const root = path.resolve(import.meta.dirname, '../../..');
const LANGUAGES = ['en', 'sv', 'de', 'es', 'fr', 'it', 'nl'];

const SOURCE = `# Changelog

## 0.3.0

- Both purposes' entry; Pushgate says so.
<!-- share -->
- A sharing entry.
<!-- pushgate only -->
- Only where both live.
<!-- /pushgate only -->
<!-- /share -->
<!-- airport -->
- An airport entry,
  on two lines.
<!-- /airport -->

## 0.2.0

<!-- airport -->
- Airports only.
<!-- /airport -->
`;

describe("each package's entries", () => {
  it.each<[PackageId, ChangelogVersion[]]>([
    [
      'pushgate',
      [
        {
          version: '0.3.0',
          entries: [
            "Both purposes' entry; Pushgate says so.",
            'A sharing entry.',
            'Only where both live.',
            'An airport entry, on two lines.',
          ],
        },
        { version: '0.2.0', entries: ['Airports only.'] },
      ],
    ],
    [
      'share',
      [
        { version: '0.3.0', entries: ["Both purposes' entry; Pushgate Share says so.", 'A sharing entry.'] },
        { version: '0.2.0', entries: [] },
      ],
    ],
    [
      'airport',
      [
        { version: '0.3.0', entries: ["Both purposes' entry; Pushgate Airport says so.", 'An airport entry, on two lines.'] },
        { version: '0.2.0', entries: ['Airports only.'] },
      ],
    ],
  ])('%s', (id, versions) => {
    const text = changelogForPackage(PACKAGES[id], SOURCE, 'CHANGELOG.md');
    expect(parseChangelog(text)).toEqual(versions);
    expect([...changelogOutline(text)]).toEqual(versions.map(({ version, entries }) => [version, entries.length]));
  });

  it('a version with no entry for the package is not listed', () => {
    const share = parseChangelog(changelogForPackage(PACKAGES.share, SOURCE, 'CHANGELOG.md'));
    expect(versionsToShow(share, '0.3.0', '0.1.0').map(({ version }) => version)).toEqual(['0.3.0']);
  });

  it.each(PACKAGE_IDS.flatMap((id) => LANGUAGES.map((lang) => [id, lang] as const)))(
    'the real changelog, %s in %s: the release check counts the entries the settings page shows',
    (id, lang) => {
      const file = changelogFile(lang);
      const text = changelogForPackage(PACKAGES[id], readFileSync(path.join(root, file), 'utf8'), file);
      const shown = parseChangelog(text).map(({ version, entries }) => [version, entries.length]);
      expect(shown.length).toBeGreaterThan(0);
      expect([...changelogOutline(text)]).toEqual(shown);
    },
  );
});

describe('the language of each version', () => {
  const english: ChangelogVersion[] = [
    { version: '0.3.0', entries: ['New.', 'Also new.'] },
    { version: '0.2.0', entries: ['Older.'] },
  ];

  it.each<[string, ChangelogVersion[], string, string[]]>([
    [
      'translated, entry for entry',
      [
        { version: '0.3.0', entries: ['Nytt.', 'Också nytt.'] },
        { version: '0.2.0', entries: ['Äldre.'] },
      ],
      'sv',
      ['sv', 'sv'],
    ],
    ['a version missing from the translation, in English', [{ version: '0.3.0', entries: ['Nytt.', 'Också nytt.'] }], 'sv', ['sv', 'en']],
    [
      'a translation short of an entry, in English',
      [
        { version: '0.3.0', entries: ['Nytt.'] },
        { version: '0.2.0', entries: ['Äldre.'] },
      ],
      'sv',
      ['en', 'sv'],
    ],
    ['no translation at all, in English', [], 'de', ['en', 'en']],
    ['English itself', [], 'en', ['en', 'en']],
  ])('%s', (_, translated, lang, languages) => {
    const shown = inLanguage(english, translated, lang);
    expect(shown.map((version) => version.lang)).toEqual(languages);
    expect(shown.map((version) => version.version)).toEqual(['0.3.0', '0.2.0']);
    for (const version of shown) {
      const from = version.lang === 'en' ? english : translated;
      expect(version.entries).toEqual(from.find((candidate) => candidate.version === version.version)!.entries);
    }
  });
});

describe('the versions that bring a dot', () => {
  let fixture: string;
  beforeEach(() => {
    fixture = mkdtempSync(path.join(tmpdir(), 'pushgate-changelog-'));
    mkdirSync(path.join(fixture, 'public/_locales/en'), { recursive: true });
    writeFileSync(
      path.join(fixture, 'public/_locales/en/messages.json'),
      readFileSync(path.join(root, 'public/_locales/en/messages.json')),
    );
    writeFileSync(path.join(fixture, 'CHANGELOG.md'), SOURCE);
  });
  afterEach(() => rmSync(fixture, { recursive: true, force: true }));

  it.each<[PackageId, string[]]>([
    ['pushgate', ['0.3.0', '0.2.0']],
    ['share', ['0.3.0']],
    ['airport', ['0.3.0', '0.2.0']],
  ])('%s: %j', (id, versions) => {
    expect(versionsWithNews(PACKAGES[id], fixture)).toEqual(versions);
  });
});

describe('what the release refuses', () => {
  let fixture: string;
  const write = (file: string, text: string) => writeFileSync(path.join(fixture, file), text);
  /** A translation of SOURCE: the same headings, markers and entries. */
  const translation = (lang: string) => SOURCE.replace(/^- (.*)$/gm, `- $1 (${lang})`);

  beforeEach(() => {
    fixture = mkdtempSync(path.join(tmpdir(), 'pushgate-changelog-'));
    for (const lang of ['en', 'sv', 'de']) mkdirSync(path.join(fixture, 'public/_locales', lang), { recursive: true });
    writeFileSync(
      path.join(fixture, 'public/_locales/en/messages.json'),
      readFileSync(path.join(root, 'public/_locales/en/messages.json')),
    );
    write('CHANGELOG.md', SOURCE);
    write('CHANGELOG.sv.md', translation('sv'));
    write('CHANGELOG.de.md', translation('de'));
  });
  afterEach(() => rmSync(fixture, { recursive: true, force: true }));

  it('nothing when every language has the version, entry for entry', () => {
    expect(changelogProblems('0.3.0', fixture)).toEqual([]);
  });

  it.each<[string, () => void, string[]]>([
    ['no English section', () => write('CHANGELOG.md', SOURCE.replace('## 0.3.0', '## 0.2.9')), ['CHANGELOG.md has no "## 0.3.0" section']],
    [
      'a language without its translation',
      () => rmSync(path.join(fixture, 'CHANGELOG.de.md')),
      ["CHANGELOG.de.md is missing: What's new in de is read from it"],
    ],
    [
      'a translation without the version',
      () => write('CHANGELOG.sv.md', translation('sv').replace('## 0.3.0', '## 0.2.1')),
      ['CHANGELOG.sv.md has no "## 0.3.0" section'],
    ],
    [
      'a translation short of an entry',
      () => write('CHANGELOG.sv.md', translation('sv').replace('- A sharing entry. (sv)\n', '')),
      [
        'CHANGELOG.sv.md, 0.3.0: 3 entries for pushgate, CHANGELOG.md has 4',
        'CHANGELOG.sv.md, 0.3.0: 1 entries for pushgate-share, CHANGELOG.md has 2',
      ],
    ],
    [
      'a translation that lost a marker: an airport entry in the Share package',
      () =>
        write(
          'CHANGELOG.de.md',
          translation('de').replace(
            '<!-- airport -->\n- An airport entry, (de)\n  on two lines.\n<!-- /airport -->',
            '- An airport entry, (de)\n  on two lines.',
          ),
        ),
      ['CHANGELOG.de.md, 0.3.0: 3 entries for pushgate-share, CHANGELOG.md has 2'],
    ],
    [
      'a marker never closed',
      () => write('CHANGELOG.sv.md', `${translation('sv')}<!-- share -->\n`),
      ['CHANGELOG.sv.md: <!-- share --> is never closed'],
    ],
  ])('%s', (_, breakIt, problems) => {
    breakIt();
    expect(changelogProblems('0.3.0', fixture)).toEqual(problems);
  });

  it('the real changelog has every language of the extension for this version', () => {
    const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
    expect(changelogProblems(version)).toEqual([]);
  });
});
