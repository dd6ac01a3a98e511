import { useEffect, useRef, useState } from 'preact/hooks';
import type { Explanation } from '@/lib/pwpush/explain';
import type { PushKind } from '@/lib/pwpush/types';
import type { KnownSettings } from '@/lib/share';
import { t } from '@/lib/i18n';
import { FailureNote } from '../FailureNote';
import { describedBy, FieldError } from './FieldError';
import { KindChoice } from './KindChoice';
import { optionFields, preparePush, pushCode } from './on-demand';
import type { PushOutcome, UploadWatchers } from './push-code';
import { PushOptions } from './PushOptions';
import { SecretField } from './SecretField';
import type { UploadState } from './UploadProgress';
import {
  initialValues,
  OPTION_FIELDS,
  type FieldErrors,
  type FormValues,
  type PagePrefill,
  type PushedResult,
} from './push-form-values';

/**
 * Below about 0.1 s an answer feels immediate and the link itself is the feedback: "Pushing…"
 * and the disabled button would only flash. Double submits are stopped at once either way.
 */
const BUSY_DELAY_MS = 100;

/** Ctrl+Enter in the secret field pushes (SecretField.tsx); on a Mac the same with ⌘. */
const SHORTCUT = /Mac/.test(navigator.platform)
  ? { aria: 'Meta+Enter', shown: '⌘+Enter' }
  : { aria: 'Control+Enter', shown: 'Ctrl+Enter' };

interface PushFormProps {
  /** What the popup read when it opened: the push reads no storage before its POST. */
  known: KnownSettings;
  kinds: PushKind[];
  prefill: PagePrefill;
  /** Origin host of the instance, shown so the person sees where the secret goes. */
  instanceHost: string;
  onPushed: (result: PushedResult) => void;
}

