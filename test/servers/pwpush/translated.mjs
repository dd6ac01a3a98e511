/**
 * The texts Password Pusher translates with `_()` into the request's locale (docs/password-pusher.md#mfa):
 * from `config/locales/gettext/<lang>/app.po` at v2.11.4. Only the ones a client may need to tell
 * apart; a client must never depend on their words.
 */
const MFA_REQUIRED = {
  en: 'Two-factor authentication is required. Please set it up to continue.',
  de: 'Die Zwei-Faktor-Authentifizierung ist erforderlich. Bitte richten Sie diese ein, um fortzufahren.',
  es: 'Se requiere autenticación de dos factores. Configúrela para continuar.',
  fr: "L'authentification à deux facteurs est requise. Veuillez la configurer pour continuer.",
  sv: 'Tvåfaktorsautentisering krävs. Vänligen konfigurera det för att fortsätta.',
};

/** The first language of an `Accept-Language` header the texts have, else English (the default locale). */
export function requestLanguage(header) {
  for (const part of String(header ?? '').split(',')) {
    const lang = part.split(';')[0]?.trim().toLowerCase().split('-')[0];
    if (lang && lang in MFA_REQUIRED) return lang;
  }
  return 'en';
}

/** `EnforceRequiredMfa`'s 403 text in the request's language. @param {string | string[] | undefined} acceptLanguage */
export function mfaRequiredText(acceptLanguage) {
  return MFA_REQUIRED[requestLanguage(acceptLanguage)];
}
