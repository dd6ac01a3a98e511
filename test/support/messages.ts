import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

type Messages = Record<string, { message: string; placeholders?: Record<string, { content: string }> }>;

export function loadMessages(locale = 'en'): Messages {
  return JSON.parse(readFileSync(resolve(__dirname, `../../public/_locales/${locale}/messages.json`), 'utf8'));
}

/** `browser.i18n.getMessage` as Chrome implements it: named placeholders, then `$1`..`$9`. */
export function makeGetMessage(messages: Messages) {
  return (key: string, substitutions?: string | string[]): string => {
    const entry = messages[key];
    if (!entry) return '';
    const subs = substitutions === undefined ? [] : Array.isArray(substitutions) ? substitutions : [substitutions];
    const fill = (text: string) => text.replace(/\$(\d)/g, (_, n) => subs[Number(n) - 1] ?? '');
    return entry.message
      .replace(/\$([A-Za-z0-9_@]+)\$/g, (whole, name: string) => {
        const placeholder = entry.placeholders?.[name.toLowerCase()];
        return placeholder ? fill(placeholder.content) : whole;
      })
      .replace(/\$\$/g, '$');
  };
}
