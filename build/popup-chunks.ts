import { readFileSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import type { InlineConfig, Plugin } from 'vite';

// How the pages' code is cut into files, chosen for the popup's opening (bench/results.md).

const root = resolve(import.meta.dirname, '..');
const popupScript = resolve(root, 'entrypoints/popup/main.ts');

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
            test: /lib[\\/](result|i18n|browser-namespace|storage-item|capabilities|settings[\\/]pwpush)\.ts$/,
          },
          { name: 'settings-airport', test: /lib[\\/]settings[\\/]airport/ },
          { name: 'settings-privacy', test: /lib[\\/]settings[\\/]privacy/ },
        ],
      },
    },
  };
}

/** A copy's id: the source's path with `.popup-open` before its extension, so that the
 * TypeScript and JSX transforms, which go by the extension, still apply. */
const COPY = /\.popup-open(\.tsx?)$/;
const copyOf = (id: string) => id.replace(/(\.tsx?)$/, '.popup-open$1');
const sourceOf = (id: string) => id.replace(COPY, '$1');
const isProjectSource = (id: string) =>
  id.startsWith(root + sep) && !id.includes(`${sep}node_modules${sep}`) && /\.tsx?$/.test(id);

/**
 * The popup's first script gets its own copies of the project modules it opens with (settings,
 * i18n, storage…) instead of sharing their chunk with the other pages. Every extension page runs in
 * one renderer, and V8 hands a page that loads a script another page compiled that page's compiled
 * functions too: the popup then kept the bytecode of every function the options page, the pushes
 * page and the side panel had run in the shared chunk, ~15 kB of its heap after GC (measured
 * after the bench's other rounds: 80 kB over the blank page with the shared chunk, 65 kB with
 * copies). What the popup loads on demand (`import()`) is shared as before; its copies hold no
 * state the on-demand code relies on being the same object.
 */
export function popupOwnCopies(): Plugin {
  return {
    name: 'pushgate:popup-own-copies',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || (importer !== popupScript && !COPY.test(importer))) return null;
      const resolved = await this.resolve(source, sourceOf(importer), { ...options, skipSelf: true });
      // Rolldown says how a module is imported: what is loaded on demand stays shared.
      const { kind } = options as { kind?: string };
      if (!resolved || resolved.external || kind === 'dynamic-import' || !isProjectSource(resolved.id)) return resolved;
      return copyOf(resolved.id);
    },
    load(id) {
      return COPY.test(id) ? readFileSync(sourceOf(id), 'utf8') : null;
    },
  };
}
