import { readFileSync } from 'node:fs';
import path, { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageOwnCopies } from '../../build/page-own-copies';
import { extensionDir, type Variant } from './builds';

const root = resolve(import.meta.dirname, '../..');
const source = (path: string) => resolve(root, path);
const PAGES = {
  popup: { html: source('entrypoints/popup/index.html'), start: source('entrypoints/popup/main.ts'), tag: 'popup-open' },
  sidepanel: { html: source('entrypoints/sidepanel/index.html'), start: source('entrypoints/sidepanel/main.tsx'), tag: 'sidepanel-open' },
  pushes: { html: source('entrypoints/pushes/index.html'), start: source('entrypoints/pushes/main.tsx'), tag: 'pushes-open' },
};
type Page = keyof typeof PAGES;
const copy = (page: Page, path: string) => source(path).replace(/(\.tsx?)$/, `.${PAGES[page].tag}$1`);

interface Modules {
  /** In the page's first chunk. */
  own: string[];
  /** In a chunk the page loads on demand. */
  onDemand: string[];
  /** In another page's chunk only. */
  elsewhere?: string[];
}

/**
 * Runs the plugin's bundle check over one page's chunks and another page's, shaped as Rolldown hands
 * them over: a page's first chunk stands for its HTML and holds its script. Returns its error, if any.
 */
function check(page: Page, { own, onDemand, elsewhere = [] }: Modules): string | undefined {
  const plugin = pageOwnCopies() as unknown as {
    generateBundle: (this: { error: (message: string) => never }, options: unknown, bundle: object) => void;
  };
  const chunk = (fileName: string, moduleIds: string[], more: object = {}) => ({
    type: 'chunk',
    fileName,
    moduleIds,
    imports: [],
    dynamicImports: [],
    facadeModuleId: null,
    isEntry: false,
    ...more,
  });
  const bundle = {
    'start.js': chunk('start.js', [PAGES[page].start, ...own], {
      facadeModuleId: PAGES[page].html,
      isEntry: true,
      dynamicImports: ['later.js'],
    }),
    'later.js': chunk('later.js', onDemand),
    'other.js': chunk('other.js', [source('entrypoints/offscreen/main.ts'), ...elsewhere], {
      facadeModuleId: source('entrypoints/offscreen/index.html'),
      isEntry: true,
    }),
  };
  try {
    plugin.generateBundle.call(
      {
        error: (message) => {
          throw new Error(message);
        },
      },
      {},
      bundle,
    );
  } catch (error) {
    return (error as Error).message;
  }
}

describe('a page’s own copies', () => {
  it.each<[string, Page, Modules, string | undefined]>([
    [
      'a stateless module in the form and in the views',
      'popup',
      { own: [copy('popup', 'lib/i18n.ts')], onDemand: [source('lib/i18n.ts')] },
      undefined,
    ],
    [
      'a module with state only in the form',
      'popup',
      { own: [copy('popup', 'lib/history/changes.ts')], onDemand: [source('lib/share/menus.ts')] },
      undefined,
    ],
    [
      'a module with state in both, listed as harmless',
      'popup',
      { own: [copy('popup', 'lib/share/capabilities.ts')], onDemand: [source('lib/share/capabilities.ts')] },
      undefined,
    ],
    [
      'the database in both, listed as harmless',
      'popup',
      { own: [copy('popup', 'lib/db.ts')], onDemand: [source('lib/db.ts')] },
      undefined,
    ],
    [
      'the history channel in both',
      'popup',
      { own: [copy('popup', 'lib/history/changes.ts')], onDemand: [source('lib/history/changes.ts')] },
      'lib/history/changes.ts',
    ],
    [
      'the history channel in the popup and on another page only',
      'popup',
      { own: [copy('popup', 'lib/history/changes.ts')], onDemand: [], elsewhere: [source('lib/history/changes.ts')] },
      undefined,
    ],
    [
      'the history channel in the side panel and in what it loads on demand',
      'sidepanel',
      { own: [copy('sidepanel', 'lib/history/changes.ts')], onDemand: [source('lib/history/changes.ts')] },
      'lib/history/changes.ts',
    ],
    [
      'the history channel in the Pushes page and in what it loads on demand',
      'pushes',
      { own: [copy('pushes', 'lib/history/changes.ts')], onDemand: [source('lib/history/changes.ts')] },
      'lib/history/changes.ts',
    ],
    [
      'a stateless module in the Pushes page and in what it loads on demand',
      'pushes',
      { own: [copy('pushes', 'lib/i18n.ts')], onDemand: [source('lib/i18n.ts')] },
      undefined,
    ],
  ])('%s', (_name, page, modules, named) => {
    const error = check(page, modules);
    if (named === undefined) expect(error).toBeUndefined();
    else expect(error).toContain(named);
  });
});

/** The chunks a page's HTML loads as it opens, without their hashes. */
function openingScripts(variant: Variant, page: string): string[] {
  const html = readFileSync(path.join(extensionDir(variant), page), 'utf8');
  return [...html.matchAll(/(?:src|href)="\/chunks\/([^"]+)"/g)].map((m) => m[1]!.replace(/-[\w-]{8}\.js$/, '')).sort();
}

describe('the built pages', () => {
  it.each(['store', 'firefox', 'share', 'share-firefox'] as const)(
    '%s: the popup opens with its own chunk and the browser namespace’s only',
    (variant) => {
      expect(openingScripts(variant, 'popup.html')).toEqual(['namespace', 'popup']);
    },
  );

  // `hooks` is Preact's chunk, `build` idb's; the combined package's other pages share both. The side panel
  // opened with ten files before it had its own copies (docs/performance.md, rule 30).
  it.each<[Variant, string[]]>([
    ['store', ['build', 'hooks', 'namespace', 'sidepanel']],
    ['firefox', ['build', 'hooks', 'namespace', 'sidepanel']],
    ['airport', ['build', 'sidepanel']],
    ['airport-firefox', ['build', 'sidepanel']],
  ])('%s: the side panel opens with its own chunk and the libraries’ only', (variant, scripts) => {
    expect(openingScripts(variant, 'sidepanel.html')).toEqual(scripts);
  });
});

// The Pushes and settings pages opened with 20 and 23 files before they had their own copies
// (docs/performance.md, rule 31). Rolldown names a shared chunk after one of the modules that use it:
// `lockdown` holds lib/pwpush/listed-passphrases.ts alone (SHARED_STATE), and `build` or
// `expire-dialog` is idb's chunk.
describe('the built Pushes and settings pages', () => {
  it.each<[Variant, string, string[]]>([
    ['store', 'pushes.html', ['build', 'hooks', 'lockdown', 'namespace', 'pushes']],
    ['store', 'options.html', ['build', 'hooks', 'lockdown', 'namespace', 'options']],
    ['firefox', 'pushes.html', ['build', 'hooks', 'lockdown', 'namespace', 'pushes']],
    ['firefox', 'options.html', ['build', 'hooks', 'lockdown', 'namespace', 'options']],
    ['share', 'pushes.html', ['expire-dialog', 'hooks', 'lockdown', 'namespace', 'pushes']],
    ['share', 'options.html', ['expire-dialog', 'hooks', 'lockdown', 'namespace', 'options']],
    ['airport', 'options.html', ['build', 'options']],
    ['airport-firefox', 'options.html', ['build', 'options']],
  ])('%s: %s opens with its own chunk, the libraries’ and the shared state’s only', (variant, page, scripts) => {
    expect(openingScripts(variant, page)).toEqual(scripts);
  });
});
