import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import type { ResolvedPublicFile } from 'wxt';
import { PACKAGES, textForPackage, type PackageSpec } from './packages.mjs';

/**
 * What differs between the packages beyond their code (build/packages.mjs): the catalogue each ships,
 * its privacy policy and its icons. wxt.config.ts hands these to WXT as the package's public files
 * (its `build:publicAssets` hook); the packaging tests read the shipped files.
 */

const root = resolve(import.meta.dirname, '..');

export interface Message {
  message: string;
  description?: string;
  placeholders?: Record<string, unknown>;
}
export type Catalogue = Record<string, Message>;

/** The languages of public/_locales. */
export function catalogueLanguages(): string[] {
  return readdirSync(join(root, 'public/_locales')).sort();
}

function readCatalogue(lang: string): Catalogue {
  return JSON.parse(readFileSync(join(root, 'public/_locales', lang, 'messages.json'), 'utf8')) as Catalogue;
}

/**
 * A language's catalogue as a package sees it: its own name and summary as `extName` and
 * `extDescription` (what the manifest, the popup's heading and the stores show), its own titles under
 * the shared keys they replace (`ownMessages`: "Pushgate Airport settings"), and no other package's.
 * Every other message as in public/_locales.
 */
export function packageCatalogue(spec: PackageSpec, lang: string): Catalogue {
  const source = readCatalogue(lang);
  const own: Record<string, string> = { ...spec.ownMessages, extName: spec.nameKey, extDescription: spec.descriptionKey };
  const packages = Object.values(PACKAGES);
  const others = new Set(packages.flatMap((each) => [each.nameKey, each.descriptionKey, ...Object.values(each.ownMessages)]));
  const catalogue: Catalogue = {};
  for (const [key, message] of Object.entries(source)) {
    if (key in own) catalogue[key] = source[own[key]!]!;
    else if (!others.has(key)) catalogue[key] = message;
  }
  return catalogue;
}

/**
 * The messages a build uses: those whose key appears as a word in its code, its pages or its manifest.
 * Every key is written out in full in the code (test/unit/locales.test.ts keeps it so), so a message
 * whose key the bundles do not name is one this package never shows: the Share package ships no
 * airport words, the Airport package none of Password Pusher's.
 */
export function usedMessages(catalogue: Catalogue, words: Set<string>): Catalogue {
  return Object.fromEntries(Object.entries(catalogue).filter(([key]) => words.has(key)));
}

/** Every identifier-like word of the given texts, and every key a `__MSG_key__` names. */
export function wordsOf(texts: string[]): Set<string> {
  const words = new Set<string>();
  for (const text of texts) {
    for (const [word] of text.matchAll(/[A-Za-z_][A-Za-z0-9_]*/g)) words.add(word);
    for (const [, key] of text.matchAll(/__MSG_(\w+?)__/g)) words.add(key!);
  }
  return words;
}

/** The text of every script and page built into `dir`. */
function builtTexts(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(js|html)$/.test(file))
    .map((file) => readFileSync(join(dir, file), 'utf8'));
}

/**
 * The package's own public files, in place of public/'s (WXT's `build:publicAssets`, called once the
 * scripts and pages are built into `builtDir`): its icons, its catalogues with only the messages it
 * uses (and `manifestKeys`, which the manifest written after this names), and its privacy policy as
 * `privacy.txt`, which the settings page links to. With `builtDir` null (the dev server) every message
 * is kept.
 */
export function packagePublicFiles(spec: PackageSpec, files: ResolvedPublicFile[], builtDir: string | null, manifestKeys: string[]): void {
  const words = builtDir ? wordsOf([...builtTexts(builtDir), ...manifestKeys.map((key) => `__MSG_${key}__`)]) : null;
  for (const [index, file] of files.entries()) {
    const locale = /^_locales\/([^/]+)\/messages\.json$/.exec(file.relativeDest)?.[1];
    if (locale) {
      const catalogue = packageCatalogue(spec, locale);
      files[index] = { relativeDest: file.relativeDest, contents: catalogueText(words ? usedMessages(catalogue, words) : catalogue) };
    } else if ('absoluteSrc' in file && /^icons\/\d+\.png$/.test(file.relativeDest)) {
      file.absoluteSrc = join(iconsDir(spec), basename(file.relativeDest));
    } else if (file.relativeDest === 'managed_schema.json' && 'absoluteSrc' in file) {
      files[index] = { relativeDest: file.relativeDest, contents: packageSchema(spec, readFileSync(file.absoluteSrc, 'utf8')) };
    }
  }
  const name = packageCatalogue(spec, 'en').extName!.message;
  const policy = textForPackage(spec, readFileSync(join(root, 'docs/privacy.md'), 'utf8'), name, 'docs/privacy.md');
  files.push({ relativeDest: 'privacy.txt', contents: policy });
}

/**
 * Which package accepts which key of public/managed_schema.json (README.md, "For administrators"): the
 * airport API's address where it shows airports; Password Pusher's settings where it shares; and
 * `airportPanel`, which switches the airport part off beside sharing, only in the package with both (in
 * Pushgate Airport it would switch off the whole extension, which an organisation does by not installing
 * it). Keys keep their names in every package, so one policy serves them all; each reads only its own
 * (lib/settings/policy-check.ts, held to the same keys by test/unit/settings/package-policy.test.ts).
 */
const AIRPORT_POLICY_KEYS = new Set(['airportApiUrl']);
const COMBINED_POLICY_KEYS = new Set(['airportPanel']);

function accepts(spec: PackageSpec, key: string): boolean {
  if (AIRPORT_POLICY_KEYS.has(key)) return spec.airport;
  if (COMBINED_POLICY_KEYS.has(key)) return spec.airport && spec.share;
  return spec.share;
}

/** The package's policy schema: public/managed_schema.json with only the keys the package accepts. */
export function packageSchema(spec: PackageSpec, schemaText: string): string {
  if (spec.share && spec.airport) return schemaText;
  const schema = JSON.parse(schemaText) as { properties: Record<string, unknown> };
  schema.properties = Object.fromEntries(Object.entries(schema.properties).filter(([key]) => accepts(spec, key)));
  return `${JSON.stringify(schema, null, 2)}\n`;
}

/** The catalogue as public/_locales writes it: one message a line. */
export function catalogueText(catalogue: Catalogue): string {
  const lines = Object.entries(catalogue).map(([key, message]) => `  ${JSON.stringify(key)}: ${JSON.stringify(message)}`);
  return `{\n${lines.join(',\n')}\n}\n`;
}

/** The folder a package's icons come from: the combined package's are public/icons. */
export function iconsDir(spec: PackageSpec): string {
  return spec.id === 'pushgate' ? join(root, 'public/icons') : join(root, 'build/icons', spec.id);
}
