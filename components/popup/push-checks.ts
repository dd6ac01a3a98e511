import type { HttpError } from '@/lib/http';
import type { ShareRequest } from '@/lib/share/share-request';
import type { PushLimits } from '@/lib/settings/in-force';
import { shortText } from '@/lib/short-text';
import { DAYS_RANGE, VIEWS_RANGE } from '@/lib/pwpush/limits';
import { checkEmailList, type EmailListProblem } from '@/lib/pwpush/notify-emails';
import { isWebUrl } from '@/lib/url';
import { t } from '@/lib/i18n';
import type { PushKind } from '@/lib/pwpush/types';

/** What the push form holds. In the controls only: never stored (no drafts). */
export interface FormValues {
  kind: PushKind;
  secret: string;
  /** Kept as typed, so a half-typed number can be corrected; checked on push. */
  days: string;
  views: string;
  deletable: boolean;
  retrievalStep: boolean;
  passphrase: string;
  name: string;
  note: string;
  files: File[];
  /** A code of lib/pwpush/locales.ts, `''` for the instance's default. */
  recipientLocale: string;
  /** `''` when the instance cannot e-mail (the field is not offered). */
  emailTo: string;
  /** `''`: the recipient's language. */
  emailLocale: string;
}

export type FieldName = 'secret' | 'kind' | 'days' | 'views' | 'passphrase' | 'name' | 'note' | 'files' | 'emailTo' | 'emailLocale';
export type FieldErrors = Partial<Record<FieldName, string>>;

/** The fields inside the "Options" disclosure: an error there must open it. */
export const OPTION_FIELDS: FieldName[] = ['days', 'views', 'passphrase', 'name', 'note', 'emailTo', 'emailLocale'];

/**
 * QR pushes hold at most 1024 characters (docs/password-pusher.md#create), counted as Ruby's
 * `String#length` does: code points, so an emoji counts once, not as the two UTF-16 units of
 * JavaScript's `length`.
 */
const QR_MAX = 1024;

/**
 * Problems the person can fix before anything is sent; empty when the form can be pushed. `limits`:
 * the organisation's ceilings (lib/settings/managed.ts), said as theirs.
 */
export function validate(values: FormValues, limits?: PushLimits | null): FieldErrors {
  const errors: FieldErrors = {};
  // Only the check looks past whitespace: the server refuses a blank payload, but the payload
  // itself is sent exactly as typed.
  const blank = values.secret.trim() === '';
  if (values.kind === 'file') {
    if (values.files.length === 0) errors.files = t('popupErrorNoFiles');
  } else if (blank) {
    errors.secret = t('popupErrorEmptySecret');
  } else if (values.kind === 'url' && !isWebUrl(values.secret)) {
    errors.secret = t('popupErrorNotWebUrl');
  } else if (values.kind === 'qr' && Array.from(values.secret).length > QR_MAX) {
    errors.secret = t('popupErrorQrTooLong', QR_MAX);
  }
  const days = parseCount(values.days, DAYS_RANGE);
  const views = parseCount(values.views, VIEWS_RANGE);
  if (days === undefined) errors.days = t('popupErrorWholeNumber', DAYS_RANGE.min, DAYS_RANGE.max);
  else if (limits && days > limits.daysMax) errors.days = t('popupCeiling', limits.daysMax);
  if (views === undefined) errors.views = t('popupErrorWholeNumber', VIEWS_RANGE.min, VIEWS_RANGE.max);
  else if (limits && views > limits.viewsMax) errors.views = t('popupCeiling', limits.viewsMax);
  const emails = values.emailTo.trim() === '' ? null : checkEmailList(values.emailTo);
  if (emails && !emails.ok) errors.emailTo = emailProblemText(emails);
  return errors;
}

/** Why the instance would refuse the addresses, said before anything is sent. */
function emailProblemText(problem: EmailListProblem): string {
  switch (problem.problem) {
    case 'commas':
      return t('popupErrorEmailCommas');
    case 'duplicate':
      return t('popupErrorEmailDuplicate', problem.address);
    case 'too-many':
      return t('popupErrorEmailTooMany', problem.max);
    case 'invalid':
      return t('popupErrorEmailInvalid', problem.address);
  }
}

/** The request for `sharePush`; call only after `validate` found nothing. */
export function toShareRequest(values: FormValues): ShareRequest {
  return {
    kind: values.kind,
    // A secret is sent exactly as typed; a URL without the spaces around it, which Password Pusher
    // refuses although a browser reads past them (docs/password-pusher.md#create).
    payload: values.kind === 'url' ? values.secret.trim() : values.secret,
    expireAfterDays: parseCount(values.days, DAYS_RANGE),
    expireAfterViews: parseCount(values.views, VIEWS_RANGE),
    deletableByViewer: values.deletable,
    retrievalStep: values.retrievalStep,
    passphrase: values.passphrase || undefined,
    name: values.name || undefined,
    note: values.note || undefined,
    // Any `files` key makes the server demand a token (docs/password-pusher.md#create): only for
    // file pushes.
    files: values.kind === 'file' ? values.files : undefined,
    recipientLocale: values.recipientLocale,
    ...emailFields(values),
  };
}

/** The addresses as the instance takes them, in the e-mail's language (the recipient's unless chosen). */
function emailFields(values: FormValues): Pick<ShareRequest, 'emailTo' | 'emailLocale'> {
  const emails = values.emailTo.trim() === '' ? null : checkEmailList(values.emailTo);
  if (!emails?.ok) return {};
  const locale = values.emailLocale || values.recipientLocale;
  return locale ? { emailTo: emails.value, emailLocale: locale } : { emailTo: emails.value };
}

const SERVER_FIELDS: Record<string, FieldName> = {
  payload: 'secret',
  kind: 'kind',
  expire_after_days: 'days',
  expireAfterDays: 'days',
  expire_after_views: 'views',
  expireAfterViews: 'views',
  passphrase: 'passphrase',
  name: 'name',
  note: 'note',
  files: 'files',
  notify_emails_to: 'emailTo',
  notify_emails_to_locale: 'emailLocale',
  // 2.9.0 and 2.9.1 name them so (docs/password-pusher.md#notify-emails).
  notify_by_email_recipients: 'emailTo',
  notify_by_email_locale: 'emailLocale',
};

/** A 422's field messages placed next to the fields they are about (server text, shown as text). */
export function serverFieldErrors(error: HttpError | { kind: string }): FieldErrors {
  const fields = 'fields' in error ? error.fields : undefined;
  const errors: FieldErrors = {};
  for (const [key, messages] of Object.entries(fields ?? {})) {
    const field = SERVER_FIELDS[key];
    if (field && messages.length > 0) errors[field] = shortText(messages.join(' '));
  }
  return errors;
}

/** A whole number within the range, or undefined: nothing out of range reaches the server. */
function parseCount(text: string, range: { min: number; max: number }): number | undefined {
  if (!/^\s*\d+\s*$/.test(text)) return undefined;
  const value = Number(text);
  return value >= range.min && value <= range.max ? value : undefined;
}
