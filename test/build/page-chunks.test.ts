import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extensionDir, type Variant } from './builds';

// build/page-chunks.ts: the popup and the side panel open with a script of their own and Vite's
// small preload helper, and with nothing another page opens with: fewer files before the first
// paint, and no code other pages compiled in a shared chunk kept on the popup's heap (bench/results.md).

const PAGES = ['popup.html', 'options.html', 'pushes.html', 'sidepanel.html'];

/** `import{a as b}from"./x.js"` and `import"./x.js"`, as the minifier writes them; not `import("./x.js")`. */
const STATIC_IMPORT = /\bimport\s*(?:\{[^}]*\}\s*from\s*|[\w$]+\s*from\s*|\*\s*as\s+[\w$]+\s*from\s*)?"(\.{1,2}\/[^"]+\.js)"/g;

/** Every script a page has before its first line runs: its module script, the modulepreloads, and what they import. */
function scriptsAtOpen(dir: string, page: string): string[] {
  const html = readFileSync(path.join(dir, page), 'utf8');
  const pending = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/([^"]+\.js)"/g)].map((m) => m[1]!);
  const seen = new Set<string>();
  while (pending.length) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(path.join(dir, file), 'utf8');
    for (const [, spec] of code.matchAll(STATIC_IMPORT)) pending.push(path.posix.join(path.posix.dirname(file), spec!));
  }
  return [...seen].sort();
}

/** What `page` opens with that another page opens with too. */
const shared = (dir: string, page: string) => {
  const own = scriptsAtOpen(dir, page);
  const others = new Set(PAGES.filter((other) => other !== page).flatMap((other) => scriptsAtOpen(dir, other)));
  return own.filter((file) => others.has(file));
};

describe.each<Variant>(['store', 'firefox'])('the %s build', (variant) => {
  const dir = extensionDir(variant);

  it.each(['popup.html', 'sidepanel.html'])('opens %s with two scripts: its own and the small page start-up every page runs', (page) => {
    const files = scriptsAtOpen(dir, page);
    expect(files).toHaveLength(2);
    expect(files.filter((file) => /^chunks\/page-start-[\w-]+\.js$/.test(file))).toHaveLength(1);
  });

  it.each(['popup.html', 'sidepanel.html'])('%s shares no other script with the other pages at their opening', (page) => {
    const files = shared(dir, page);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^chunks\/page-start-[\w-]+\.js$/);
  });

  it('opens the side panel with its styles in its HTML: no stylesheet to wait for before the saved board is drawn', () => {
    const html = readFileSync(path.join(dir, 'sidepanel.html'), 'utf8');
    expect(html).not.toMatch(/<link[^>]*rel="stylesheet"/);
    const style = /<style>([^<]*)<\/style>/.exec(html)?.[1] ?? '';
    // The board's own rules and the theme's, as the stylesheet had them.
    expect(style).toMatch(/\.queue-list\b/);
    expect(style).toMatch(/--bg:/);
  });

  it('keeps the project code out of that shared start-up file', () => {
    const [start] = shared(dir, 'popup.html');
    const code = readFileSync(path.join(dir, start!), 'utf8');
    expect(code).not.toMatch(/getMessage|storage|defineItem/);
    expect(code.length).toBeLessThan(2500);
  });
});

describe('scriptsAtOpen, the reading the tests above rely on', () => {
  it('finds what the other pages open with, the shared core among it', () => {
    const options = scriptsAtOpen(extensionDir('store'), 'options.html');
    expect(options.some((file) => /^chunks\/core-/.test(file))).toBe(true);
    expect(options.some((file) => /^chunks\/page-start-/.test(file))).toBe(true);
  });

  it('reads static imports only, not what is loaded on demand', () => {
    const code = 'import{t as e}from"./a-1.js";import"./b-2.js";import*as c from"./c-3.js";e(()=>import("./d-4.js"))';
    expect([...code.matchAll(STATIC_IMPORT)].map((m) => m[1])).toEqual(['./a-1.js', './b-2.js', './c-3.js']);
  });
});
