import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { archivePath, extensionDir, readManifest, root, storeVariants, variants } from './builds';
import { readZip } from './zip';

/** Every file under `dir`, as zip-style relative paths. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** Files the manifest points at: icons, pages, the background script or worker. */
function referencedFiles(manifest: Record<string, unknown>): string[] {
  const strings = (value: unknown): string[] =>
    typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(strings) : [];
  return strings(manifest)
    .filter((value) => /^[\w/.-]+\.(html|js|png|svg)$/.test(value))
    .map((file) => file.replace(/^\//, ''));
}

/** Files an HTML page or a JS chunk loads from inside the extension (absolute or relative URLs). */
function loadedFiles(name: string, text: string): string[] {
  const html = [...text.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
  const js = [...text.matchAll(/(?:from|import)\s*\(?\s*["'`](\.{0,2}\/[^"'`]+)["'`]/g)].map((match) => match[1]!);
  return [...html, ...js]
    .filter((url) => !url.includes('://'))
    .map((url) => (url.startsWith('/') ? url.slice(1) : path.posix.join(path.posix.dirname(name), url)));
}

describe.each(
  storeVariants.map((variant) => [variant, variants[variant].browser === 'firefox' ? 'addons.mozilla.org' : 'Chrome and Edge']),
)('%s archive for %s', (variant) => {
  const entries = readZip(archivePath(variant, 'extension'));
  const names = [...entries.keys()].sort();

  it('holds exactly the built extension, manifest.json at the root', () => {
    expect(names).toEqual(filesUnder(extensionDir(variant)));
    const built = (name: string) => readFileSync(path.join(extensionDir(variant), name));
    expect(names.filter((name) => !entries.get(name)!.equals(built(name)))).toEqual([]);
    expect(names).toContain('manifest.json');
    expect(names.filter((name) => name.startsWith('/') || name.split('/').includes('..'))).toEqual([]);
  });

  it('is the store build: the manifest inside is the one built, granting no host at install', () => {
    const manifest = JSON.parse(entries.get('manifest.json')!.toString('utf8')) as Record<string, unknown>;
    expect(manifest).toEqual(readManifest(variant));
    expect(manifest.host_permissions).toBeUndefined();
  });

  it('includes the English messages the manifest and every page read', () => {
    // The official pwpush extension's build script zips the manifest without _locales/, though it uses __MSG_…__:
    // such an archive does not load at all (Chrome needs default_locale's messages).
    const messages = entries.get('_locales/en/messages.json')?.toString('utf8') ?? '{}';
    const shipped = JSON.parse(messages) as Record<string, unknown>;
    const manifestText = entries.get('manifest.json')!.toString('utf8');
    const used = [...manifestText.matchAll(/__MSG_(\w+?)__/g)].map((match) => match[1]!);
    expect(used).toContain('extName');
    expect(used.filter((key) => !(key in shipped))).toEqual([]);
  });

  it('has every file the manifest, the pages and the chunks load', () => {
    const manifest = readManifest(variant);
    const wanted = referencedFiles(manifest);
    for (const name of names.filter((entry) => /\.(html|js)$/.test(entry))) {
      wanted.push(...loadedFiles(name, entries.get(name)!.toString('utf8')));
    }
    expect(wanted.length).toBeGreaterThan(10);
    expect([...new Set(wanted)].filter((file) => !entries.has(file))).toEqual([]);
  });
});

const firefoxVariants = storeVariants.filter((variant) => variants[variant].browser === 'firefox');

describe('the sources archive is one for the three packages: the same source builds each', () => {
  it.each(firefoxVariants)('%s', (variant) => {
    const sources = readZip(archivePath(variant, 'sources'));
    const reference = readZip(archivePath('firefox', 'sources'));
    expect([...sources.keys()].sort()).toEqual([...reference.keys()].sort());
    expect([...sources].filter(([name, bytes]) => !reference.get(name)!.equals(bytes)).map(([name]) => name)).toEqual([]);
  });
});

describe('Firefox sources archive for review on addons.mozilla.org', () => {
  const entries = readZip(archivePath('firefox', 'sources'));
  const names = [...entries.keys()];

  it('holds what `npm ci && npm run build:firefox` needs', () => {
    for (const needed of [
      'package.json',
      'package-lock.json',
      'wxt.config.ts',
      'tsconfig.json',
      'README.md',
      'BUILDING.md',
      'docs/privacy.md',
    ]) {
      expect(names).toContain(needed);
    }
    // WXT leaves out the page of an entrypoint excluded from Firefox (the offscreen document): not built there.
    const excludedFromFirefox = (file: string) =>
      file.endsWith('.html') && /name="manifest\.exclude"[^>]*firefox/.test(readFileSync(path.join(root, file), 'utf8'));
    for (const dir of ['entrypoints', 'components', 'lib', 'public']) {
      const onDisk = filesUnder(path.join(root, dir)).map((file) => `${dir}/${file}`);
      const missing = onDisk.filter((file) => !entries.has(file) && !excludedFromFirefox(file));
      expect(missing, `${dir}/ incomplete`).toEqual([]);
    }
  });

  it('leaves out dependencies, builds, tests and their artifacts, and hidden files', () => {
    const outside = /^(node_modules|test|docs|scripts|\.output|\.wxt|\.results|\.git|\.ci)\//;
    const testOrHidden = /(^|\/)\.|\.(test|spec|e2e)\.[cm]?[jt]sx?$|\.log$/;
    // docs/privacy.md is built into the extension as privacy.txt (wxt.config.ts): the rest of docs/ is not needed.
    const needed = (name: string) => name === 'docs/privacy.md';
    expect(names.filter((name) => !needed(name) && (outside.test(name) || testOrHidden.test(name)))).toEqual([]);
  });

  it('is self-contained: every import of the project code resolves inside the archive', () => {
    const resolves = (from: string, specifier: string): boolean => {
      const base = specifier.startsWith('@/')
        ? specifier.slice(2)
        : path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
      return ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].some((suffix) => entries.has(base + suffix));
    };
    const unresolved: string[] = [];
    for (const name of names.filter((entry) => /\.(tsx?|html)$/.test(entry))) {
      const text = entries.get(name)!.toString('utf8');
      const specifiers = [
        ...[...text.matchAll(/(?:from|import)\s*\(?\s*'((?:@\/|\.{1,2}\/)[^']+)'/g)].map((match) => match[1]!),
        ...[...text.matchAll(/src="(\.{1,2}\/[^"]+)"/g)].map((match) => match[1]!),
      ];
      unresolved.push(...specifiers.filter((spec) => !resolves(name, spec)).map((spec) => `${name}: ${spec}`));
    }
    expect(unresolved).toEqual([]);
  });
});
