import { compareVersions, releaseOf } from './versions';

/**
 * CHANGELOG.md and its translations (CHANGELOG.<lang>.md) as the settings page's "What's new"
 * shows them: each `## <version>` section's top-level entries (`- …`, continued on lines indented
 * by two spaces), in the file's order. Everything else (the preamble, notes under a version that
 * are not entries) is left out. Inline marks are kept as parts to draw as text: **bold**, _italic_,
 * `code`; nothing from the file is ever read as markup.
 */

export interface ChangelogVersion {
  version: string;
  entries: string[];
}

export function parseChangelog(markdown: string): ChangelogVersion[] {
  const versions: ChangelogVersion[] = [];
  let current: ChangelogVersion | null = null;
  let entry: string[] | null = null;
  const close = () => {
    if (current && entry) current.entries.push(entry.join(' '));
    entry = null;
  };
  for (const line of markdown.split(/\r?\n/)) {
    const heading = /^## +(\d+\.\d+\.\d+)\b/.exec(line);
    if (heading) {
      close();
      current = { version: heading[1]!, entries: [] };
      versions.push(current);
    } else if (/^#{1,2} /.test(line)) {
      close();
      current = null;
    } else if (current && line.startsWith('- ')) {
      close();
      entry = [line.slice(2).trim()];
    } else if (entry && /^ {2}\S/.test(line)) {
      entry.push(line.trim());
    } else {
      close();
    }
  }
  close();
  return versions;
}

/**
 * The versions "What's new" lists: after an update, those newer than the one updated from, up to
 * this one; otherwise this release's (this `x.y` and its patches up to this one). Newest first. A
 * version without entries (in a single-purpose package, one that brought only the other purpose's) is
 * left out.
 */
export function versionsToShow(versions: ChangelogVersion[], current: string, since?: string): ChangelogVersion[] {
  return versions
    .filter(({ entries }) => entries.length > 0)
    .filter(({ version }) => compareVersions(version, current) <= 0)
    .filter(({ version }) => (since ? compareVersions(version, since) > 0 : releaseOf(version) === releaseOf(current)))
    .sort((a, b) => compareVersions(b.version, a.version));
}

/** A version's entries and the language they are written in. */
export interface ShownVersion extends ChangelogVersion {
  lang: string;
}

/**
 * Each version in `lang` where its translation has it, entry for entry (as many entries as the
 * English; `npm run release` refuses one that has not, build/changelogs.mjs), and in English where
 * it has not: a translation missing an entry would leave out news without saying so, English says it
 * all and the page says it is not yet translated.
 */
export function inLanguage(english: ChangelogVersion[], translated: ChangelogVersion[], lang: string): ShownVersion[] {
  return english.map((version) => {
    const own = translated.find((candidate) => candidate.version === version.version);
    return own && lang !== 'en' && own.entries.length === version.entries.length ? { ...own, lang } : { ...version, lang: 'en' };
  });
}

export type InlinePart = { kind: 'text' | 'strong' | 'em' | 'code'; text: string };

/** An entry's text in parts: `**bold**`, `_italic_` (between non-word characters) and `` `code` ``; the rest is text. */
export function inlineParts(entry: string): InlinePart[] {
  const parts: InlinePart[] = [];
  const marks = /\*\*(.+?)\*\*|(?<![\p{L}\p{N}])_(.+?)_(?![\p{L}\p{N}])|`([^`]+)`/gu;
  let at = 0;
  for (const match of entry.matchAll(marks)) {
    if (match.index > at) parts.push({ kind: 'text', text: entry.slice(at, match.index) });
    if (match[1] !== undefined) parts.push({ kind: 'strong', text: match[1] });
    else if (match[2] !== undefined) parts.push({ kind: 'em', text: match[2] });
    else parts.push({ kind: 'code', text: match[3]! });
    at = match.index + match[0].length;
  }
  if (at < entry.length) parts.push({ kind: 'text', text: entry.slice(at) });
  return parts;
}
