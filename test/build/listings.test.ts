import { describe, expect, it } from 'vitest';
import { PACKAGE_IDS, PACKAGES, type PackageId } from '../../build/packages.mjs';
import { checkListing, length, listingLanguages, permissionNames, readLimits, readListing } from '../../scripts/release/listings.mjs';
import { readManifest, root, storeVariants, variants } from './builds';
import { optionalHosts, optionalPermissionsFor, permissionsFor } from './permissions';

/**
 * The store texts of every package and language in store/listings/<package>/<lang>/ against the stores'
 * limits (store/limits.json, sources in docs/stores.md), and their permission justifications against
 * that package's built manifests.
 */

const LANGUAGES = ['de', 'en', 'es', 'fr', 'it', 'nl', 'sv'];
const manifestsOf = (id: PackageId) => storeVariants.filter((variant) => variants[variant].package === id).map(readManifest);

describe.each(PACKAGE_IDS)('the listing texts of the %s package', (id) => {
  const spec = PACKAGES[id];
  const limits = readLimits(root);
  const names = permissionNames(manifestsOf(id));

  it('are in all seven languages', () => {
    expect(listingLanguages(root, spec)).toEqual(LANGUAGES);
  });

  it('justify exactly the permissions of its store builds: every one in test/build/permissions.ts, and host access', () => {
    const listed = [...permissionsFor('chrome', id), ...permissionsFor('firefox', id), ...optionalPermissionsFor('chrome', id)];
    expect(names).toEqual([...new Set([...listed, 'hostPermissions'])].sort());
    expect(Object.keys(optionalHosts)).toContain('https://*/*');
  });

  it.each(listingLanguages(root, spec))('%s: every text present and within every limit', (lang) => {
    const listing = readListing(root, spec, lang);
    expect(checkListing(listing, limits, names)).toEqual([]);
    expect(length(listing.summary ?? '')).toBeLessThanOrEqual(132);
    expect(length(listing.description ?? '')).toBeGreaterThanOrEqual(250);
  });
});

/** Words of the other purpose, in every listed language: a single-purpose listing names only its own. */
const AIRPORT_WORDS =
  /airport|flygplats|flughafen|aeropuerto|aéroport|aeroporto|luchthaven|wait.?time|väntetid|wartezeit|tiempo de espera|temps d.attente|tempi di attesa|wachttijd|flight|side ?panel|swedavia/i;
const PASSWORD_PUSHER_WORDS = /password pusher|pwpush|passphrase|secret|hemlig|geheim|secreto|segret|lockdown|receipt/i;

describe('each single-purpose listing names only its purpose', () => {
  it.each(LANGUAGES)('%s: Pushgate Share says nothing of airports, Pushgate Airport nothing of Password Pusher', (lang) => {
    const text = (id: PackageId) => {
      const listing = readListing(root, PACKAGES[id], lang);
      return [listing.name, listing.summary, listing.description, listing.singlePurpose, ...Object.values(listing.permissions ?? {})].join(
        '\n',
      );
    };
    expect(text('share')).not.toMatch(AIRPORT_WORDS);
    expect(text('airport')).not.toMatch(PASSWORD_PUSHER_WORDS);
    expect(text('pushgate')).toMatch(AIRPORT_WORDS);
    expect(text('pushgate')).toMatch(PASSWORD_PUSHER_WORDS);
  });
});

describe('the permission reasons say what the issue asks of them', () => {
  it.each(LANGUAGES)('%s: host access names the loopback hosts; notifications name read receipts (Share and combined)', (lang) => {
    for (const id of PACKAGE_IDS) {
      const reasons = readListing(root, PACKAGES[id], lang).permissions ?? {};
      expect(reasons.hostPermissions, `${id} ${lang}`).toMatch(/127\.0\.0\.1/);
      expect(reasons.hostPermissions, `${id} ${lang}`).toMatch(/localhost/);
    }
    for (const id of ['pushgate', 'share'] as const) {
      expect(readListing(root, PACKAGES[id], lang).permissions?.notifications, `${id} ${lang}`).toMatch(RECEIPT_WORDS[lang]!);
    }
  });
});

/** "read receipt" in each language, as the catalogues say it. */
const RECEIPT_WORDS: Record<string, RegExp> = {
  en: /read receipt/i,
  sv: /läskvitt/i,
  de: /lesebestätigung/i,
  es: /acuses? de lectura/i,
  fr: /accusés? de lecture/i,
  it: /conferm[ae] di lettura/i,
  nl: /leesbevestiging/i,
};

describe('counting', () => {
  it('counts characters as the stores do: "å" is one', () => {
    expect(length('Så här')).toBe(6);
  });
});
