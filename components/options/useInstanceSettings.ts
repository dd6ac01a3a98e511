import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { clearHistory } from '@/lib/history/entries';
import { normalizeInstanceUrl } from '@/lib/settings/instance-url';
import { fail, ok, type Result } from '@/lib/result';
import {
  capabilitiesCache,
  clearClipboardAfterSeconds,
  clearCopiedLinks,
  getClearClipboardAfterSeconds,
  getClearCopiedLinks,
  getHistorySettings,
  getPushDefaults,
  historySettings,
  getToken,
  instanceUrl,
  pushDefaults,
  rememberToken,
  setToken,
} from '@/lib/settings';
import { feedbackFor, QUIET, type Feedback } from './check-feedback';
import { checkInstance, type InstanceCheck } from './check-instance';
import {
  CHECKED_FIELDS,
  draftFrom,
  keepTokenWithItsOrigin,
  readDraft,
  typedOrigin,
  type CheckedField,
  type FieldErrors,
  type InstanceDraft,
  type InstanceSettingsInput,
} from './instance-form';

/** A successful check: what the report shows. */
export type CheckedInstance = Extract<InstanceCheck, { ok: true }>;

/** Element ids of the fields that can be invalid, in page order, for moving the focus to the first one. */
export const INSTANCE_FIELD_IDS: Record<CheckedField, string> = {
  url: 'instance-url',
  expireAfterDays: 'expire-after-days',
  expireAfterViews: 'expire-after-views',
  forgetExpiredAfterDays: 'forget-expired-days',
};

export interface InstanceSettingsState {
  /** null until the stored settings are loaded. */
  draft: InstanceDraft | null;
  update: (change: Partial<InstanceDraft>) => void;
  /** The URL field was left: a token entered for another origin is dropped from the form. */
  urlDone: () => void;
  /** Why the token field was just emptied, while it is; `''` otherwise. */
  tokenNote: string;
  errors: FieldErrors;
  /** What the page says about the instance (its part of the page's live regions). */
  feedback: Feedback;
  /** The last check of the instance the URL field names; null once the URL is edited to another one. */
  report: CheckedInstance | null;
  /** Checks the form and marks the wrong fields: the settings to save, or the element id of the first wrong field. */
  validate: () => Result<InstanceSettingsInput, string>;
  /** Writes the settings (throws when storage fails) and shows the stored form; check with `recheck`. */
  commit: (input: InstanceSettingsInput) => Promise<void>;
  /** The origin currently stored, '' for none. */
  savedOrigin: () => string;
  /** Asks the instance what it offers and whether it takes the token; the newest call wins. After Save it says "Saved" first. */
  recheck: (origin: string, token: string, afterSave: boolean) => void;
  /** Drops the feedback, and any check still running. */
  quiet: () => void;
}

/**
 * The Password Pusher settings: load, edit, validate, store, check. Saving both sections with
 * one Save (permission, order, what stays saved) is the page's job: see `useOptionsPage`.
 */
