import { readFileSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import type { InlineConfig, Plugin } from 'vite';

// How the pages' code is cut into files, chosen for the opening of the popup and the side panel
// (bench/results.md).

const root = resolve(import.meta.dirname, '..');
/** First scripts that get their own copies, by the name their copies carry. */
const firstScripts = new Map([
  [resolve(root, 'entrypoints/popup/main.ts'), 'popup'],
  [resolve(root, 'entrypoints/sidepanel/main.tsx'), 'sidepanel'],
]);

/**
 * The pages' shared code in chunks chosen for the popup's opening: the settings by subject
 * (lib/settings/), each a chunk of its own (left to itself Rolldown merges them into one chunk
 * every page loads, and the popup would open with the side panel's settings too); what the other
 * pages open with in one chunk; Vite's preload helper and WXT's page start-up (every page, the
 * popup included, runs them) in a small one of their own. The worker is one file and is not split.
 */
export function chunkForThePopup(config: InlineConfig): void {
  const output = (config.build ??= {}).rolldownOptions?.output;
  config.build.rolldownOptions = {
    ...config.build.rolldownOptions,
    output: {
      ...(Array.isArray(output) ? {} : output),
      codeSplitting: {
        // Only the settings modules themselves: what they import stays where Rolldown puts it.
        includeDependenciesRecursively: false,
        groups: [
          { name: 'page-start', test: /vite\/preload-helper|wxt-(html-)?plugins/ },
          // What the other pages open with, in one file (each file is a round trip to the browser
          // process before the page is live).
          {
            name: 'core',
            test: /lib[\\/](result|i18n|browser[\\/]namespace|settings[\\/]storage-item|share[\\/]capabilities|settings[\\/]pwpush)\.ts$/,
          },
          { name: 'settings-airport', test: /lib[\\/]settings[\\/]airport/ },
          { name: 'settings-privacy', test: /lib[\\/]settings[\\/]privacy/ },
        ],
      },
    },
  };
}

/** A copy's id: the source's path with `.<page>-open` before its extension, so that the
 * TypeScript and JSX transforms, which go by the extension, still apply. */
const COPY = /\.(\w+)-open(\.tsx?)$/;
const copyOf = (id: string, page: string) => id.replace(/(\.tsx?)$/, `.${page}-open$1`);
const sourceOf = (id: string) => id.replace(COPY, '$2');
const isProjectSource = (id: string) =>
  id.startsWith(root + sep) && !id.includes(`${sep}node_modules${sep}`) && /\.tsx?$/.test(id);

/**
 * The first scripts of the popup and the side panel get their own copies of the project modules
 * they open with (settings, i18n, storage, the saved board's drawing…) instead of sharing their
 * chunks with the other pages. Two reasons, both measured (bench/results.md):
 * - Heap: every extension page runs in one renderer, and V8 hands a page that loads a script
 *   another page compiled that page's compiled functions too. The popup kept the bytecode of every
 *   function the options page, the pushes page and the side panel had run in the shared chunk:
 *   80 kB over the blank page after the bench's other rounds, 65 kB with copies.
 * - Files: each is a round trip to the browser process before the page's first line runs; the side
 *   panel drew its saved board after six, now after two (5–9 ms sooner, paired rounds).
 * What a page loads on demand (`import()`) is shared as before, and the copies hold no state the
 * on-demand code relies on being the same object (the side panel's first read, shared with its
 * components, is loaded on demand for that reason).
 */
export function firstScriptsOwnCopies(): Plugin {
  return {
    name: 'pushgate:first-scripts-own-copies',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const page = importer && (firstScripts.get(importer) ?? COPY.exec(importer)?.[1]);
      if (!importer || !page) return null;
      const resolved = await this.resolve(source, sourceOf(importer), { ...options, skipSelf: true });
      // Rolldown says how a module is imported: what is loaded on demand stays shared.
      const { kind } = options as { kind?: string };
      if (!resolved || resolved.external || kind === 'dynamic-import' || !isProjectSource(resolved.id)) return resolved;
      return copyOf(resolved.id, page);
    },
    load(id) {
      return COPY.test(id) ? readFileSync(sourceOf(id), 'utf8') : null;
    },
  };
}
