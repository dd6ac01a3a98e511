import type { WhatsNewNote } from '@/lib/settings/whats-new';
import { parseChangelog, versionsToShow, type ChangelogVersion } from '@/lib/whats-new/changelog';

/**
 * CHANGELOG.md and its translations (CHANGELOG.<lang>.md), each its own chunk loaded only when
 * "What's new" is shown: the settings page carries none of them otherwise (docs/performance.md,
 * rule 22).
 */
const FILES = import.meta.glob<string>('../../CHANGELOG*.md', { query: '?raw', import: 'default' });

async function changelogIn(lang: string): Promise<ChangelogVersion[]> {
  const load = FILES[lang === 'en' ? '../../CHANGELOG.md' : `../../CHANGELOG.${lang}.md`];
  return load ? parseChangelog(await load()) : [];
}

/** A version's entries and the language they are written in. */
export interface ShownVersion extends ChangelogVersion {
  lang: string;
}

/**
 * The versions the note covers, newest first, each in `lang` where its translation has it and in
 * English where it has not yet (the English file is the one a release cannot be made without).
 */
export async function whatsNewVersions(note: WhatsNewNote, lang: string): Promise<ShownVersion[]> {
  const [english, translated] = await Promise.all([changelogIn('en'), lang === 'en' ? [] : changelogIn(lang)]);
  return versionsToShow(english, note.version, note.since).map((version) => {
    const own = translated.find((candidate) => candidate.version === version.version && candidate.entries.length > 0);
    return own ? { ...own, lang } : { ...version, lang: 'en' };
  });
}
