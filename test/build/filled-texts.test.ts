import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extensionDir, root, variants, type Variant } from './builds';

const english: Record<string, { message: string }> = JSON.parse(readFileSync(path.join(root, 'public/_locales/en/messages.json'), 'utf8'));
const source = readFileSync(path.join(root, 'entrypoints/popup/index.html'), 'utf8');
const keys = [...source.matchAll(/\sdata-i18n="(\w+)"/g)].map((match) => match[1]!);
const asHtmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

describe("the popup's texts in its HTML (build/filled-texts.ts)", () => {
  it.each(Object.keys(variants) as Variant[])(
    "are the English catalogue's in the %s build, which says so and hides them in any other language until written",
    (variant) => {
      const dir = extensionDir(variant);
      const html = readFileSync(path.join(dir, 'popup.html'), 'utf8');
      expect(html).toContain('<html lang="en" data-i18n-filled="en">');
      // Loaded at every opening: no indentation (build/html-indentation.ts).
      expect(html).not.toMatch(/\n[ \t]+</);
      expect(keys.length).toBeGreaterThan(30);
      const written = new Map([...html.matchAll(/\sdata-i18n="(\w+)"[^>]*>([^<]*)</g)].map((match) => [match[1]!, match[2]!]));
      expect(Object.fromEntries(written)).toEqual(Object.fromEntries(keys.map((key) => [key, asHtmlText(english[key]!.message)])));
      const stylesheet = html.match(/<link rel="stylesheet"[^>]*href="\/([^"]+)"/)![1]!;
      expect(readFileSync(path.join(dir, stylesheet), 'utf8')).toMatch(
        /html:not\(\[lang="?__MSG_pageLanguage__"?\]\) \[data-i18n\]\{visibility:hidden\}/,
      );
    },
  );
});
