import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { changelogForPackage, changelogOutline } from '../../build/changelogs.mjs';
import { PACKAGES, type PackageId } from '../../build/packages.mjs';
import { extensionDir, root, type Variant } from './builds';

/**
 * What each package carries, read from its built files (build/packages.mjs): the Share package no
 * airport code, the Airport package no Password Pusher code. Code is known by what it cannot do
 * without: its strings (message keys, storage keys, addresses, API paths, database stores), which
 * minification keeps, read here as the string literals of every script (so that a property name
 * such as `airport` in a shared type is not taken for airport code), and every text of the pages,
 * stylesheets, catalogues and privacy policy. The combined package must show both, or the search
 * itself would be broken.
 */

interface Built {
  /** File name → the strings it carries. */
  files: Map<string, string[]>;
}

/** Every string literal and template chunk of a script. */
function stringsOf(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const child of node) stringsOf(child, out);
  else if (node && typeof node === 'object') {
    const value = node as { type?: string; value?: unknown };
    if (value.type === 'Literal' && typeof value.value === 'string') out.push(value.value);
    if (value.type === 'TemplateElement')
      out.push((value.value as { cooked?: string; raw: string }).cooked ?? (value.value as { raw: string }).raw);
    for (const [key, child] of Object.entries(node)) if (key !== 'type') stringsOf(child, out);
  }
  return out;
}

function read(variant: Variant): Built {
  const dir = extensionDir(variant);
  const files = new Map<string, string[]>();
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const text = () => readFileSync(path.join(dir, file), 'utf8');
    if (file.endsWith('.js')) files.set(file, stringsOf(parseAst(text())));
    else if (/\.(html|css|json|txt)$/.test(file)) files.set(file, [text()]);
  }
  return { files };
}

/** Each file with the strings of it that match. */
function found(built: Built, pattern: RegExp): Record<string, string[]> {
  const hits: Record<string, string[]> = {};
  for (const [file, strings] of built.files) {
    const matching = strings.filter((text) => pattern.test(text)).map((text) => (text.length > 120 ? `${text.slice(0, 120)}…` : text));
    if (matching.length) hits[file] = matching;
  }
  return hits;
}

/** The side panel's: its words in every language, the feeds' hosts, its message keys, storage keys and stores. */
const AIRPORT = new RegExp(
  [
    'airport',
    'flygplats',
    'flughafen',
    'aeropuerto',
    'aéroport',
    'aeroporto',
    'luchthaven',
    'flight',
    'wait.?time',
    'side.?panel',
    'swedavia',
    'avinor',
    'schiphol',
    'passngr',
    'dus\\.com',
    'cphwaitingtime',
    'waitBoards',
    'myFlight',
    'leaveBy',
  ].join('|'),
  'i',
);

/** Password Pusher's: its name and host, its API, its message keys, storage keys and stores, its words. */
const PASSWORD_PUSHER = new RegExp(
  [
    'password.?pusher',
    'pwpush',
    '/api/v2',
    '/p\\.json',
    'passphrase',
    'instanceUrl',
    'apiToken',
    '\\bpush(es|ed)?\\b',
    'secret',
    'lockdown',
    'receipts?\\b',
    // `notifyWatch…` is a queue watch's notification (lib/watches/notify.ts), the airport's.
    '^(popup|pushes|receive|share|notify(?!Watch)|link|attempts|menu|request)[A-Z]',
    '^(history|attempts|claims)$',
  ].join('|'),
  'i',
);

describe('the Share package carries no airport code', () => {
  it.each(['share', 'share-firefox'] as Variant[])('%s: no script, page, stylesheet, message or policy of the side panel', (variant) => {
    expect(found(read(variant), AIRPORT)).toEqual({});
  });
});

describe('the Airport package carries no Password Pusher code', () => {
  it.each(['airport', 'airport-firefox'] as Variant[])('%s: no script, page, stylesheet, message or policy of sharing', (variant) => {
    expect(found(read(variant), PASSWORD_PUSHER)).toEqual({});
  });
});

