// E-mailing a new push's link, checked as `MultipleEmailsValidator` and `Pwpush::NotifiableByEmail`
// do (docs/password-pusher.md#notify-emails). From 2.9.2: `notify_emails_to` and
// `notify_emails_to_locale` inside `push`, as at v2.11.4. 2.9.0 and 2.9.1: a nested
// `notify_by_email: { recipients, locale }` instead, `notify_emails_to` being an unpermitted key dropped
// without a word (`git show v2.9.0:app/controllers/api/v2/pushes_controller.rb`, `push_params`). A
// stock instance has no SMTP and refuses them; the `emailConfigured` option is an instance with SMTP set.
import { LOCALES } from './json.mjs';
import { behaviourOf } from './versions.mjs';

const MAX_EMAILS = 5;
/** `MultipleEmailsValidator::EMAIL_REGEX` (Ruby's `\w` is ASCII here, as in JavaScript). */
const EMAIL = /^([\w.%+-]+)@([\w-]+\.)+(\w{2,})$/i;

/** @typedef {import('./respond.mjs').Ctx} Ctx */
/** @typedef {import('./respond.mjs').ResolvedOptions} ResolvedOptions */
/** @typedef {{ recipients: string, locale: string | null }} NotifyRequest */
/** @typedef {{ to: string | null, locale: string | null, style: 'notify_emails_to' | 'notify_by_email' }} NotifyFields */

/** Strong parameters keep scalars; Rails' `present?` is a non-blank string. @param {unknown} value */
const present = (value) => value !== undefined && value !== null && value !== false && !/^\s*$/.test(String(value));

/** @param {Record<string, unknown>} record @param {string} key */
const scalar = (record, key) =>
  Object.hasOwn(record, key) && present(record[key]) && typeof record[key] !== 'object' ? String(record[key]) : null;

/**
 * The two fields as the model gets them: none before 2.9.0; 2.9.0–2.9.1 read the nested
 * `notify_by_email` hash; later releases the flat keys. @param {Record<string, unknown>} push @param {ResolvedOptions} options
 * @returns {NotifyFields}
 */
export function notifyFields(push, options) {
  const { notifyEmails, notifyEmailsTo } = behaviourOf(options.version);
  if (!notifyEmails) return { to: null, locale: null, style: 'notify_emails_to' };
  if (notifyEmailsTo)
    return { to: scalar(push, 'notify_emails_to'), locale: scalar(push, 'notify_emails_to_locale'), style: 'notify_emails_to' };
  const nested = push.notify_by_email;
  const hash =
    typeof nested === 'object' && nested !== null && !Array.isArray(nested) ? /** @type {Record<string, unknown>} */ (nested) : {};
  return { to: scalar(hash, 'recipients'), locale: scalar(hash, 'locale'), style: 'notify_by_email' };
}

/** `notify_by_email_available?`: the feature on, logins on, an SMTP address set. @param {ResolvedOptions} options */
export const emailAvailable = (options) => Boolean(options.emailConfigured) && behaviourOf(options.version).notifyEmails;

/** `MultipleEmailsValidator#validate_each`. @param {string} value @returns {string[]} */
function emailListErrors(value) {
  const emails = value.split(',').map((email) => email.trim());
  // Ruby's `split` drops trailing empty fields, so "a," is caught by `end_with?` and "a,,b" by the blank one.
  if (value.endsWith(',') || emails.some((email) => email === '')) return ['has commas used in the wrong way'];
  const errors = [];
  if (new Set(emails.map((email) => email.toLowerCase())).size !== emails.length) errors.push('contains duplicate emails');
  if (emails.length > MAX_EMAILS) errors.push(`contains more than ${MAX_EMAILS} email(s)`);
  if (!emails.every((email) => EMAIL.test(email))) errors.push('contains invalid email(s)');
  return errors;
}

/**
 * The 422 messages of the two fields, in the model's order: the list validator, the locale's
 * inclusion, then availability and the creator (a token).
 * @param {NotifyFields} fields @param {Ctx} ctx @param {ResolvedOptions} options
 * @returns {Record<string, string[]>}
 */
export function notifyErrors({ to, locale, style }, ctx, options) {
  /** @type {Record<string, string[]>} */
  const errors = {};
  const add = (/** @type {string} */ key, /** @type {string} */ message) => {
    errors[key] = [...(errors[key] ?? []), message];
  };
  if (style === 'notify_by_email') {
    notifyByEmailErrors(to, locale, ctx, options, add);
    return errors;
  }
  if (to) for (const message of emailListErrors(to)) add('notify_emails_to', message);
  if (locale && !LOCALES.has(locale)) add('notify_emails_to_locale', 'is not included in the list');
  if (!to && !locale) return errors;
  if (!emailAvailable(options)) {
    if (to) add('notify_emails_to', 'are not available');
    if (locale) add('notify_emails_to_locale', 'is not available');
    add('base', 'Notify by email feature is not enabled');
  } else if (!ctx.user) {
    if (to) add('notify_emails_to', 'are not allowed for unknown users');
    if (locale) add('notify_emails_to_locale', 'is not allowed for unknown users');
  }
  return errors;
}

/**
 * 2.9.0–2.9.1's `Pwpush::NotifiableByEmail`: availability and the creator are checked only when
 * there are recipients, and said on `base`; the list and the locale on the model's own attributes
 * (`git show v2.9.0:app/models/concerns/pwpush/notifiable_by_email.rb`).
 * @param {string | null} to @param {string | null} locale @param {Ctx} ctx @param {ResolvedOptions} options
 * @param {(key: string, message: string) => void} add
 */
function notifyByEmailErrors(to, locale, ctx, options, add) {
  if (to) {
    if (!emailAvailable(options)) add('base', 'Notifying by email is not available');
    else if (!ctx.user) add('base', 'Notifying by email is not allowed for unknown users');
    for (const message of emailListErrors(to)) add('notify_by_email_recipients', message);
  }
  if (locale && !LOCALES.has(locale)) add('notify_by_email_locale', 'is not included in the list');
}

/**
 * The `notify_by_email` record of a `creation_email_send` entry as the audit renders it. Nothing is
 * sent from here, so it stays `pending`, as a real one is until `SendNotifyByEmailJob` has run; a
 * test moves it on with `setEmailOutcome`.
 * @param {NotifyFields} fields @returns {NotifyRequest & { status: string } | null}
 */
export function notifyRecord({ to, locale }) {
  return to ? { recipients: to, locale, status: 'pending' } : null;
}
