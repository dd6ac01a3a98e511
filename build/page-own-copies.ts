import { readFileSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import type { Plugin } from 'vite';

const root = resolve(import.meta.dirname, '..');

/** The pages that open with their own copies, each with the tag its copies carry. */
const PAGES = [
  { start: resolve(root, 'entrypoints/popup/main.ts'), tag: 'popup-open' },
  { start: resolve(root, 'entrypoints/sidepanel/main.tsx'), tag: 'sidepanel-open' },
  { start: resolve(root, 'entrypoints/pushes/main.tsx'), tag: 'pushes-open' },
  { start: resolve(root, 'entrypoints/options/main.tsx'), tag: 'options-open' },
] as const;

/**
 * A copy's id: the source's path with its page's tag before its extension (`.popup-open.ts`), so
 * that the TypeScript transform, which goes by the extension, still applies.
 */
const COPY = new RegExp(`\\.(?:${PAGES.map((page) => page.tag).join('|')})(\\.tsx?)$`);
const tagOf = (id: string) => PAGES.find((page) => page.start === id)?.tag ?? id.match(COPY)?.[0].split('.')[1];
const copyOf = (id: string, tag: string) => id.replace(/(\.tsx?)$/, `.${tag}$1`);
const sourceOf = (id: string) => id.replace(COPY, '$1');
const isProjectSource = (id: string) => id.startsWith(root + sep) && !id.includes(`${sep}node_modules${sep}`) && /\.tsx?$/.test(id);
const projectPath = (id: string) => relative(root, sourceOf(id)).split(sep).join('/');

/** Modules whose top-level state a page and what it loads on demand must share: never copied. */
const SHARED_STATE = new Set(['lib/browser/namespace.ts', 'lib/share/relay/port.ts', 'lib/pwpush/listed-passphrases.ts']);

/**
 * Modules with top-level state that may exist twice in a page, once in its own copy and once in
 * what it loads on demand, each with the reason that is harmless. The build fails on any other such module.
 */
const HARMLESS_TWICE: Record<string, string> = {
  'lib/pwpush/locales.ts': 'its Set of language codes is built once from a constant list and never changed',
  'lib/browser/side-panel.ts':
    "the popup's header opens the side panel with the form's copy and its views never call it; the other copy is the " +
    "first run's (components/welcome/AirportNote.tsx, on the settings page), which keeps its own window id",
  'lib/share/capabilities.ts':
    'it only joins /version requests in flight: the form asks as the popup opens, the views on a later click, ' +
    'when the answer is in storage; at worst one /version more, never a second push',
  'lib/short-text.ts': 'its Sets of control characters are constants, never changed',
  'lib/date-time.ts': 'a cache of formatters: a second copy makes its own when it first formats',
  'lib/airport/zone.ts': 'a cache of formatters, one per time zone: a second copy makes its own when it first formats',
  'lib/db.ts':
    'a second connection to the same database, as every other page of the extension has: IndexedDB orders the two ' +
    "connections' transactions, and each closes itself when an update asks to upgrade (`blocking`)",
};

/** A top-level `let`, or a top-level object built with `new` (a cache, a port, a channel). */
const MODULE_STATE = /^(?:export )?(?:let |(?:const|var) \w+\s*(?::[^=]+)?=\s*new )/m;
const keepsState = (id: string) => MODULE_STATE.test(readFileSync(sourceOf(id), 'utf8'));

/**
 * The first script of each page (the popup, the side panel, the Pushes and settings pages) gets its
 * own copies of the project modules it opens with, instead of sharing chunks with the other pages.
 * Every extension page runs in one renderer, and V8 hands a page that loads a script another page
 * compiled that page's compiled functions too: the popup would hold the bytecode of every shared
 * function the other pages ran (docs/performance.md, rule 14). And each shared chunk is one more
 * file to fetch before the page can run: the side panel opened with ten, the settings page with 23
 * (rules 30 and 31). What a page loads on demand stays shared.
 */
export function pageOwnCopies(): Plugin {
  return {
    name: 'pushgate:page-own-copies',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const tag = importer && tagOf(importer);
      if (!importer || !tag) return null;
      const resolved = await this.resolve(source, sourceOf(importer), { ...options, skipSelf: true });
      // Rolldown says how a module is imported: what is loaded on demand stays shared.
      const { kind } = options as { kind?: string };
      if (!resolved || resolved.external || kind === 'dynamic-import' || !isProjectSource(resolved.id)) return resolved;
      return SHARED_STATE.has(projectPath(resolved.id)) ? resolved : copyOf(resolved.id, tag);
    },
    load(id) {
      return COPY.test(id) ? readFileSync(sourceOf(id), 'utf8') : null;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const twice = new Set<string>();
      for (const page of PAGES) {
        // A page's first chunk stands for its HTML (`facadeModuleId` is the index.html), with its script inside.
        const start = chunks.find((chunk) => chunk.isEntry && chunk.moduleIds.includes(page.start));
        if (!start) continue;
        // Everything the page can load: its chunks, and what they load on demand, and so on.
        const reached = new Set([start]);
        for (const chunk of reached) {
          for (const name of [...chunk.imports, ...chunk.dynamicImports]) {
            const next = byName.get(name);
            if (next) reached.add(next);
          }
        }
        const modules = new Set([...reached].flatMap((chunk) => chunk.moduleIds));
        for (const id of modules) {
          if (!COPY.test(id) || tagOf(id) !== page.tag || !modules.has(sourceOf(id)) || !keepsState(id)) continue;
          if (!(projectPath(id) in HARMLESS_TWICE)) twice.add(projectPath(id));
        }
      }
      if (twice.size > 0) {
        this.error(
          `A page would hold two instances of ${[...twice].join(', ')}: its own copy and the one it loads on demand. ` +
            'Add each to SHARED_STATE, or to HARMLESS_TWICE with the reason (build/page-own-copies.ts).',
        );
      }
    },
  };
}
