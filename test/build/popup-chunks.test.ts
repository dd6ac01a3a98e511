import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extensionDir, type Variant } from './builds';

// build/popup-chunks.ts: the popup opens with files no other page opens with (but Vite's preload
// helper), so that it does not keep the code other pages compiled in a shared chunk (its heap,
// bench/results.md).

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

const shared = (dir: string) => {
  const popup = scriptsAtOpen(dir, 'popup.html');
  const others = new Set(PAGES.slice(1).flatMap((page) => scriptsAtOpen(dir, page)));
  return popup.filter((file) => others.has(file));
};

describe.each<Variant>(['store', 'firefox'])('the %s build', (variant) => {
  const dir = extensionDir(variant);

  it('opens the popup with two scripts: its own and the small page start-up every page runs', () => {
    const files = scriptsAtOpen(dir, 'popup.html');
    expect(files).toHaveLength(2);
    expect(files.filter((file) => /^chunks\/page-start-[\w-]+\.js$/.test(file))).toHaveLength(1);
  });

  it('shares no other script with the other pages at their opening', () => {
    const files = shared(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^chunks\/page-start-[\w-]+\.js$/);
  });

  it('keeps the project code out of that shared start-up file', () => {
    const [start] = shared(dir);
    const code = readFileSync(path.join(dir, start!), 'utf8');
    expect(code).not.toMatch(/getMessage|storage|defineItem/);
    expect(code.length).toBeLessThan(2500);
  });
});

describe('scriptsAtOpen, the reading the tests above rely on', () => {
  it('finds what the other pages open with, the shared core among it', () => {
    const sidepanel = scriptsAtOpen(extensionDir('store'), 'sidepanel.html');
    expect(sidepanel.some((file) => /^chunks\/core-/.test(file))).toBe(true);
    expect(sidepanel.some((file) => /^chunks\/page-start-/.test(file))).toBe(true);
  });

  it('reads static imports only, not what is loaded on demand', () => {
    const code = 'import{t as e}from"./a-1.js";import"./b-2.js";import*as c from"./c-3.js";e(()=>import("./d-4.js"))';
    expect([...code.matchAll(STATIC_IMPORT)].map((m) => m[1])).toEqual(['./a-1.js', './b-2.js', './c-3.js']);
  });
});
