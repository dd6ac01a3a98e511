import { readFileSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import type { Plugin } from 'vite';

const root = resolve(import.meta.dirname, '..');
const popupStart = resolve(root, 'entrypoints/popup/main.ts');

/** A copy's id: the source's path with `.popup-open` before its extension, so that the TypeScript
 * transform, which goes by the extension, still applies. */
const COPY = /\.popup-open(\.tsx?)$/;
const copyOf = (id: string) => id.replace(/(\.tsx?)$/, '.popup-open$1');
const sourceOf = (id: string) => id.replace(COPY, '$1');
const isProjectSource = (id: string) => id.startsWith(root + sep) && !id.includes(`${sep}node_modules${sep}`) && /\.tsx?$/.test(id);
const projectPath = (id: string) => relative(root, sourceOf(id)).split(sep).join('/');

/** Modules whose top-level state the popup's form and its views must share: never copied. */
const SHARED_STATE = new Set(['lib/browser/namespace.ts', 'lib/share/relay/port.ts']);

/**
 * Modules with top-level state that may exist twice in the popup, once in the form's copy and once
 * in the views, each with the reason that is harmless. The build fails on any other such module.
 */
const HARMLESS_TWICE: Record<string, string> = {
  'lib/pwpush/locales.ts': 'its Set of language codes is built once from a constant list and never changed',
  'lib/browser/side-panel.ts':
    "the popup's header opens the side panel with the form's copy and its views never call it; the other copy is the " +
    "first run's (components/welcome/AirportNote.tsx, on the settings page), which keeps its own window id",
  'lib/share/capabilities.ts':
    'it only joins /version requests in flight: the form asks as the popup opens, the views on a later click, ' +
    'when the answer is in storage; at worst one /version more, never a second push',
};

/** A top-level `let`, or a top-level object built with `new` (a cache, a port, a channel). */
const MODULE_STATE = /^(?:export )?(?:let |(?:const|var) \w+\s*(?::[^=]+)?=\s*new )/m;
const keepsState = (id: string) => MODULE_STATE.test(readFileSync(sourceOf(id), 'utf8'));

/**
 * The popup's first script gets its own copies of the project modules it opens with, instead of
 * sharing chunks with the settings page, the Pushes page and the side panel. Every extension page
 * runs in one renderer, and V8 hands a page that loads a script another page compiled that page's
 * compiled functions too: the popup would hold the bytecode of every shared function the other
 * pages ran (docs/performance.md, rule 14). What the popup loads on demand (its
 * views) stays shared with the other pages.
 */
export function popupOwnCopies(): Plugin {
  return {
    name: 'pushgate:popup-own-copies',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || (importer !== popupStart && !COPY.test(importer))) return null;
      const resolved = await this.resolve(source, sourceOf(importer), { ...options, skipSelf: true });
      // Rolldown says how a module is imported: what is loaded on demand stays shared.
      const { kind } = options as { kind?: string };
      if (!resolved || resolved.external || kind === 'dynamic-import' || !isProjectSource(resolved.id)) return resolved;
      return SHARED_STATE.has(projectPath(resolved.id)) ? resolved : copyOf(resolved.id);
    },
    load(id) {
      return COPY.test(id) ? readFileSync(sourceOf(id), 'utf8') : null;
    },
    generateBundle(_options, bundle) {
      const built = new Set(Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? file.moduleIds : [])));
      const twice = [...built].filter(
        (id) => COPY.test(id) && built.has(sourceOf(id)) && keepsState(id) && !(projectPath(id) in HARMLESS_TWICE),
      );
      if (twice.length > 0) {
        this.error(
          `The popup would hold two instances of ${twice.map(projectPath).join(', ')}: its form's copy and the ` +
            'one its views load. Add each to SHARED_STATE, or to HARMLESS_TWICE with the reason (build/popup-own-copies.ts).',
        );
      }
    },
  };
}