/** The push form: secret, kind, options, "Push". One click is one push. */
export function PushForm({ known, kinds, prefill, instanceHost, onPushed }: PushFormProps) {
  const [values, setValues] = useState<FormValues>(() => initialValues(known.defaults, prefill.selection ?? ''));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<Explanation | null>(null);
  const [optionsOpen, setOptionsOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  // A file push on its way: bytes sent, and its "Cancel".
  const [upload, setUpload] = useState<UploadState | null>(null);
  const cancelUpload = useRef<AbortController | null>(null);
  // Set before the first await: a second click or Enter arrives before `busy` re-renders.
  const busyRef = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  // The person typed, pasted or chose something for the secret: a late selection must not replace it.
  const secretEdited = useRef(false);

  // The instance's kinds arrive after the form opens; a kind it does not offer falls back to text.
  const kind = kinds.includes(values.kind) ? values.kind : 'text';
  // The person is about to push: see preparePush.
  const prepare = () => preparePush(known.connection.baseUrl);
  const update = (change: Partial<FormValues>) => {
    if ('secret' in change) secretEdited.current = true;
    prepare();
    setValues((current) => ({ ...current, ...change }));
  };

  useEffect(() => {
    // The page's selection is read after the form is on screen: it fills an untouched field only.
    const selection = prefill.selection;
    if (selection === null || secretEdited.current) return;
    setValues((current) => (current.secret === '' ? { ...current, secret: selection } : current));
  }, [prefill.selection]);

  useEffect(() => {
    // The message sits right above the sticky footer: bring all of it into view, not under "Push".
    if (failure) form.current?.querySelector('.note.error')?.scrollIntoView?.({ block: 'nearest' });
  }, [failure]);

  function showErrors(found: FieldErrors) {
    setErrors(found);
    const inOptions = OPTION_FIELDS.some((field) => found[field]);
    if (inOptions) setOptionsOpen(true);
    // Focus the first field in error once it is shown (the disclosure may just have opened, and
    // its fields may still be loading); else "Push" again, which lost the focus while it was
    // disabled, so a retry is one key away.
    const shown = inOptions ? optionFields.load().catch(() => undefined) : Promise.resolve();
    void shown.then(() =>
      requestAnimationFrame(() => {
        const target = form.current?.querySelector<HTMLElement>('[aria-invalid="true"], button[type="submit"]');
        target?.focus();
      }),
    );
  }

  async function submit(event: Event) {
    event.preventDefault();
    if (busyRef.current) return;
    busyRef.current = true;
    const current = { ...values, kind };
    // Usually loaded already (see preparePush): then the request goes out in this same task.
    const code = pushCode.loaded() ?? (await pushCode.load().catch(() => undefined));
    const found = code ? code.validate(current) : {};
    if (Object.keys(found).length > 0) {
      busyRef.current = false;
      return showErrors(found);
    }
    if (failure || Object.keys(errors).length > 0) {
      setErrors({});
      setFailure(null);
    }
    // The request is on its way; the busy state shows only if the answer takes a while (no
    // render, layout and paint in the few ms the answer usually takes).
    const showBusy = setTimeout(() => setBusy(true), BUSY_DELAY_MS);
    const outcome: PushOutcome = code
      ? await code.pushValues(current, known, current.kind === 'file' ? watchUpload(current.files) : undefined)
      : { kind: 'failed', failure: { message: t('popupPushFailed'), next: 'retry' } };
    clearTimeout(showBusy);
    cancelUpload.current = null;
    setUpload(null);
    if (outcome.kind === 'pushed') return onPushed(outcome.result);
    setFailure(outcome.failure);
    if (outcome.errors) showErrors(outcome.errors);
    busyRef.current = false;
    setBusy(false);
  }

  function watchUpload(files: File[]): UploadWatchers {
    const controller = new AbortController();
    cancelUpload.current = controller;
    setUpload({ total: files.reduce((sum, file) => sum + file.size, 0) });
    return { signal: controller.signal };
  }

  function fillPageUrl(url: string) {
    update({ secret: url, kind: kinds.includes('url') ? 'url' : kind });
  }

  // Set once a push started: the progress of a file push is drawn by the push code.
  const loadedCode = upload ? pushCode.loaded() : undefined;
  return (
    <form ref={form} onSubmit={submit} noValidate aria-busy={busy}>
      <SecretField
        values={{ ...values, kind }}
        errors={errors}
        prefill={prefill}
        update={update}
        onUsePageUrl={fillPageUrl}
        onSubmitShortcut={() => form.current?.requestSubmit()}
      />
      {kinds.length === 0 && <p class="note warn">{t('popupPushesDisabled')}</p>}
      {kinds.length > 1 && <KindChoice kinds={kinds} value={kind} error={errors.kind} onChange={(k) => update({ kind: k })} />}
      {kind === 'file' && (
        <div class="field">
          <label for="files">{t('popupFiles')}</label>
          <input id="files" type="file" multiple {...describedBy('files', errors)}
            onChange={(e) => update({ files: Array.from((e.currentTarget as HTMLInputElement).files ?? []) })} />
          <FieldError field="files" errors={errors} />
        </div>
      )}
      <PushOptions values={{ ...values, kind }} errors={errors} open={optionsOpen} onToggle={setOptionsOpen} update={update} />
      {failure && <FailureNote explanation={failure} />}
      <div class="row push-row">
        <button type="submit" class="primary" disabled={busy} aria-busy={busy} aria-keyshortcuts={SHORTCUT.aria}
          onPointerEnter={prepare} onFocus={prepare}>
          {t('popupPush')}
        </button>
        {busy ? (
          // Where the eyes are after the click; the live region below says the same to screen readers.
          <span class="pushing" aria-hidden="true">
            <span class="spinner" />
            {t('popupPushing')}
          </span>
        ) : (
          <>
            <span class="hint">{t('popupPushShortcut', SHORTCUT.shown)}</span>
            <span class="hint">{t('popupPushesTo', instanceHost)}</span>
          </>
        )}
      </div>
      {upload && loadedCode && <loadedCode.UploadProgress state={upload} onCancel={() => cancelUpload.current?.abort()} />}
      <p role="status" class="visually-hidden">{busy ? t('popupPushing') : ''}</p>
    </form>
  );
}

