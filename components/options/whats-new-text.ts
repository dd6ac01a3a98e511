import type { WhatsNewNote } from '@/lib/settings/whats-new';
import { inLanguage, parseChangelog, versionsToShow, type ChangelogVersion, type ShownVersion } from '@/lib/whats-new/changelog';

/**
 * CHANGELOG.md and its translations (CHANGELOG.<lang>.md), as this package carries them (only its
 * purpose's entries, build/changelogs.mjs), each its own chunk loaded only when "What's new" is
 * shown: the settings page carries none of them otherwise (docs/performance.md, rule 22).
 */
const FILES = import.meta.glob<string>('../../CHANGELOG*.md', { query: '?raw', import: 'default' });

async function changelogIn(lang: string): Promise<ChangelogVersion[]> {
  const load = FILES[lang === 'en' ? '../../CHANGELOG.md' : `../../CHANGELOG.${lang}.md`];
  return load ? parseChangelog(await load()) : [];
}

/**
 * The versions the note covers, newest first, each in `lang` (the catalogue the browser chose, as
 * every text of the extension) where its translation has it, in English where it has not yet.
 */
export async function whatsNewVersions(note: WhatsNewNote, lang: string): Promise<ShownVersion[]> {
  const [english, translated] = await Promise.all([changelogIn('en'), lang === 'en' ? [] : changelogIn(lang)]);
  return inLanguage(versionsToShow(english, note.version, note.since), translated, lang);
}
