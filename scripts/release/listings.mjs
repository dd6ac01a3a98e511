// The store listing texts of every package and language in store/listings/<package>/<lang>/, read and
// held to the stores' limits (store/limits.json; where each limit comes from: docs/stores.md). A
// language is a folder: adding one is adding its files, and every check here runs over every folder
// present. The packages are those of build/packages.mjs.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Characters as the stores count them: code points, not UTF-16 units. */
export const length = (text) => [...text].length;

export function readLimits(root) {
  return JSON.parse(readFileSync(path.join(root, 'store', 'limits.json'), 'utf8'));
}

/** Languages with a listing folder for the package, e.g. ['en', 'sv']. */
export function listingLanguages(root, spec) {
  const dir = path.join(root, 'store', 'listings', spec.id);
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/**
 * One package's listing in one language: the name and summary come from the extension's own catalogue
 * (public/_locales/<lang>/messages.json, the package's `nameKey` and `descriptionKey`, which its build
 * ships as `extName` and `extDescription` and the stores read from the manifest); the rest from
 * store/listings/<package>/<lang>/. Missing files are reported, not thrown.
 */
export function readListing(root, spec, lang) {
  const where = `store/listings/${spec.id}/${lang}`;
  const dir = path.join(root, where);
  const problems = [];
  const read = (file) => {
    const full = path.join(dir, file);
    if (!existsSync(full)) {
      problems.push(`${where}/${file} is missing`);
      return null;
    }
    return readFileSync(full, 'utf8').trim();
  };
  const catalogue = path.join(root, 'public', '_locales', lang, 'messages.json');
  let messages = {};
  if (existsSync(catalogue)) messages = JSON.parse(readFileSync(catalogue, 'utf8'));
  else problems.push(`public/_locales/${lang}/messages.json is missing: the store reads the name and summary from it`);
  const permissionsText = read('permissions.json');
  return {
    pkg: spec.id,
    lang,
    name: messages[spec.nameKey]?.message ?? null,
    summary: messages[spec.descriptionKey]?.message ?? null,
    description: read('description.txt'),
    singlePurpose: read('single-purpose.txt'),
    permissions: permissionsText === null ? null : JSON.parse(permissionsText),
    problems,
  };
}

/**
 * Everything wrong with a listing: missing texts, texts over (or under) a limit, and permission
 * justifications that do not match the manifest's permissions exactly.
 */
export function checkListing(listing, limits, permissionNames) {
  const problems = [...listing.problems];
  const where = listing.pkg === 'pushgate' ? listing.lang : `${listing.pkg}/${listing.lang}`;
  const within = (field, text, limit) => {
    if (text === null || text === undefined || text === '') {
      problems.push(`${where}: ${field} is empty`);
      return;
    }
    const n = length(text);
    if (limit.max !== undefined && n > limit.max) problems.push(`${where}: ${field} has ${n} characters, over ${limit.max}`);
    if (limit.min !== undefined && n < limit.min) problems.push(`${where}: ${field} has ${n} characters, under ${limit.min}`);
  };
  within('name', listing.name, limits.name);
  within('summary', listing.summary, limits.summary);
  within('description', listing.description, limits.description);
  within('single purpose', listing.singlePurpose, limits.singlePurpose);
  if (listing.permissions) {
    const given = Object.keys(listing.permissions).sort();
    const missing = permissionNames.filter((name) => !given.includes(name));
    const extra = given.filter((name) => !permissionNames.includes(name));
    if (missing.length) problems.push(`${where}: no justification for ${missing.join(', ')}`);
    if (extra.length) problems.push(`${where}: justification for a permission the extension does not have: ${extra.join(', ')}`);
    for (const [name, text] of Object.entries(listing.permissions)) {
      within(`justification of ${name}`, text, limits.permissionJustification);
    }
  }
  return problems;
}

/** The justification names of a set of built manifests: API permissions, plus `hostPermissions` for any host access. */
export function permissionNames(manifests) {
  const names = new Set();
  for (const manifest of manifests) {
    for (const name of [...(manifest.permissions ?? []), ...(manifest.optional_permissions ?? [])]) names.add(name);
    if ((manifest.host_permissions ?? []).length || (manifest.optional_host_permissions ?? []).length) names.add('hostPermissions');
  }
  return [...names].sort();
}
