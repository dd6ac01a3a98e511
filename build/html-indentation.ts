import { resolve } from 'node:path';
import type { Plugin } from 'vite';

const root = resolve(import.meta.dirname, '..');

/** Elements whose whitespace is their content. */
const KEPT = /<(pre|textarea)\b[\s\S]*?<\/\1>/g;

/**
 * Drops the indentation at the start of every line of a page's HTML. The line break stays, so
 * whitespace between elements still renders as the one space it did (HTML collapses a run of
 * spaces and line breaks to one), except in `<pre>` and `<textarea>`, which are kept whole. The
 * popup's HTML is loaded at every opening: its indentation was 1.3 kB of its 35 kB budget
 * (docs/performance.md, rule 21).
 *
 * @throws when a `<pre>` or `<textarea>` is not closed (its content cannot be told from markup).
 */
export function withoutIndentation(html: string): string {
  let out = '';
  let from = 0;
  for (const element of html.matchAll(KEPT)) {
    out += dropIndentation(html.slice(from, element.index)) + element[0];
    from = element.index + element[0].length;
  }
  return out + dropIndentation(html.slice(from));
}

function dropIndentation(markup: string): string {
  if (/<(pre|textarea)\b/i.test(markup)) throw new Error('a <pre> or <textarea> without its end tag');
  return markup.replace(/\n[ \t]+/g, '\n');
}

/** {@link withoutIndentation} for the pages given (paths from the project's root), after every other change to them. */
export function indentationDropped(pages: string[]): Plugin {
  const paths = new Set(pages.map((page) => resolve(root, page)));
  return {
    name: 'pushgate:html-indentation',
    transformIndexHtml: {
      order: 'post',
      handler(html, { filename }) {
        return paths.has(resolve(filename)) ? withoutIndentation(html) : html;
      },
    },
  };
}
