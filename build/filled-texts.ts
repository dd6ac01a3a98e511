import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { TEXTS_FILLED_IN } from '../lib/html-texts';
import { packageCatalogue } from './package-assets';
import { PACKAGES, type PackageSpec } from './packages.mjs';

const root = resolve(import.meta.dirname, '..');

type Catalogue = Record<string, { message: string; placeholders?: unknown }>;

const ELEMENT_WITH_TEXT = /<([a-z][a-z0-9]*)\b([^<>]*?)\sdata-i18n="([A-Za-z0-9_]+)"([^<>]*)>([^<]*)<\/\1>/g;
const ARIA_LABEL = /\sdata-i18n-aria-label="([A-Za-z0-9_]+)"/g;

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');

/**
 * Writes a page's `data-i18n` texts and `data-i18n-aria-label` names in the default language into
 * its HTML, and marks `<html>` with that language. The popup then shows its texts with the first
 * paint, and in that language its script touches none of those elements: each element a script
 * touches gets a JavaScript object on the popup's heap, and the first of each kind (label, legend,
 * option…) builds that kind's prototype (docs/performance.md, rule 17). In any other language the
 * script writes them as before.
 *
 * @throws when a key is not in the catalogue, takes placeholders, or its element is not empty.
 */
export function fillTexts(html: string, catalogue: Catalogue, language: string): string {
  const message = (key: string) => {
    const entry = catalogue[key];
    if (!entry) throw new Error(`data-i18n="${key}": no such message in the ${language} catalogue`);
    if (entry.placeholders || /\$/.test(entry.message))
      throw new Error(`data-i18n="${key}": a message with placeholders is filled in by script`);
    return entry.message;
  };
  let filled = 0;
  const withTexts = html.replace(ELEMENT_WITH_TEXT, (_element, tag: string, before: string, key: string, after: string, text: string) => {
    if (text.trim() !== '') throw new Error(`data-i18n="${key}": its <${tag}> is not empty in the HTML`);
    filled++;
    return `<${tag}${before} data-i18n="${key}"${after}>${escapeText(message(key))}</${tag}>`;
  });
  const expected = html.match(/\sdata-i18n="/g)?.length ?? 0;
  if (filled !== expected) throw new Error(`${expected - filled} data-i18n elements could not be filled (an element inside one?)`);
  const named = withTexts.replace(ARIA_LABEL, (attribute, key: string) => `${attribute} aria-label="${escapeAttribute(message(key))}"`);
  if (!/<html lang="[^"]*">/.test(named)) throw new Error('the page has no <html lang="…"> to mark');
  return named.replace(/<html lang="[^"]*">/, `<html lang="${language}" ${TEXTS_FILLED_IN}="${language}">`);
}

/**
 * {@link fillTexts} for the pages given (paths from the project's root), in English, the default locale,
 * from the catalogue the package ships (its own name as `extName`: build/package-assets.ts).
 */
export function filledTexts(pages: string[], spec: PackageSpec = PACKAGES.pushgate): Plugin {
  const catalogue = () => packageCatalogue(spec, 'en');
  const paths = new Set(pages.map((page) => resolve(root, page)));
  return {
    name: 'pushgate:filled-texts',
    transformIndexHtml: {
      order: 'pre',
      handler(html, { filename }) {
        return paths.has(resolve(filename)) ? fillTexts(html, catalogue(), 'en') : html;
      },
    },
  };
}
