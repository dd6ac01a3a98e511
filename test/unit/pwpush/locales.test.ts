import { describe, expect, it } from 'vitest';
import { pwpushLocale, pwpushLocales } from '@/lib/pwpush/locales';
import { withRecipientLocale } from '@/lib/pwpush/secret-url';

describe("Password Pusher's languages", () => {
  it('are the 34 enabled_language_codes of 2.11.4, each once, each with a name', () => {
    const codes = pwpushLocales().map((locale) => locale.code);
    expect(codes).toHaveLength(34);
    expect(new Set(codes).size).toBe(34);
    expect(codes).toEqual(expect.arrayContaining(['en', 'sv', 'de', 'es', 'fr', 'it', 'nl', 'cy', 'ga', 'no', 'pt-BR', 'zh-CN']));
    for (const { name } of pwpushLocales()) expect(name.trim()).not.toBe('');
    expect(new Set(pwpushLocales().map((locale) => locale.name)).size).toBe(34);
  });

  it.each([
    ['sv', 'sv'],
    ['pt-BR', 'pt-BR'],
    ['pt-br', ''],
    ['xx', ''],
    ['', ''],
    [undefined, ''],
    [7, ''],
  ])('pwpushLocale(%s) is %s', (value, expected) => {
    expect(pwpushLocale(value)).toBe(expected);
  });
});

describe('withRecipientLocale', () => {
  it.each([
    ['https://pwpush.example/p/abc/r', 'sv', 'https://pwpush.example/p/abc/r?locale=sv'],
    ['https://pwpush.example/p/abc', 'pt-BR', 'https://pwpush.example/p/abc?locale=pt-BR'],
    // The server's own ?locale= (a push_locale) is replaced, never doubled.
    ['https://pwpush.example/p/abc?locale=en', 'de', 'https://pwpush.example/p/abc?locale=de'],
    // None chosen: the link as the instance gave it.
    ['https://pwpush.example/p/abc?locale=en', '', 'https://pwpush.example/p/abc?locale=en'],
    ['https://pwpush.example/p/abc', '', 'https://pwpush.example/p/abc'],
    // Not one of Password Pusher's languages: left out.
    ['https://pwpush.example/p/abc', 'xx', 'https://pwpush.example/p/abc'],
  ])('%s with %s is %s', (link, locale, expected) => {
    expect(withRecipientLocale(link, locale)).toBe(expected);
  });
});
