// The changelog as each package carries it (docs/packaging.md, "Writing the changelog"): CHANGELOG.md is
// the English source; CHANGELOG.<lang>.md beside it, one per language of public/_locales, has the same
// `## <version>` headings and under each the same entries in the same order, between the same purpose
// markers as docs/privacy.md (`<!-- share -->`, `<!-- airport -->`, `<!-- pushgate only -->`; read by
// textForPackage). Plain JavaScript, so that `npm run release` (scripts/release/assemble.mjs) checks the
// files with the same reading the build (wxt.config.ts) uses.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PACKAGE_IDS, PACKAGES, textForPackage } from './packages.mjs';

const repository = path.resolve(import.meta.dirname, '..');

/** CHANGELOG.md for English, CHANGELOG.<lang>.md for the others. */
export function changelogFile(lang) {
  return lang === 'en' ? 'CHANGELOG.md' : `CHANGELOG.${lang}.md`;
}

/** The name the package calls itself in its changelog, as in its privacy policy: its English `extName`. */
function packageName(root, spec) {
  const catalogue = JSON.parse(readFileSync(path.join(root, 'public/_locales/en/messages.json'), 'utf8'));
  return catalogue[spec.nameKey].message;
}

/** A changelog's text as the package shows it: the other purpose's entries left out, the product called by its name. */
export function changelogForPackage(spec, markdown, file, root = repository) {
  return textForPackage(spec, markdown, packageName(root, spec), file);
}

/**
 * Each `## x.y.z` section's count of entries (lines that start with `- `), in the file's order: what
 * lib/whats-new/changelog.ts shows as a version's entries (test/unit/whats-new/changelogs.test.ts
 * holds the two readings together).
 */
export function changelogOutline(markdown) {
  const outline = new Map();
  let current = null;
  for (const line of markdown.split(/\r?\n/)) {
    const heading = /^## +(\d+\.\d+\.\d+)\b/.exec(line);
    if (heading) {
      current = heading[1];
      outline.set(current, outline.get(current) ?? 0);
    } else if (/^#{1,2} /.test(line)) current = null;
    else if (current && line.startsWith('- ')) outline.set(current, outline.get(current) + 1);
  }
  return outline;
}

/**
 * The versions with something to tell this package's users: an update brings the toolbar's dot only
 * when one of them is new to the person (lib/whats-new/update.ts). A release whose entries are all the
 * other purpose's says nothing in this package.
 */
export function versionsWithNews(spec, root = repository) {
  const text = changelogForPackage(spec, readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8'), 'CHANGELOG.md', root);
  return [...changelogOutline(text)].filter(([, entries]) => entries > 0).map(([version]) => version);
}

/**
 * Serves `CHANGELOG*.md?raw` (components/options/whats-new-text.ts) as the package carries it, so the
 * Share package holds no airport entry and the Airport package no Password Pusher one
 * (test/build/bundles.test.ts).
 */
export function packageChangelogs(spec, root = repository) {
  return {
    name: 'pushgate:package-changelogs',
    enforce: 'pre',
    load(id) {
      const [file, query] = id.split('?');
      const name = path.basename(file);
      if (query !== 'raw' || path.dirname(file) !== root || !/^CHANGELOG(\.[a-z]{2})?\.md$/.test(name)) return null;
      this.addWatchFile(file);
      return `export default ${JSON.stringify(changelogForPackage(spec, readFileSync(file, 'utf8'), name, root))};`;
    },
  };
}

/**
 * What stops a release of `version` (scripts/release/assemble.mjs): no section for it in CHANGELOG.md;
 * a language of public/_locales without its translation, or whose translation has no section for it;
 * a translated section whose entries, package by package, are not as many as the English ones (a
 * missing entry or purpose marker would show one package another's news or too little); a marker
 * left open. A release refuses rather than warns: What's new is read in the person's language, and a
 * person shown English for a version made without a translation is told only that it is not yet
 * translated.
 */
export function changelogProblems(version, root = repository) {
  const english = path.join(root, 'CHANGELOG.md');
  if (!existsSync(english)) return [];
  const outlines = (file) => {
    const markdown = readFileSync(path.join(root, file), 'utf8');
    return Object.fromEntries(PACKAGE_IDS.map((id) => [id, changelogOutline(changelogForPackage(PACKAGES[id], markdown, file, root))]));
  };
  const problems = [];
  let source;
  try {
    source = outlines('CHANGELOG.md');
  } catch (error) {
    return [error.message];
  }
  if (!source.pushgate.has(version)) return [`CHANGELOG.md has no "## ${version}" section`];
  const languages = readdirSync(path.join(root, 'public/_locales')).filter((lang) => lang !== 'en');
  for (const lang of languages.sort()) {
    const file = changelogFile(lang);
    if (!existsSync(path.join(root, file))) {
      problems.push(`${file} is missing: What's new in ${lang} is read from it`);
      continue;
    }
    let translated;
    try {
      translated = outlines(file);
    } catch (error) {
      problems.push(error.message);
      continue;
    }
    if (!translated.pushgate.has(version)) {
      problems.push(`${file} has no "## ${version}" section`);
      continue;
    }
    for (const id of PACKAGE_IDS) {
      const [mine, theirs] = [translated[id].get(version), source[id].get(version)];
      if (mine !== theirs) problems.push(`${file}, ${version}: ${mine} entries for ${PACKAGES[id].artifact}, CHANGELOG.md has ${theirs}`);
    }
  }
  return problems;
}
