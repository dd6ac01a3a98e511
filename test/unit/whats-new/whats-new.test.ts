import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { badgeText, paintBadge } from '@/lib/badge';
import { whatsNew } from '@/lib/settings/whats-new';
import { inlineParts, parseChangelog, versionsToShow } from '@/lib/whats-new/changelog';
import { markWhatsNewSeen, noteUpdate } from '@/lib/whats-new/update';
import { bringsNewBehaviour, compareVersions, parseVersion } from '@/lib/whats-new/versions';

describe('versions', () => {
  it.each<[string, string, boolean]>([
    ['0.1.0', '0.2.0', true],
    ['0.1.3', '0.2.0', true],
    ['0.9.9', '1.0.0', true],
    ['0.2.0', '0.2.1', false],
    ['0.2.1', '0.2.0', false],
    ['0.2.0', '0.2.0', false],
    ['banana', '0.2.0', false],
  ])('from %s to %s brings new behaviour: %s', (from, to, news) => {
    expect(bringsNewBehaviour(from, to)).toBe(news);
  });

  it('orders versions by number, not by text', () => {
    expect(compareVersions('0.10.0', '0.9.0')).toBeGreaterThan(0);
    expect(['1.0.0', '0.2.10', '0.2.9'].sort(compareVersions)).toEqual(['0.2.9', '0.2.10', '1.0.0']);
    expect(parseVersion('1.2')).toBeNull();
  });
});

const CHANGELOG = `# Changelog

Preamble, not an entry.

## 0.3.0

- **Managed** settings: see \`README.md\`.
- A long entry
  continued on a second line.

Closing words under the version, not an entry.

## 0.2.1

- A fix.

## 0.2.0 (released)

- _My flight_ for every airport.

## 0.1.0

- The first.
`;

describe('the changelog', () => {
  it('reads each version’s top-level entries, joining continued lines, leaving out everything else', () => {
    expect(parseChangelog(CHANGELOG)).toEqual([
      { version: '0.3.0', entries: ['**Managed** settings: see `README.md`.', 'A long entry continued on a second line.'] },
      { version: '0.2.1', entries: ['A fix.'] },
      { version: '0.2.0', entries: ['_My flight_ for every airport.'] },
      { version: '0.1.0', entries: ['The first.'] },
    ]);
  });

  it('lists the versions after the one updated from, up to this one, newest first', () => {
    const versions = parseChangelog(CHANGELOG);
    expect(versionsToShow(versions, '0.3.0', '0.2.0').map(({ version }) => version)).toEqual(['0.3.0', '0.2.1']);
    expect(versionsToShow(versions, '0.2.1', '0.1.0').map(({ version }) => version)).toEqual(['0.2.1', '0.2.0']);
  });

  it.each<[string, ReturnType<typeof inlineParts>]>([
    ['plain', [{ kind: 'text', text: 'plain' }]],
    [
      'a **bold** word',
      [
        { kind: 'text', text: 'a ' },
        { kind: 'strong', text: 'bold' },
        { kind: 'text', text: ' word' },
      ],
    ],
    [
      '_My flight_ too',
      [
        { kind: 'em', text: 'My flight' },
        { kind: 'text', text: ' too' },
      ],
    ],
    ['snake_case_name stays', [{ kind: 'text', text: 'snake_case_name stays' }]],
    [
      'run `npm ci`',
      [
        { kind: 'text', text: 'run ' },
        { kind: 'code', text: 'npm ci' },
      ],
    ],
    ['<img src=x onerror=alert(1)>', [{ kind: 'text', text: '<img src=x onerror=alert(1)>' }]],
  ])('draws %j as parts of text, never as markup', (entry, parts) => {
    expect(inlineParts(entry)).toEqual(parts);
  });
});

describe('after an update', () => {
  /** The versions whose changelog has entries for the package (build/changelogs.mjs, versionsWithNews). */
  const NEWS = ['0.1.0', '0.2.0', '0.2.1', '0.3.0'];

  beforeEach(() => {
    vi.spyOn(fakeBrowser.action, 'setBadgeText').mockResolvedValue(undefined);
  });

  it('a minor release leaves a note and a dot on the toolbar icon', async () => {
    await noteUpdate('0.1.0', '0.2.0', NEWS);
    expect(await whatsNew.getValue()).toEqual({ since: '0.1.0', version: '0.2.0', seen: false });
    expect(fakeBrowser.action.setBadgeText).toHaveBeenLastCalledWith({ text: '•' });
  });

  it('a patch release alone says nothing', async () => {
    await noteUpdate('0.2.0', '0.2.1', NEWS);
    expect(await whatsNew.getValue()).toBeNull();
    expect(fakeBrowser.action.setBadgeText).not.toHaveBeenCalled();
  });

  it('a patch after an unseen note moves the note on, keeping where the person started', async () => {
    await noteUpdate('0.1.0', '0.2.0', NEWS);
    await noteUpdate('0.2.0', '0.2.1', NEWS);
    await noteUpdate('0.2.1', '0.3.0', NEWS);
    expect(await whatsNew.getValue()).toEqual({ since: '0.1.0', version: '0.3.0', seen: false });
  });

  it('a note seen starts the next one from the version updated from', async () => {
    await noteUpdate('0.1.0', '0.2.0', NEWS);
    await markWhatsNewSeen();
    await noteUpdate('0.2.0', '0.3.0', NEWS);
    expect(await whatsNew.getValue()).toEqual({ since: '0.2.0', version: '0.3.0', seen: false });
  });

  it("a minor release with no entry for this package (the other purpose's news only) says nothing", async () => {
    await noteUpdate('0.3.0', '0.4.0', NEWS);
    expect(await whatsNew.getValue()).toBeNull();
    expect(fakeBrowser.action.setBadgeText).not.toHaveBeenCalled();
  });

  it("a minor release that skipped a patch with this package's news leaves a note", async () => {
    await noteUpdate('0.2.0', '0.3.0', ['0.2.1']);
    expect(await whatsNew.getValue()).toEqual({ since: '0.2.0', version: '0.3.0', seen: false });
  });

  it('a release without news for this package keeps an unseen note, moved on to it', async () => {
    await noteUpdate('0.1.0', '0.2.0', NEWS);
    await noteUpdate('0.3.0', '0.4.0', NEWS);
    expect(await whatsNew.getValue()).toEqual({ since: '0.1.0', version: '0.4.0', seen: false });
  });

  it('a downgrade, a reinstall of the same version or no previous version says nothing', async () => {
    await noteUpdate('0.3.0', '0.2.0', NEWS);
    await noteUpdate('0.2.0', '0.2.0', NEWS);
    await noteUpdate(undefined, '0.2.0', NEWS);
    expect(await whatsNew.getValue()).toBeNull();
  });

  it('the dot goes once seen; a receipts count shows over it', async () => {
    await noteUpdate('0.1.0', '0.2.0', NEWS);
    await markWhatsNewSeen();
    await paintBadge();
    expect(fakeBrowser.action.setBadgeText).toHaveBeenLastCalledWith({ text: '' });
    expect(badgeText(3, true)).toBe('3');
    expect(badgeText(0, true)).toBe('•');
    expect(badgeText(0, false)).toBe('');
  });
});
