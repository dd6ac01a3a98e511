import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The claims of docs/privacy.md that the source can prove. The built extension names no other server
 * (test/build/privacy.test.ts), and a session through every surface reaches no other origin
 * (test/e2e/privacy-origins.e2e.ts).
 */

const root = path.resolve(__dirname, '../../..');
const policy = readFileSync(path.join(root, 'docs/privacy.md'), 'utf8');

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const relative = path.join(dir, name);
    if (statSync(path.join(root, relative)).isDirectory()) return sourceFiles(relative);
    return /\.(ts|tsx)$/.test(name) ? [relative] : [];
  });
}

const sources = ['lib', 'components', 'entrypoints'].flatMap(sourceFiles).map((file) => ({
  file,
  text: readFileSync(path.join(root, file), 'utf8'),
}));

const storageKeys = sources.flatMap(({ text }) =>
  [...text.matchAll(/defineItem<[^(]*>\(\s*'(local|session|sync|managed):([A-Za-z]+)'/g)].map(([, area, key]) => ({ area, key })),
);

describe('docs/privacy.md, "What stays in your browser"', () => {
  it('finds the settings it checks', () => {
    expect(storageKeys.length).toBeGreaterThan(15);
  });

  it('names every stored setting', () => {
    const unnamed = storageKeys.filter(({ key }) => !policy.includes(`\`${key}\``)).map(({ key }) => key);
    expect(unnamed, 'stored by the code but not named in docs/privacy.md').toEqual([]);
  });

  it('names every IndexedDB store by its name', () => {
    const db = readFileSync(path.join(root, 'lib/db.ts'), 'utf8');
    const stores = [...db.matchAll(/createObjectStore\('([A-Za-z]+)'/g)].map(([, name]) => name);
    expect(stores).toEqual(expect.arrayContaining(['history', 'attempts', 'claims']));
    expect(
      stores.filter((name) => !policy.includes(`\`${name}\``)),
      'kept by the code but not named in docs/privacy.md',
    ).toEqual([]);
  });

  it('"nothing is in synced storage": every setting is local or session', () => {
    expect(storageKeys.filter(({ area }) => area !== 'local' && area !== 'session')).toEqual([]);
    expect(sources.filter(({ text }) => /storage\.sync\b/.test(text)).map(({ file }) => file)).toEqual([]);
  });

  it('the token kept only for the session is in storage.session, as the policy says', () => {
    expect(storageKeys).toContainEqual({ area: 'session', key: 'apiToken' });
    expect(policy).toContain('`storage.session`');
  });
});

describe('docs/privacy.md, "Nobody else"', () => {
  it('makes requests only where the server is a parameter (lib/http.ts, lib/pwpush): no fixed analytics or beacon', () => {
    const network = /globalThis\.fetch|[^.\w]fetch\(|new XMLHttpRequest|sendBeacon|new WebSocket|new EventSource|importScripts/;
    const callers = sources.filter(({ text }) => network.test(text)).map(({ file }) => file);
    expect(callers.every((file) => file === path.join('lib', 'http.ts') || file.startsWith(path.join('lib', 'pwpush')))).toBe(true);
  });

  it('sets no address to open at uninstall', () => {
    expect(sources.filter(({ text }) => text.includes('setUninstallURL')).map(({ file }) => file)).toEqual([]);
  });

  it('contacts the default airport API named in the policy', () => {
    const airport = readFileSync(path.join(root, 'lib/settings/airport.ts'), 'utf8');
    const [, fallback] = airport.match(/DEFAULT_AIRPORT_API_URL = '([^']+)'/) ?? [];
    expect(policy).toContain(`\`${fallback}\``);
  });
});