describe('the search finds what it looks for', () => {
  const combined = read('store');

  it('in the combined package, both purposes', () => {
    const airport = found(combined, AIRPORT);
    const sharing = found(combined, PASSWORD_PUSHER);
    expect(Object.keys(airport)).toEqual(expect.arrayContaining(['sidepanel.html', 'privacy.txt', '_locales/sv/messages.json']));
    expect(Object.keys(sharing)).toEqual(
      expect.arrayContaining(['popup.html', 'background.js', 'privacy.txt', '_locales/de/messages.json']),
    );
    const has = (hits: Record<string, string[]>, text: string) =>
      Object.values(hits)
        .flat()
        .some((hit) => hit.includes(text));
    expect(has(airport, 'local:airportApiUrl') && has(airport, 'waitBoards')).toBe(true);
    expect(has(sharing, 'local:instanceUrl') && has(sharing, 'history')).toBe(true);
  });

  it("in each single package, its own purpose: the Share package's sharing, the Airport package's airports", () => {
    expect(Object.keys(found(read('share'), PASSWORD_PUSHER)).length).toBeGreaterThan(5);
    expect(Object.keys(found(read('airport'), AIRPORT)).length).toBeGreaterThan(5);
  });

  it('takes a property name for no code: only strings count', () => {
    const script = ['const state={airport:null};f(`a $', '{state.airport} b`,"c")'].join('');
    expect(stringsOf(parseAst(script))).toEqual(['a ', ' b', 'c']);
  });
});

describe("each package's What's new: its own entries of the changelog, in every language", () => {
  const version = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version;
  const source = readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8');

  it.each([
    ['store', 'pushgate'],
    ['share', 'share'],
    ['airport', 'airport'],
  ] as Array<[Variant, PackageId]>)('%s', (variant, id) => {
    const changelogs = [...read(variant).files.values()].flat().filter((text) => /^## \d+\.\d+\.\d+/m.test(text));
    const entries = changelogOutline(changelogForPackage(PACKAGES[id], source, 'CHANGELOG.md')).get(version);
    expect(entries).toBeGreaterThan(0);
    expect(changelogs.map((text) => changelogOutline(text).get(version))).toEqual(Array(7).fill(entries));
    expect(changelogs.filter((text) => text.includes('<!--'))).toEqual([]);
  });
});

/**
 * What a page loads as it opens: the page, the scripts and stylesheets its tags name, and the chunks
 * those scripts import statically (what loads later, on demand, is not counted). bench/measure-bytes.mjs
 * counts the same in a browser for the combined package; here each single-purpose package's surface
 * is held to its combined counterpart's, so it opens within the same bench targets or under them.
 */
function openingBytes(variant: Variant, page: string): number {
  const dir = extensionDir(variant);
  const loaded = new Set<string>();
  const visit = (file: string) => {
    if (loaded.has(file)) return;
    loaded.add(file);
    if (!file.endsWith('.js')) return;
    const code = readFileSync(path.join(dir, file), 'utf8');
    for (const [, specifier] of code.matchAll(/import\s*(?:[\w$*{}\s,]*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g))
      visit(path.posix.join(path.posix.dirname(file), specifier!));
  };
  const html = readFileSync(path.join(dir, page), 'utf8');
  for (const [, file] of html.matchAll(/(?:src|href)="\/([^"]+\.(?:js|css))"/g)) visit(file!);
  expect(loaded.size, `${variant} ${page} loads its script`).toBeGreaterThan(0);
  return [page, ...loaded].reduce((sum, file) => sum + statSync(path.join(dir, file)).size, 0);
}

describe('each single-purpose package opens with no more bytes than the combined one', () => {
  it.each([
    ['share', 'popup.html'],
    ['share', 'pushes.html'],
    ['share', 'options.html'],
    ['airport', 'sidepanel.html'],
    ['airport', 'options.html'],
  ] as Array<[Variant, string]>)('%s: %s', (variant, page) => {
    expect(openingBytes(variant, page)).toBeLessThanOrEqual(openingBytes('store', page));
  });
});
