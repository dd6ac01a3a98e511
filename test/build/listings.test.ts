import { describe, expect, it } from 'vitest';
import { checkListing, length, listingLanguages, permissionNames, readLimits, readListing } from '../../scripts/release/listings.mjs';
import { readManifest, root } from './builds';
import { optionalHosts, optionalPermissionsFor, permissionsFor } from './permissions';

/**
 * The store texts of every language in store/listings/ against the stores' limits (store/limits.json,
 * sources in docs/stores.md), and their permission justifications against the built manifests.
 */

const manifests = { chrome: readManifest('store'), firefox: readManifest('firefox') };

describe('the listing texts in store/listings/, every language present', () => {
  const limits = readLimits(root);
  const names = permissionNames(Object.values(manifests));

  it('are English and Swedish at least', () => {
    expect(listingLanguages(root)).toEqual(expect.arrayContaining(['en', 'sv']));
  });

  it('justify exactly the permissions of the store builds: every one in test/build/permissions.ts, and host access', () => {
    const listed = [...permissionsFor('chrome'), ...permissionsFor('firefox'), ...optionalPermissionsFor('chrome')];
    expect(names).toEqual([...new Set([...listed, 'hostPermissions'])].sort());
    expect(Object.keys(optionalHosts)).toContain('https://*/*');
  });

  it.each(listingLanguages(root))('%s: every text present and within every limit', (lang) => {
    const listing = readListing(root, lang);
    expect(checkListing(listing, limits, names)).toEqual([]);
    expect(length(listing.summary ?? '')).toBeLessThanOrEqual(132);
    expect(length(listing.description ?? '')).toBeGreaterThanOrEqual(250);
  });

  it('counts characters as the stores do: "å" is one', () => {
    expect(length('Så här')).toBe(6);
  });
});
