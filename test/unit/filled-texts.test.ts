import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fillTexts } from '@/build/filled-texts';

const catalogue = {
  title: { message: 'Pushgate' },
  push: { message: 'Push' },
  risky: { message: 'Tom & Jerry <b> "quoted"' },
  nav: { message: 'Pushgate "pages"' },
  withPlaceholder: { message: 'Sends to $HOST$', placeholders: { host: { content: '$1' } } },
  withDollar: { message: 'Costs $1' },
};
const page = (body: string) => `<!doctype html>\n<html lang="en">\n<head></head>\n<body>${body}</body>\n</html>`;

describe('the texts the build writes into a page', () => {
  it.each([
    ['an element', '<h1 data-i18n="title"></h1>', '<h1 data-i18n="title">Pushgate</h1>'],
    [
      'an element with attributes on both sides',
      '<button type="submit" data-i18n="push" id="push"></button>',
      '<button type="submit" data-i18n="push" id="push">Push</button>',
    ],
    ['a text with markup characters, as text', '<p data-i18n="risky"></p>', '<p data-i18n="risky">Tom &amp; Jerry &lt;b&gt; "quoted"</p>'],
    [
      'an element inside another',
      '<button><span aria-hidden="true">✈ </span><span data-i18n="push"></span></button>',
      '<button><span aria-hidden="true">✈ </span><span data-i18n="push">Push</span></button>',
    ],
    [
      'an accessible name',
      '<nav data-i18n-aria-label="nav"></nav>',
      '<nav data-i18n-aria-label="nav" aria-label="Pushgate &quot;pages&quot;"></nav>',
    ],
  ])('fills %s', (_case, body, filled) => {
    expect(fillTexts(page(body), catalogue, 'en')).toBe(page(filled).replace('<html lang="en">', '<html lang="en" data-i18n-filled="en">'));
  });

  it.each([
    ['a key the catalogue does not have', '<p data-i18n="missing"></p>', /no such message/],
    ['a message with placeholders', '<p data-i18n="withPlaceholder"></p>', /placeholders/],
    ['a message with a dollar sign', '<p data-i18n="withDollar"></p>', /placeholders/],
    ['an element that has text already', '<p data-i18n="push">Push</p>', /not empty/],
    ['an element with elements inside', '<p data-i18n="push"><b></b></p>', /could not be filled/],
  ])('refuses %s', (_case, body, error) => {
    expect(() => fillTexts(page(body), catalogue, 'en')).toThrow(error);
  });

  it("fills every text of the popup's HTML from the English catalogue", () => {
    const html = readFileSync(resolve(__dirname, '../../entrypoints/popup/index.html'), 'utf8');
    const english = JSON.parse(readFileSync(resolve(__dirname, '../../public/_locales/en/messages.json'), 'utf8'));
    const filled = fillTexts(html, english, 'en');
    expect(filled).toContain('<h1 data-i18n="extName">Pushgate</h1>');
    expect(filled).not.toMatch(/data-i18n="\w+"[^>]*><\//);
  });
});
