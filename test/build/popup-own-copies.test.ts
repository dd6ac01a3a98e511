import { readFileSync } from 'node:fs';
import path, { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { popupOwnCopies } from '../../build/popup-own-copies';
import { extensionDir } from './builds';

const root = resolve(import.meta.dirname, '../..');
const source = (path: string) => resolve(root, path);
const copy = (path: string) => source(path).replace(/(\.tsx?)$/, '.popup-open$1');

/** Runs the plugin's bundle check over chunks holding these module ids; returns its error, if any. */
function check(...chunks: string[][]): string | undefined {
  const plugin = popupOwnCopies() as unknown as {
    generateBundle: (this: { error: (message: string) => never }, options: unknown, bundle: object) => void;
  };
  const bundle = Object.fromEntries(chunks.map((moduleIds, i) => [`c${i}.js`, { type: 'chunk', moduleIds }]));
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

describe('the popup’s own copies', () => {
  it.each([
    ['a stateless module in the form and in the views', [[copy('lib/i18n.ts')], [source('lib/i18n.ts')]], undefined],
    ['a module with state only in the form', [[copy('lib/db.ts')], [source('lib/share/menus.ts')]], undefined],
    [
      'a module with state in both, listed as harmless',
      [[copy('lib/share/capabilities.ts')], [source('lib/share/capabilities.ts')]],
      undefined,
    ],
    ['the database in both', [[copy('lib/db.ts')], [source('lib/db.ts')]], 'lib/db.ts'],
    ['the history channel in both', [[copy('lib/history/changes.ts')], [source('lib/history/changes.ts')]], 'lib/history/changes.ts'],
  ])('%s', (_name, chunks, named) => {
    const error = check(...chunks);
    if (named === undefined) expect(error).toBeUndefined();
    else expect(error).toContain(named);
  });
});

describe('the built popup', () => {
  it.each(['store', 'firefox', 'share', 'share-firefox'] as const)(
    '%s: opens with its own chunk and the browser namespace’s only',
    (variant) => {
      const html = readFileSync(path.join(extensionDir(variant), 'popup.html'), 'utf8');
      const scripts = [...html.matchAll(/(?:src|href)="\/chunks\/([^"]+)"/g)].map((m) => m[1]!.replace(/-[\w-]{8}\.js$/, ''));
      expect(scripts.sort()).toEqual(['namespace', 'popup']);
    },
  );
});
