// Puts one release together from built archives: checks everything first (every file present, every
// text and image within the stores' limits), and writes the folder only when nothing is wrong.
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { checkImages } from './images.mjs';
import { checkListing, listingLanguages, permissionNames, readLimits, readListing } from './listings.mjs';

/**
 * @param {object} options
 * @param {string} options.root the repository
 * @param {string} options.outDir the release folder to write (emptied first)
 * @param {string} options.version package.json's version
 * @param {{ chrome: string, firefox: string, sources: string }} options.archives built zips
 * @param {{ chrome: object, firefox: object }} options.manifests the manifests inside them
 * @returns {{ problems: string[], written: string[] }}
 */
export function assembleRelease({ root, outDir, version, archives, manifests }) {
  const problems = [];
  const limits = readLimits(root);
  const need = (file, what) => {
    if (!existsSync(file)) problems.push(`${what} is missing: ${path.relative(root, file)}`);
  };
  need(archives.chrome, 'the Chrome and Edge zip');
  need(archives.firefox, 'the Firefox zip');
  need(archives.sources, 'the Firefox sources archive');
  for (const [browser, manifest] of Object.entries(manifests)) {
    if (manifest.version !== version) problems.push(`${browser} manifest has version ${manifest.version}, package.json ${version}`);
    if ((manifest.host_permissions ?? []).length) problems.push(`${browser} manifest grants hosts at install: a test build`);
  }
  for (const file of ['docs/privacy.md', 'store/reviewer-note.md', 'store/checklist.md', 'CHANGELOG.md']) need(path.join(root, file), file);
  if (existsSync(path.join(root, 'CHANGELOG.md'))) {
    const changelog = readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8');
    if (!new RegExp(`^## ${version.replaceAll('.', '\\.')}\\b`, 'm').test(changelog))
      problems.push(`CHANGELOG.md has no "## ${version}" section`);
  }

  const names = permissionNames(Object.values(manifests));
  const languages = listingLanguages(root);
  if (!languages.includes('en')) problems.push('store/listings/en is missing: English is the default locale');
  const listings = languages.map((lang) => readListing(root, lang));
  for (const listing of listings) problems.push(...checkListing(listing, limits, names));
  const images = Object.fromEntries(
    languages.map((lang) => {
      const checked = checkImages(root, lang, limits.images);
      problems.push(...checked.problems);
      return [lang, checked.files];
    }),
  );
  if (problems.length) return { problems, written: [] };

  rmSync(outDir, { recursive: true, force: true });
  const written = [];
  const put = (relative, write) => {
    const file = path.join(outDir, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    write(file);
    written.push(relative);
  };
  const copy = (from, relative) => put(relative, (file) => copyFileSync(from, file));
  const text = (relative, contents) => put(relative, (file) => writeFileSync(file, `${contents.trim()}\n`));

  copy(archives.chrome, `chrome-edge/${path.basename(archives.chrome)}`);
  copy(archives.firefox, `firefox/${path.basename(archives.firefox)}`);
  copy(archives.sources, `firefox/${path.basename(archives.sources)}`);
  copy(path.join(root, 'docs/privacy.md'), 'privacy-policy.md');
  copy(path.join(root, 'store/reviewer-note.md'), 'reviewer-note.md');
  for (const listing of listings) {
    const dir = `listings/${listing.lang}`;
    text(`${dir}/name.txt`, listing.name);
    text(`${dir}/summary.txt`, listing.summary);
    text(`${dir}/description.txt`, listing.description);
    text(`${dir}/single-purpose.txt`, listing.singlePurpose);
    text(
      `${dir}/permission-justifications.txt`,
      Object.entries(listing.permissions)
        .map(([name, reason]) => `${name}\n${reason}\n`)
        .join('\n'),
    );
    for (const image of images[listing.lang]) copy(image, `images/${listing.lang}/${path.basename(image)}`);
  }
  const checklist = readFileSync(path.join(root, 'store/checklist.md'), 'utf8')
    .replaceAll('{{version}}', version)
    .replaceAll('{{languages}}', languages.join(', '))
    .replaceAll('{{permissions}}', names.join(', '));
  text(
    'CHECKLIST.md',
    `${checklist}\n## Files in this folder\n\n${[...written]
      .sort()
      .map((file) => `- \`${file}\``)
      .join('\n')}`,
  );
  return { problems, written };
}
