/**
 * Password Pusher's languages: the locales a secret link's `?locale=` and an e-mail's
 * `notify_emails_to_locale` may name, with the name each language calls itself. From
 * `enabled_language_codes` and `language_codes` in Password Pusher's `config/settings.yml` at
 * v2.11.4 (docs/password-pusher.md#secret-url), where both Portuguese variants read "Português"
 * and Indonesian its English name: here they are told apart and named in their own language.
 * An instance can switch languages off; its pages then ignore the `?locale=` and fall back to the
 * visitor's browser language (docs/password-pusher.md#request-pipeline).
 *
 * Built by each call rather than held by the module: the popup checks the saved language when it
 * opens and lists them only when its options open (docs/performance.md, rule 16).
 */
export function pwpushLocales() {
  return [
    { code: 'ca', name: 'Català' },
    { code: 'cs', name: 'Čeština' },
    { code: 'cy', name: 'Cymraeg' },
    { code: 'da', name: 'Dansk' },
    { code: 'de', name: 'Deutsch' },
    { code: 'en', name: 'English' },
    { code: 'en-GB', name: 'English (UK)' },
    { code: 'es', name: 'Español' },
    { code: 'eu', name: 'Euskara' },
    { code: 'fi', name: 'Suomi' },
    { code: 'fr', name: 'Français' },
    { code: 'ga', name: 'Gaeilge' },
    { code: 'hi', name: 'हिन्दी' },
    { code: 'hu', name: 'Magyar' },
    { code: 'id', name: 'Bahasa Indonesia' },
    { code: 'is', name: 'Íslenska' },
    { code: 'it', name: 'Italiano' },
    { code: 'ja', name: '日本語' },
    { code: 'ko', name: '한국어' },
    { code: 'lv', name: 'Latviski' },
    { code: 'nl', name: 'Nederlands' },
    { code: 'no', name: 'Norsk' },
    { code: 'pl', name: 'Polski' },
    { code: 'pt-BR', name: 'Português (Brasil)' },
    { code: 'pt-PT', name: 'Português (Portugal)' },
    { code: 'ro', name: 'Română' },
    { code: 'ru', name: 'Русский' },
    { code: 'sk', name: 'Slovenský' },
    { code: 'sr', name: 'Српски' },
    { code: 'sv', name: 'Svenska' },
    { code: 'th', name: 'ไทย' },
    { code: 'uk', name: 'Українська' },
    { code: 'ur', name: 'اردو' },
    { code: 'zh-CN', name: '中文' },
  ] as const satisfies readonly { code: string; name: string }[];
}

export type PwpushLocale = ReturnType<typeof pwpushLocales>[number]['code'];

/** The code when it is one of Password Pusher's languages (exact case, as its `?locale=` compares it), else `''`. */
export function pwpushLocale(value: unknown): PwpushLocale | '' {
  if (typeof value !== 'string' || value === '') return '';
  return pwpushLocales().some((locale) => locale.code === value) ? (value as PwpushLocale) : '';
}
