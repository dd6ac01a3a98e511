// E-mailing a new push's link: `notify_emails_to` and `notify_emails_to_locale` on create, checked as
// `MultipleEmailsValidator` and `Pwpush::NotifiableByEmail` do at v2.11.4
// (docs/password-pusher.md#notify-emails). A stock instance has no SMTP and refuses them; the
// `emailConfigured` option is an instance with SMTP set.
import { LOCALES } from './json.mjs';
import { behaviourOf } from './versions.mjs';

const MAX_EMAILS = 5;
/** `MultipleEmailsValidator::EMAIL_REGEX` (Ruby's `\w` is ASCII here, as in JavaScript). */
const EMAIL = /^([\w.%+-]+)@([\w-]+\.)+(\w{2,})$/i;

/** @typedef {import('./respond.mjs').Ctx} Ctx */
/** @typedef {import('./respond.mjs').ResolvedOptions} ResolvedOptions */
/** @typedef {{ recipients: string, locale: string | null }} NotifyRequest */

/** Strong parameters keep scalars; Rails' `present?` is a non-blank string. @param {unknown} value */
const present = (value) => value !== undefined && value !== null && value !== false && !/^\s*$/.test(String(value));

/** The two fields as the model gets them; both null before 2.9.0, where they are unpermitted keys. @param {Record<string, unknown>} push @param {ResolvedOptions} options */
export function notifyFields(push, options) {
  if (!behaviourOf(options.version).notifyEmails) return { to: null, locale: null };
  const scalar = (/** @type {string} */ key) =>
    Object.hasOwn(push, key) && present(push[key]) && typeof push[key] !== 'object' ? String(push[key]) : null;
  return { to: scalar('notify_emails_to'), locale: scalar('notify_emails_to_locale') };
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
 * @param {{ to: string | null, locale: string | null }} fields @param {Ctx} ctx @param {ResolvedOptions} options
 * @returns {Record<string, string[]>}
 */
export function notifyErrors({ to, locale }, ctx, options) {
  /** @type {Record<string, string[]>} */
  const errors = {};
  const add = (/** @type {string} */ key, /** @type {string} */ message) => {
    errors[key] = [...(errors[key] ?? []), message];
  };
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
 * The `notify_by_email` record of a `creation_email_send` entry as the audit renders it. Nothing is
 * sent from here, so it stays `pending`, as a real one is until `SendNotifyByEmailJob` has run.
 * @param {{ to: string | null, locale: string | null }} fields @returns {NotifyRequest & { status: string } | null}
 */
export function notifyRecord({ to, locale }) {
  return to ? { recipients: to, locale, status: 'pending' } : null;
}
