import { t } from '@/lib/i18n';
import { normalizeInstanceUrl, type InstanceUrlProblem } from '@/lib/settings/instance-url';
import { DAYS_RANGE, VIEWS_RANGE } from '@/lib/pwpush/limits';
import { pwpushLocale } from '@/lib/pwpush/locales';
import type { ClearClipboardSeconds, HistorySettings, PushDefaults } from '@/lib/settings';

/**
 * The Password Pusher form as typed. Numbers stay text until Save, so a half-typed value is
 * never rewritten under the person's cursor and an invalid one can be shown as typed.
 */
export interface InstanceDraft {
  url: string;
  token: string;
  /** The origin the token in the field was stored or typed for; `''` when typed before any address. */
  tokenOrigin: string;
  remember: boolean;
  expireAfterDays: string;
  expireAfterViews: string;
  deletableByViewer: boolean;
  retrievalStep: boolean;
  copyLinkAutomatically: boolean;
  /** A code of lib/pwpush/locales.ts, `''` for the instance's default. */
  recipientLocale: string;
  keepHistory: boolean;
  forgetExpiredAfterDays: string;
  clearClipboardAfterSeconds: ClearClipboardSeconds;
  clearCopiedLinks: boolean;
}

/** The fields that can be wrong, in page order (the first one gets the focus). */
export const CHECKED_FIELDS = ['url', 'expireAfterDays', 'expireAfterViews', 'forgetExpiredAfterDays'] as const;
export type CheckedField = (typeof CHECKED_FIELDS)[number];
export type FieldErrors = Partial<Record<CheckedField, string>>;

export interface InstanceSettingsInput {
  /** `''` for no Password Pusher at all: someone who only wants airport wait times. */
  origin: string;
  token: string;
  remember: boolean;
  defaults: PushDefaults;
  history: HistorySettings;
  clearClipboardAfterSeconds: ClearClipboardSeconds;
  clearCopiedLinks: boolean;
}

export type DraftReading = { ok: true; value: InstanceSettingsInput } | { ok: false; errors: FieldErrors };

export { DAYS_RANGE, VIEWS_RANGE };
/** How long an expired push stays in this browser's history: a day to a year. */
export const FORGET_DAYS_RANGE = { min: 1, max: 365 } as const;

/** The form filled from stored settings. */
export function draftFrom(stored: {
  origin: string;
  token: string;
  remember: boolean;
  defaults: PushDefaults;
  history: HistorySettings;
  clearClipboardAfterSeconds: ClearClipboardSeconds;
  clearCopiedLinks: boolean;
}): InstanceDraft {
  const { defaults, history } = stored;
  return {
    url: stored.origin,
    token: stored.token,
    tokenOrigin: stored.token ? stored.origin : '',
    remember: stored.remember,
    expireAfterDays: String(defaults.expireAfterDays),
    expireAfterViews: String(defaults.expireAfterViews),
    deletableByViewer: defaults.deletableByViewer,
    retrievalStep: defaults.retrievalStep,
    copyLinkAutomatically: defaults.copyLinkAutomatically,
    recipientLocale: pwpushLocale(defaults.recipientLocale),
    keepHistory: history.keep,
    forgetExpiredAfterDays: String(history.forgetExpiredAfterDays),
    clearClipboardAfterSeconds: stored.clearClipboardAfterSeconds,
    clearCopiedLinks: stored.clearCopiedLinks,
  };
}

/** The origin the URL field names, `''` while it names none. */
export function typedOrigin(url: string): string {
  const reading = normalizeInstanceUrl(url);
  return reading.ok ? reading.origin : '';
}

/**
 * A token goes only to the origin it was entered for: it lets its holder list the owner's pushes,
 * passphrases included, so a changed Instance URL must not carry it to another server. Called
 * when the URL field is left and on Save: the token field empties when the URL now names another
 * origin. A token typed before any address takes the one typed next.
 */
export function keepTokenWithItsOrigin(draft: InstanceDraft): { draft: InstanceDraft; dropped: boolean } {
  const origin = typedOrigin(draft.url);
  if (draft.tokenOrigin === origin) return { draft, dropped: false };
  if (!draft.token || !draft.tokenOrigin) return { draft: { ...draft, tokenOrigin: origin }, dropped: false };
  return { draft: { ...draft, token: '', tokenOrigin: origin }, dropped: true };
}

/** Checks every field at once, so the person sees all problems after one Save. */
export function readDraft(draft: InstanceDraft): DraftReading {
  const errors: FieldErrors = {};
  // Password Pusher is optional: both fields empty means none (and forgets a stored instance).
  // A token without an address is a mistake, not a choice.
  const none = draft.url.trim() === '' && draft.token.trim() === '';
  const url = none ? { ok: true as const, origin: '' } : normalizeInstanceUrl(draft.url);
  if (!url.ok) errors.url = url.reason === 'bare-word' ? t('optionsUrlBareWord', url.suggestion) : urlProblemText(url.reason);
  const days = wholeNumberIn(draft.expireAfterDays, DAYS_RANGE);
  if (days === null) errors.expireAfterDays = t('optionsNumberRange', DAYS_RANGE.min, DAYS_RANGE.max);
  const views = wholeNumberIn(draft.expireAfterViews, VIEWS_RANGE);
  if (views === null) errors.expireAfterViews = t('optionsNumberRange', VIEWS_RANGE.min, VIEWS_RANGE.max);
  const forgetDays = wholeNumberIn(draft.forgetExpiredAfterDays, FORGET_DAYS_RANGE);
  if (forgetDays === null) errors.forgetExpiredAfterDays = t('optionsNumberRange', FORGET_DAYS_RANGE.min, FORGET_DAYS_RANGE.max);
  if (!url.ok || days === null || views === null || forgetDays === null) return { ok: false, errors };
  return {
    ok: true,
    value: {
      origin: url.origin,
      // A token never contains spaces; a pasted one often brings a line break along.
      token: draft.token.trim(),
      remember: draft.remember,
      defaults: {
        expireAfterDays: days,
        expireAfterViews: views,
        deletableByViewer: draft.deletableByViewer,
        retrievalStep: draft.retrievalStep,
        copyLinkAutomatically: draft.copyLinkAutomatically,
        recipientLocale: pwpushLocale(draft.recipientLocale),
      },
      history: { keep: draft.keepHistory, forgetExpiredAfterDays: forgetDays },
      clearClipboardAfterSeconds: draft.clearClipboardAfterSeconds,
      clearCopiedLinks: draft.clearCopiedLinks,
    },
  };
}

/** What is wrong with a typed instance address, in the settings page's words; undefined when it names an origin. */
export function instanceUrlError(url: string): string | undefined {
  const reading = normalizeInstanceUrl(url);
  if (reading.ok) return undefined;
  return reading.reason === 'bare-word' ? t('optionsUrlBareWord', reading.suggestion) : urlProblemText(reading.reason);
}

function urlProblemText(reason: Exclude<InstanceUrlProblem, 'bare-word'>): string {
  switch (reason) {
    case 'empty':
      return t('optionsUrlEmpty');
    case 'invalid':
      return t('optionsUrlInvalid');
    case 'insecure':
      return t('optionsUrlInsecure');
    case 'not-http':
      return t('optionsUrlNotHttp');
  }
}

/** Digits only: `7.5`, `1e1`, `-3` and an empty field are all refused rather than guessed at. */
export function wholeNumberIn(text: string, range: { min: number; max: number }): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,4}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= range.min && value <= range.max ? value : null;
}
