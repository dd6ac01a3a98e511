import { describe, expect, it } from 'vitest';
import { styleInPage } from '@/build/style-in-page';

type Output = { type: 'asset'; source: string } | { type: 'chunk'; code: string };

const PAGE = 'entrypoints/sidepanel/index.html';
const head = (links: string) =>
  `<!doctype html><html><head><script type="module" crossorigin src="/chunks/sidepanel-1.js"></script>${links}</head><body></body></html>`;
const link = (file: string) => `<link rel="stylesheet" crossorigin href="/${file}">`;

/** Runs the plugin's generateBundle over `bundle` (changed in place), as Vite does. */
function generate(bundle: Record<string, Output>, pages = [PAGE]): Record<string, Output> {
  const plugin = styleInPage(pages);
  (plugin.generateBundle as unknown as (options: unknown, bundle: Record<string, Output>) => void).call({}, {}, bundle);
  return bundle;
}

describe('styleInPage', () => {
  it('puts the page’s stylesheet into its HTML and leaves the file out of the build', () => {
    const bundle = generate({
      [PAGE]: { type: 'asset', source: head(link('assets/sidepanel-a.css')) },
      'assets/sidepanel-a.css': { type: 'asset', source: 'main{color:red}' },
      'chunks/sidepanel-1.js': { type: 'chunk', code: 'console.log(1)' },
    });
    const html = (bundle[PAGE] as { source: string }).source;
    expect(html).toContain('<style>main{color:red}</style>');
    expect(html).not.toContain('<link rel="stylesheet"');
    expect(html).toContain('<script type="module" crossorigin src="/chunks/sidepanel-1.js"></script>');
    expect(bundle['assets/sidepanel-a.css']).toBeUndefined();
  });

  it.each([
    ['a chunk loads it on demand', { type: 'chunk', code: 'm.f=["assets/sidepanel-a.css"]' }],
    ['another page links it', { type: 'asset', source: head(link('assets/sidepanel-a.css')) }],
  ] as const)('keeps the file when %s', (_case, other) => {
    const bundle = generate({
      [PAGE]: { type: 'asset', source: head(link('assets/sidepanel-a.css')) },
      'assets/sidepanel-a.css': { type: 'asset', source: 'main{color:red}' },
      'other.html-or-chunk': other,
    });
    expect((bundle[PAGE] as { source: string }).source).toContain('<style>main{color:red}</style>');
    expect(bundle['assets/sidepanel-a.css']).toBeDefined();
  });

  it('inlines every stylesheet of the page, in order', () => {
    const bundle = generate({
      [PAGE]: { type: 'asset', source: head(link('assets/theme.css') + link('assets/panel.css')) },
      'assets/theme.css': { type: 'asset', source: ':root{--a:1}' },
      'assets/panel.css': { type: 'asset', source: 'main{color:red}' },
    });
    expect((bundle[PAGE] as { source: string }).source).toContain('<style>:root{--a:1}</style><style>main{color:red}</style>');
  });

  it('leaves pages it was not given alone', () => {
    const other = 'entrypoints/options/index.html';
    const bundle = generate({
      [other]: { type: 'asset', source: head(link('assets/options.css')) },
      'assets/options.css': { type: 'asset', source: 'form{}' },
    });
    expect((bundle[other] as { source: string }).source).toContain(link('assets/options.css'));
    expect(bundle['assets/options.css']).toBeDefined();
  });

  it.each([
    ['a stylesheet missing from the build', {}, /no stylesheet assets\/sidepanel-a\.css/],
    [
      'rules that would close the <style> early',
      { 'assets/sidepanel-a.css': { type: 'asset', source: 'a{}</style><script>x()</script>' } },
      /would end/,
    ],
  ] as const)('fails the build on %s', (_case, files, message) => {
    expect(() => generate({ [PAGE]: { type: 'asset', source: head(link('assets/sidepanel-a.css')) }, ...files })).toThrow(message);
  });
});
