import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACKAGES } from '@/build/packages.mjs';
import { loadMessages } from '../support/messages';

// The catalogues are checked here rather than by the type checker: `t()` takes plain strings,
// and Chrome shows a missing message as nothing (our `t` shows the key), never as an error.

const ROOT = resolve(__dirname, '../..');
const LOCALES = readdirSync(join(ROOT, 'public/_locales'));
const catalogues = Object.fromEntries(LOCALES.map((locale) => [locale, loadMessages(locale)]));
const english = catalogues.en!;
const englishKeys = Object.keys(english);

/**
 * Prefixes of keys that code builds at run time (`t(\`prefix${name}\`)`): every catalogue key
 * starting with one counts as used. Empty today: every key is written out in the code (even the
 * audit kinds go through an explicit map in lib/push-lists/rows.ts), which is what keeps the unused
 * check exact. A template-literal key whose prefix is not listed here fails the tests below.
 */
const DYNAMIC_KEY_PREFIXES: string[] = [];

/**
 * Messages that are rightly the same as in English in every language: the product's and the
 * companies' names, units and codes. Anything else identical to English is an untranslated message,
 * unless the language borrows the word (below).
 */
const SAME_EVERYWHERE = [
  'extName',
  'shareExtName',
  'airportExtName',
  'optionsPwpushHeading',
  'optionsEditionCommercial',
  'optionsKindUrl',
  'popupKindUrl',
  'pushesKindUrl',
  'sidepanelFastTrack',
  'sidepanelAirportTitle',
  // A time and its clock's name, two figures and a unit: nothing to translate.
  'airportTimeIn',
  'airportWaitRange',
  'sidepanelFlightTerminal',
  // A host name, the first run's first choice.
  'welcomeChoiceCom',
  // A watch's sentence made of its parts, each translated on its own: placeholders and punctuation only.
  'sidepanelWatchEndedItem',
  'notifyWatchMet',
  'notifyWatchEnded',
];

/** A city's name is often the same in every language (Oslo, Malmö, Düsseldorf): place names may equal English. */
const PLACE_NAMES = /^airportCity[A-Z]{3}$/;
const UNITS = [
  'seconds',
  'minutes',
  'airportWaitMinutes',
  'airportWaitCapped',
  'airportSpanSeconds',
  'airportSpanMinutes',
  'airportSpanHours',
];

/** Words each language uses as English does ("Passphrase", "Pushes", "Note", "Token"). */
const BORROWED: Record<string, string[]> = {
  sv: [
    ...UNITS,
    'optionsKindText',
    'popupKindText',
    'pushesKindText',
    'pushesToken',
    'sidepanelFlightGate',
    'airportWaitUnder',
    'sidepanelWatchRuleUnder',
  ],
  de: [
    ...UNITS,
    'optionsEdition',
    'optionsKindText',
    'popupKindText',
    'pushesKindText',
    'popupPassphrase',
    'receivePassphraseLabel',
    'popupName',
    'attemptsName',
    'pushesColName',
    'optionsOptionalMark',
    'pushesTitle',
    'pushesOpenButton',
    'pushesFilter',
    'pushesToken',
    'pushesAuditColReferrer',
    'lockdownHeading',
    'lockdownMenuItem',
  ],
  es: [...UNITS, 'pushesTitle', 'pushesOpenButton', 'pushesNo', 'pushesToken'],
  fr: [
    'clearClipboard1m',
    'clearClipboard5m',
    'optionsReportHeading',
    'optionsEditionOss',
    'popupSecret',
    'receiveSecretLabel',
    'popupOptions',
    'popupNote',
    'pushesColNote',
    'pushesColActions',
    'sidepanelFlightDate',
    'pushesPagingLabel',
    'pushesPage',
  ],
  it: [
    ...UNITS,
    'sidepanelFlightGate',
    'optionsEditionOss',
    'popupKindFile',
    'pushesKindFile',
    'popupPassphrase',
    'receivePassphraseLabel',
    'pushesNo',
    'pushesToken',
    'pushesAuditColAgent',
    'pushesAuditColReferrer',
  ],
  nl: [
    ...UNITS,
    'sidepanelFlightGate',
    'sidepanelGates',
    'optionsEditionOss',
    'sidepanelRecent',
    'pushesTitle',
    'pushesOpenButton',
    'pushesToken',
    'pushesAuditColReferrer',
    'lockdownHeading',
    'lockdownMenuItem',
  ],
};

/** Quotation marks a language does not use: each catalogue quotes as its readers do. */
const FOREIGN_QUOTES: Record<string, RegExp> = {
  sv: /[“‘«»„]/,
  de: /[”«»]/,
  fr: /[“”„]/,
  es: /[“”„]/,
  it: /[“”„]/,
  nl: /[«»„]/,
};

/**
 * The names and summaries of the three packages (build/packages.ts), shipped as `extName` and
 * `extDescription`, and the titles that name them, shipped under the shared key they replace.
 */
const PACKAGE_KEYS = Object.values(PACKAGES).flatMap((spec) => [spec.nameKey, spec.descriptionKey, ...Object.values(spec.ownMessages)]);

