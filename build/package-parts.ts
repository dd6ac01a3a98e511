import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import type { PackageSpec } from './packages.mjs';

const root = resolve(import.meta.dirname, '..');

/** An element marked for one purpose, up to its closing tag: `<button data-purpose="airport" …>…</button>`. */
const MARKED = /<([a-z][a-z0-9]*)\b[^<>]*\sdata-purpose="(share|airport)"[^<>]*>([\s\S]*?)<\/\1>\s*/g;

/**
 * Leaves out of a page's HTML the elements that belong to a purpose the package does not carry (the
 * popup's "Airport wait times" button in the Share package), before their texts are filled in: their
 * words are not in the package, and their script is not either (the same purpose's constant,
 * build/packages.ts). The mark stays on the elements a package keeps.
 *
 * @throws when a marked element holds another of its own kind, which this reading cannot pair.
 */
export function withoutOtherParts(html: string, spec: PackageSpec): string {
  return html.replace(MARKED, (element, tag: string, purpose: 'share' | 'airport', inner: string) => {
    if (new RegExp(`<${tag}\\b`).test(inner)) throw new Error(`a data-purpose <${tag}> holds another <${tag}>`);
    return spec[purpose] ? element : '';
  });
}

/** {@link withoutOtherParts} for the pages given (paths from the project's root). */
export function packageParts(spec: PackageSpec, pages: string[]): Plugin {
  const paths = new Set(pages.map((page) => resolve(root, page)));
  return {
    name: 'pushgate:package-parts',
    transformIndexHtml: {
      order: 'pre',
      handler: (html, { filename }) => (paths.has(resolve(filename)) ? withoutOtherParts(html, spec) : html),
    },
  };
}

/**
 * In a single-purpose package, the project's own modules count as imported for what they export, never
 * for what importing them does: a module whose exports the package does not use leaves it whole, with
 * the stylesheet it imports (the airport section's in the Share package, the lockdown's in the Airport
 * package). Stylesheets, entrypoints and dependencies keep their side effects. The combined package is
 * built as before: nothing in it is unused, and its chunks stay those the bench measured.
 */
export function ownModulesPure(spec: PackageSpec): Plugin {
  const own = (id: string) => id.startsWith(`${root}/`) && !id.includes('/node_modules/') && !id.startsWith(`${root}/entrypoints/`);
  return {
    name: 'pushgate:own-modules-pure',
    transform: (code, id) =>
      spec.share && spec.airport ? null : own(id) && /\.tsx?$/.test(id) ? { code, map: null, moduleSideEffects: false } : null,
  };
}
