import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extensionDir, packageOf, variants, type Variant } from './builds';

/**
 * The settings page (and the first run it holds) is called by the package's own name in every
 * language: a tab of Pushgate Airport reads "Pushgate Airport settings", not "Pushgate settings"
 * (build/packages.mjs, `ownMessages`).
 */

type Catalogue = Record<string, { message: string }>;

function catalogues(variant: Variant): Array<[string, Catalogue]> {
  const dir = path.join(extensionDir(variant), '_locales');
  return readdirSync(dir)
    .sort()
    .map((lang) => [lang, JSON.parse(readFileSync(path.join(dir, lang, 'messages.json'), 'utf8')) as Catalogue]);
}

const ENGLISH_TITLE = { pushgate: 'Pushgate settings', share: 'Pushgate Share settings', airport: 'Pushgate Airport settings' };

describe.each(Object.keys(variants) as Variant[])('%s build: the settings page’s title', (variant) => {
  const spec = packageOf(variant);

  it('is the package’s own in the page itself, before its script runs', () => {
    const html = readFileSync(path.join(extensionDir(variant), 'options.html'), 'utf8');
    expect(/<title\b[^>]*>([^<]*)<\/title>/.exec(html)?.[1]).toBe(ENGLISH_TITLE[spec.id]);
  });

  it('names the package in all seven languages, and the first run does too where there is one', () => {
    const shipped = catalogues(variant);
    expect(shipped.map(([lang]) => lang)).toEqual(['de', 'en', 'es', 'fr', 'it', 'nl', 'sv']);
    for (const [lang, messages] of shipped) {
      const name = messages.extName!.message;
      expect(messages.optionsHeading?.message, lang).toContain(name);
      if (spec.share) expect(messages.welcomeTitle?.message, lang).toContain(name);
      else expect(messages.welcomeTitle, `${lang}: Pushgate Airport has no first run`).toBeUndefined();
    }
  });

  it('is not the combined package’s in a single-purpose package', () => {
    if (spec.id === 'pushgate') return;
    const combined = new Map(catalogues('store'));
    for (const [lang, messages] of catalogues(variant)) {
      expect(messages.optionsHeading!.message, lang).not.toBe(combined.get(lang)!.optionsHeading!.message);
    }
  });
});
