import type { HttpError } from '@/lib/http';
import type { PushKind } from '@/lib/pwpush/types';
import type { PushDefaults } from '@/lib/settings';
import { isWebUrl, type ShareRequest } from '@/lib/share';
import { t } from '@/lib/i18n';

/** What the push form holds. Lives in component state only: never stored (no drafts). */
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
}

/** What the popup found on the page when it opened. */
export interface PagePrefill {
  /** The selected text, exactly as selected. */
  selection: string | null;
  /** Where it was selected, for "Selected text from <host>". */
  host: string;
  /** The page's http(s) URL for "Use page URL", else null. */
  pageUrl: string | null;
}

export type FieldName = 'secret' | 'kind' | 'days' | 'views' | 'passphrase' | 'name' | 'note' | 'files';
export type FieldErrors = Partial<Record<FieldName, string>>;

/** The fields inside the "Options" disclosure: an error there must open it. */
export const OPTION_FIELDS: FieldName[] = ['days', 'views', 'passphrase', 'name', 'note'];

/** QR pushes hold at most 1024 characters (reference §4.2). */
const QR_MAX = 1024;

/** An empty form that starts from the saved defaults. */
export function initialValues(defaults: PushDefaults, secret = ''): FormValues {
  return {
    kind: 'text',
    secret,
    days: String(defaults.expireAfterDays),
    views: String(defaults.expireAfterViews),
    deletable: defaults.deletableByViewer,
    retrievalStep: defaults.retrievalStep,
    passphrase: '',
    name: '',
    note: '',
    files: [],
  };
}

/** Problems the person can fix before anything is sent; empty when the form can be pushed. */
export function validate(values: FormValues): FieldErrors {
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
  } else if (values.kind === 'qr' && values.secret.length > QR_MAX) {
    errors.secret = t('popupErrorQrTooLong', QR_MAX);
  }
  if (parseCount(values.days) === undefined) errors.days = t('popupErrorWholeNumber');
  if (parseCount(values.views) === undefined) errors.views = t('popupErrorWholeNumber');
  return errors;
}

/** The request for `sharePush`; call only after `validate` found nothing. */
export function toShareRequest(values: FormValues): ShareRequest {
  return {
    kind: values.kind,
    payload: values.secret,
    expireAfterDays: parseCount(values.days),
    expireAfterViews: parseCount(values.views),
    deletableByViewer: values.deletable,
    retrievalStep: values.retrievalStep,
    passphrase: values.passphrase || undefined,
    name: values.name || undefined,
    note: values.note || undefined,
    // Any `files` key makes the server demand a token (reference §4.2): only for file pushes.
    files: values.kind === 'file' ? values.files : undefined,
  };
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
};

/** A 422's field messages placed next to the fields they are about (server text, shown as text). */
export function serverFieldErrors(error: HttpError | { kind: string }): FieldErrors {
  const fields = 'fields' in error ? error.fields : undefined;
  const errors: FieldErrors = {};
  for (const [key, messages] of Object.entries(fields ?? {})) {
    const field = SERVER_FIELDS[key];
    if (field && messages.length > 0) errors[field] = messages.join(' ');
  }
  return errors;
}

function parseCount(text: string): number | undefined {
  if (!/^\s*\d+\s*$/.test(text)) return undefined;
  const value = Number(text);
  return value >= 1 ? value : undefined;
}