/** Limits the stores and the manifest set: Chrome's description (132), AMO's and Edge's name (45). */
const LIMITS: Record<string, number> = Object.fromEntries(
  Object.values(PACKAGES).flatMap((spec) => [
    [spec.nameKey, 45],
    [spec.descriptionKey, 132],
  ]),
);

/** The areas keys are named after (`popup…`, `options…`): a literal shaped so is meant as a key. */
const KEY_SHAPE =
  /^(?:ext|command|error|menu|share|notify|options|failure|link|popup|airport|sidepanel|receive|pushes|page|lockdown)[A-Z][A-Za-z0-9]*$/;

function filesUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && pattern.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

/** Source without its comments, so a key named in a comment does not count as used. */
function code(file: string): string {
  return readFileSync(join(ROOT, file), 'utf8')
    .replace(/^\s*\/\*[\s\S]*?\*\//gm, '')
    .replace(/(^|\s)\/\/.*$/gm, '$1')
    .replace(/<!--[\s\S]*?-->/g, '');
}

const sourceFiles = ['components', 'lib', 'entrypoints'].flatMap((dir) => filesUnder(dir, /\.tsx?$/));
const manifestFiles = ['wxt.config.ts', ...filesUnder('entrypoints', /\.html$/)];
const sources = sourceFiles.map((file) => ({ file, text: code(file) }));

const matches = (text: string, pattern: RegExp, group = 1) => [...text.matchAll(pattern)].map((m) => m[group]!);
/** `t('key'` calls: the first argument when it is a plain string. */
const keysInTCalls = sources.flatMap(({ file, text }) => matches(text, /\bt\(\s*(['"])([^'"\n]+)\1/g, 2).map((key) => ({ file, key })));
/** Every quoted literal: keys also travel through maps (`{ text: 'popupKindText' }`) and `key ? 'a' : 'b'`. */
const literals = new Set(sources.flatMap(({ text }) => matches(text, /(['"`])([A-Za-z][A-Za-z0-9_]*)\1/g, 2)));
const keyShapedLiterals = sources.flatMap(({ file, text }) =>
  matches(text, /(['"`])([A-Za-z][A-Za-z0-9_]*)\1/g, 2)
    .filter((s) => KEY_SHAPE.test(s))
    .map((key) => ({ file, key })),
);
const manifestKeys = manifestFiles.flatMap((file) => matches(code(file), /__MSG_(\w+?)__/g).map((key) => ({ file, key })));
/** Texts of markup in the pages' HTML, filled by `localizeElements` (lib/i18n.ts): `data-i18n="key"`, `data-i18n-aria-label="key"`. */
const htmlKeys = filesUnder('entrypoints', /\.html$/).flatMap((file) =>
  matches(code(file), /\bdata-i18n(?:-[a-z-]+)?="([^"]*)"/g).map((key) => ({ file, key })),
);
const dynamicPrefixes = sources.flatMap(({ file, text }) => matches(text, /\bt\(\s*`([^`$]*)\$\{/g).map((prefix) => ({ file, prefix })));

/** `$NAME$` references in a message, lower-cased as Chrome matches them; `$$` is a literal dollar. */
function referencedPlaceholders(message: string): string[] {
  return matches(message.replace(/\$\$/g, ''), /\$([A-Za-z0-9_@]+)\$/g)
    .map((name) => name.toLowerCase())
    .sort();
}

describe('the message catalogues', () => {
  it('has English and Swedish', () => {
    expect(LOCALES).toEqual(expect.arrayContaining(['en', 'sv']));
  });

  it.each(LOCALES.filter((locale) => locale !== 'en'))('%s has every English key and no other', (locale) => {
    const keys = Object.keys(catalogues[locale]!);
    expect(
      englishKeys.filter((key) => !keys.includes(key)),
      `missing in ${locale}`,
    ).toEqual([]);
    expect(
      keys.filter((key) => !(key in english)),
      `only in ${locale}, not in English`,
    ).toEqual([]);
  });

  it.each(LOCALES)('%s: key names are valid Chrome message names', (locale) => {
    const bad = Object.keys(catalogues[locale]!).filter((key) => !/^[A-Za-z0-9_]+$/.test(key) || key.startsWith('@@'));
    expect(bad).toEqual([]);
  });

  it.each(LOCALES)('%s: no message is empty', (locale) => {
    const empty = Object.entries(catalogues[locale]!).filter(
      ([, entry]) => typeof entry.message !== 'string' || entry.message.trim() === '',
    );
    expect(empty.map(([key]) => key)).toEqual([]);
  });

  it.each(LOCALES)('%s: every $NAME$ in a message is defined, and every defined placeholder is used', (locale) => {
    const problems = Object.entries(catalogues[locale]!).flatMap(([key, entry]) => {
      const used = referencedPlaceholders(entry.message);
      const defined = Object.keys(entry.placeholders ?? {}).map((name) => name.toLowerCase());
      return [
        ...used.filter((name) => !defined.includes(name)).map((name) => `${key}: $${name.toUpperCase()}$ has no placeholder`),
        ...defined.filter((name) => !used.includes(name)).map((name) => `${key}: placeholder "${name}" is not in the message`),
        ...Object.entries(entry.placeholders ?? {})
          .filter(([, p]) => !/^\$[1-9]$/.test(p.content))
          .map(([name]) => `${key}: placeholder "${name}" is not $1..$9`),
      ];
    });
    expect(problems).toEqual([]);
  });

  it.each(LOCALES.filter((locale) => locale !== 'en'))('%s: placeholders are the same as in English', (locale) => {
    const differing = Object.entries(catalogues[locale]!)
      .filter(([key]) => key in english)
      .filter(([key, entry]) => JSON.stringify(normalized(entry.placeholders)) !== JSON.stringify(normalized(english[key]!.placeholders)))
      .map(([key]) => key);
    expect(differing).toEqual([]);
  });

  it.each(LOCALES)('%s: pageLanguage names the catalogue’s own language', (locale) => {
    expect(catalogues[locale]!.pageLanguage?.message).toBe(locale.replace('_', '-'));
  });

  it('ships English, Swedish, German, Spanish, French, Italian and Dutch', () => {
    expect([...LOCALES].sort()).toEqual(['de', 'en', 'es', 'fr', 'it', 'nl', 'sv']);
  });

  it.each(LOCALES.filter((locale) => locale !== 'en'))(
    '%s is translated: no message is left in English unless it is rightly the same',
    (locale) => {
      const catalogue = catalogues[locale]!;
      const allowed = new Set([...SAME_EVERYWHERE, ...(BORROWED[locale] ?? [])]);
      const untranslated = Object.keys(catalogue).filter(
        (key) => catalogue[key]!.message === english[key]?.message && !allowed.has(key) && !PLACE_NAMES.test(key),
      );
      expect(untranslated).toEqual([]);
    },
  );

  it.each(Object.keys(FOREIGN_QUOTES))('%s quotes with its own quotation marks', (locale) => {
    const foreign = Object.entries(catalogues[locale]!)
      .filter(([, entry]) => FOREIGN_QUOTES[locale]!.test(entry.message))
      .map(([key]) => key);
    expect(foreign).toEqual([]);
  });

  it.each(LOCALES)('%s: the name and description fit the stores’ limits', (locale) => {
    const over = Object.entries(LIMITS).filter(([key, max]) => (catalogues[locale]![key]?.message.length ?? 0) > max);
    expect(over).toEqual([]);
  });
});

function normalized(placeholders: Record<string, { content: string }> | undefined) {
  return Object.entries(placeholders ?? {})
    .map(([name, p]) => [name.toLowerCase(), p.content])
    .sort(([a], [b]) => a!.localeCompare(b!));
}

describe('the keys the code uses', () => {
  it('finds the code to check (the scan itself works)', () => {
    expect(keysInTCalls.length).toBeGreaterThan(100);
    expect(manifestKeys.map(({ key }) => key)).toEqual(expect.arrayContaining(['extName', 'extDescription']));
  });

  it("every t('…') key is in the English catalogue", () => {
    expect(keysInTCalls.filter(({ key }) => !(key in english)).map(({ file, key }) => `${file}: ${key}`)).toEqual([]);
  });

  it('every key-shaped string in the code (maps, conditionals) is in the English catalogue', () => {
    expect(keyShapedLiterals.filter(({ key }) => !(key in english)).map(({ file, key }) => `${file}: ${key}`)).toEqual([]);
  });

  it('every __MSG_…__ in the manifest and the pages’ HTML is in the English catalogue', () => {
    expect(manifestKeys.filter(({ key }) => !(key in english)).map(({ file, key }) => `${file}: ${key}`)).toEqual([]);
  });

  it('every data-i18n key in the pages’ HTML is in the English catalogue', () => {
    expect(htmlKeys.map(({ key }) => key)).toEqual(expect.arrayContaining(['popupSecret', 'popupNavLabel']));
    expect(htmlKeys.filter(({ key }) => !(key in english)).map(({ file, key }) => `${file}: ${key}`)).toEqual([]);
  });

  it('keys built at run time use a prefix listed in DYNAMIC_KEY_PREFIXES', () => {
    const unlisted = dynamicPrefixes.filter(({ prefix }) => !DYNAMIC_KEY_PREFIXES.includes(prefix));
    expect(unlisted.map(({ file, prefix }) => `${file}: t(\`${prefix}\${…}\`)`)).toEqual([]);
  });

  it('every catalogue key is used somewhere (no dead messages to translate)', () => {
    const used = (key: string) =>
      literals.has(key) ||
      manifestKeys.some((m) => m.key === key) ||
      htmlKeys.some((h) => h.key === key) ||
      PACKAGE_KEYS.includes(key) ||
      DYNAMIC_KEY_PREFIXES.some((prefix) => key.startsWith(prefix));
    expect(englishKeys.filter((key) => !used(key))).toEqual([]);
  });
});
