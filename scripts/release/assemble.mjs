// Puts one release together from built archives: checks everything first (every file present, every
// text and image of every package within the stores' limits), and writes the folder only when nothing
// is wrong. One folder per package (build/packages.mjs), and one CHECKLIST.md that says which package
// goes to which store.
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { changelogProblems } from '../../build/changelogs.mjs';
import { textForPackage } from '../../build/packages.mjs';
import { chromeDataTypes } from './data-usage.mjs';
import { checkImages } from './images.mjs';
import { checkListing, listingLanguages, permissionNames, readLimits, readListing } from './listings.mjs';

/**
 * @param {object} options
 * @param {string} options.root the repository
 * @param {string} options.outDir the release folder to write (emptied first)
 * @param {string} options.version package.json's version
 * @param {Array<{ spec: import('../../build/packages.mjs').PackageSpec,
 *   archives: { chrome: string, firefox: string, sources: string },
 *   manifests: { chrome: object, firefox: object } }>} options.packages each package's built zips and the manifests inside them
 * @returns {{ problems: string[], written: string[] }}
 */
export function assembleRelease({ root, outDir, version, packages }) {
  const problems = [];
  const limits = readLimits(root);
  const need = (file, what) => {
    if (!existsSync(file)) problems.push(`${what} is missing: ${path.relative(root, file)}`);
  };
  for (const file of ['docs/privacy.md', 'store/reviewer-note.md', 'store/checklist.md', 'CHANGELOG.md']) need(path.join(root, file), file);
  // What's new in every language of the extension, each package its own entries (build/changelogs.mjs).
  problems.push(...changelogProblems(version, root));

  const checked = packages.map(({ spec, archives, manifests }) => {
    const label = spec.artifact;
    need(archives.chrome, `the ${label} Chrome and Edge zip`);
    need(archives.firefox, `the ${label} Firefox zip`);
    need(archives.sources, `the ${label} Firefox sources archive`);
    for (const [browser, manifest] of Object.entries(manifests)) {
      if (manifest.version !== version)
        problems.push(`${label}: ${browser} manifest has version ${manifest.version}, package.json ${version}`);
      if ((manifest.host_permissions ?? []).length) problems.push(`${label}: ${browser} manifest grants hosts at install: a test build`);
    }
    const names = permissionNames(Object.values(manifests));
    const languages = listingLanguages(root, spec);
    if (!languages.includes('en')) problems.push(`store/listings/${spec.id}/en is missing: English is the default locale`);
    const listings = languages.map((lang) => readListing(root, spec, lang));
    for (const listing of listings) problems.push(...checkListing(listing, limits, names));
    const images = Object.fromEntries(
      languages.map((lang) => {
        const found = checkImages(root, spec, lang, limits.images);
        problems.push(...found.problems);
        return [lang, found.files];
      }),
    );
    return { spec, archives, names, languages, listings, images };
  });
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
  const source = (file) => readFileSync(path.join(root, file), 'utf8');

  const fill = {};
  for (const { spec, archives, names, languages, listings, images } of checked) {
    const dir = spec.artifact;
    const name = listings.find((listing) => listing.lang === 'en').name;
    copy(archives.chrome, `${dir}/chrome-edge/${path.basename(archives.chrome)}`);
    copy(archives.firefox, `${dir}/firefox/${path.basename(archives.firefox)}`);
    copy(archives.sources, `${dir}/firefox/${path.basename(archives.sources)}`);
    // The very texts the package ships (its privacy.txt) and its reviewers need, for this package alone.
    text(`${dir}/privacy-policy.md`, textForPackage(spec, source('docs/privacy.md'), name, 'docs/privacy.md'));
    text(`${dir}/reviewer-note.md`, textForPackage(spec, source('store/reviewer-note.md'), name, 'store/reviewer-note.md'));
    for (const listing of listings) {
      const at = `${dir}/listings/${listing.lang}`;
      text(`${at}/name.txt`, listing.name);
      text(`${at}/summary.txt`, listing.summary);
      text(`${at}/description.txt`, listing.description);
      text(`${at}/single-purpose.txt`, listing.singlePurpose);
      text(
        `${at}/permission-justifications.txt`,
        Object.entries(listing.permissions)
          .map(([permission, reason]) => `${permission}\n${reason}\n`)
          .join('\n'),
      );
      for (const image of images[listing.lang]) copy(image, `${dir}/images/${listing.lang}/${path.basename(image)}`);
    }
    fill[`languages.${spec.id}`] = languages.join(', ');
    fill[`permissions.${spec.id}`] = names.join(', ');
    fill[`chromeData.${spec.id}`] = chromeDataTypes(spec.dataCollection)
      .map((type) => `"${type}"`)
      .join(', ');
    fill[`firefoxData.${spec.id}`] = spec.dataCollection.join(', ');
  }
  let checklist = source('store/checklist.md').replaceAll('{{version}}', version);
  for (const [key, value] of Object.entries(fill)) checklist = checklist.replaceAll(`{{${key}}}`, value);
  text(
    'CHECKLIST.md',
    `${checklist}\n## Files in this folder\n\n${[...written]
      .sort()
      .map((file) => `- \`${file}\``)
      .join('\n')}`,
  );
  return { problems, written };
}