export function useInstanceSettings(): InstanceSettingsState {
  const [draft, setDraft] = useState<InstanceDraft | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [feedback, setFeedback] = useState<Feedback>(QUIET);
  const [report, setReport] = useState<CheckedInstance | null>(null);
  const [tokenNote, setTokenNote] = useState('');
  /** The origin currently stored: its permission is given back when another one replaces it. */
  const storedOrigin = useRef('');
  /** The newest action owns the feedback: an older check that answers late is dropped. */
  const generation = useRef(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads the stored settings once, when the page opens; `recheck` is a new function each render and works through refs and state setters
  useEffect(() => {
    void loadStored().then(({ stored, cached }) => {
      storedOrigin.current = stored.origin;
      setDraft(draftFrom(stored));
      setReport(cached);
      // A fresh look on every visit: the token may have been revoked or the instance upgraded.
      if (stored.origin) recheck(stored.origin, stored.token, false);
    });
  }, []);

  function update(change: Partial<InstanceDraft>): void {
    // A token typed now belongs to the address in the field now.
    if (change.token !== undefined) setTokenNote('');
    setDraft((current) => {
      if (!current) return current;
      const next = { ...current, ...change };
      return change.token === undefined ? next : { ...next, tokenOrigin: typedOrigin(next.url) };
    });
  }

  /** Drops a token entered for another origin; returns the draft as it is now. */
  function bindToken(current: InstanceDraft): InstanceDraft {
    const { draft: next, dropped } = keepTokenWithItsOrigin(current);
    if (dropped) setTokenNote(t('optionsTokenClearedForOrigin', current.tokenOrigin));
    if (next !== current) setDraft(next);
    return next;
  }

  function recheck(origin: string, token: string, afterSave: boolean): void {
    const current = ++generation.current;
    if (afterSave) setFeedback({ ...QUIET, status: [t('optionsSavedChecking')] });
    void checkInstance(origin, token).then((result) => {
      if (current !== generation.current) return;
      // After a failure the last good report stays, with its time, next to the alert.
      if (result.ok) setReport(result);
      setFeedback(feedbackFor(result, afterSave));
    });
  }

  function validate(): Result<InstanceSettingsInput, string> {
    // The page shows the form only once both sections are loaded, so a draft is there.
    const reading = readDraft(bindToken(draft!));
    setErrors(reading.ok ? {} : reading.errors);
    if (reading.ok) return ok(reading.value);
    return fail(INSTANCE_FIELD_IDS[CHECKED_FIELDS.find((field) => reading.errors[field]) ?? 'url']);
  }

  function quiet(): void {
    generation.current++;
    setFeedback(QUIET);
  }

  async function commit(input: InstanceSettingsInput): Promise<void> {
    await store(input);
    storedOrigin.current = input.origin;
    // The form now shows what is stored: the bare origin, the token without stray whitespace.
    setDraft((current) => current && { ...current, url: input.origin, token: input.token, tokenOrigin: input.origin });
    setReport(null);
  }

  return {
    draft,
    update,
    urlDone: () => {
      if (draft) bindToken(draft);
    },
    tokenNote,
    errors,
    feedback,
    // The report is about one instance: once the URL names another, it would describe the wrong one.
    report: report && draft && describes(report, draft.url) ? report : null,
    validate,
    commit,
    savedOrigin: () => storedOrigin.current,
    recheck,
    quiet,
  };
}

function describes(report: CheckedInstance, typedUrl: string): boolean {
  const typed = normalizeInstanceUrl(typedUrl);
  return typed.ok && typed.origin === report.origin;
}

async function store(input: InstanceSettingsInput): Promise<void> {
  const { origin, token, remember, defaults, history } = input;
  await instanceUrl.setValue(origin);
  await setToken(token, remember, origin);
  await pushDefaults.setValue(defaults);
  await historySettings.setValue(history);
  await clearClipboardAfterSeconds.setValue(input.clearClipboardAfterSeconds);
  await clearCopiedLinks.setValue(input.clearCopiedLinks);
  // "Keep a history" off means none: what was kept so far goes too (the hint says so).
  if (!history.keep) {
    const cleared = await clearHistory();
    if (!cleared.ok) throw new Error(cleared.error.reason);
  }
}

/** The stored settings, and the last known answer of the stored instance if there is one. */
async function loadStored() {
  const [origin, token, remember, defaults, history, clearAfter, clearLinks, cache] = await Promise.all([
    instanceUrl.getValue(),
    getToken(),
    rememberToken.getValue(),
    getPushDefaults(),
    getHistorySettings(),
    getClearClipboardAfterSeconds(),
    getClearCopiedLinks(),
    capabilitiesCache.getValue(),
  ]);
  const entry = origin ? cache[origin] : undefined;
  const cached: CheckedInstance | null = entry
    ? { ok: true, origin, info: entry.info, token: { kind: token ? 'unchecked' : 'none' }, checkedAt: entry.checkedAt }
    : null;
  return {
    stored: { origin, token, remember, defaults, history, clearClipboardAfterSeconds: clearAfter, clearCopiedLinks: clearLinks },
    cached,
  };
}
