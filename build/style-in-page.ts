import type { Plugin } from 'vite';

/**
 * Moves a page's stylesheet into its HTML: `<link rel="stylesheet" href="/assets/x.css">` becomes
 * `<style>` with the same rules. A page's module script does not run before every stylesheet
 * ahead of it has arrived (HTML's "style sheet that is blocking scripts"), and the side panel's
 * stylesheet can be the last file its first script waits for: one file fewer to wait for
 * (docs/performance.md, rule 13). The rules are parsed with the HTML while the script is on its
 * way. Extension pages may have inline styles: Manifest V3's policy restricts scripts only, in
 * Chrome and in Firefox.
 *
 * A stylesheet no chunk names any more (the page's own) is left out of the build.
 */
export function styleInPage(pages: string[]): Plugin {
  return {
    name: 'pushgate:style-in-page',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const inlined = new Set<string>();
      for (const page of pages) {
        const html = bundle[page];
        if (html?.type !== 'asset') continue;
        html.source = String(html.source).replace(/<link rel="stylesheet"[^>]*\shref="\/([^"]+\.css)"[^>]*>/g, (_link, file: string) => {
          const css = bundle[file];
          if (css?.type !== 'asset') throw new Error(`${page}: no stylesheet ${file} in the build`);
          const rules = String(css.source);
          if (/<\/style/i.test(rules)) throw new Error(`${file}: "</style" would end the page's <style> early`);
          inlined.add(file);
          return `<style>${rules}</style>`;
        });
      }
      const stillNamed = (file: string) =>
        Object.values(bundle).some((output) => (output.type === 'chunk' ? output.code : String(output.source)).includes(file));
      for (const file of inlined) if (!stillNamed(file)) delete bundle[file];
    },
  };
}
