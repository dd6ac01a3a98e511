import { t } from '@/lib/i18n';
import type { Result } from '@/lib/result';
import { pushInBackground } from '@/lib/share/relay';
import { sharePush, type KnownSettings, type ShareFailure, type SharedPush } from '@/lib/share/share-push';
import { recordPushInBackground } from '@/lib/history/relay';
import {
  OPTION_FIELDS,
  serverFieldErrors,
  toShareRequest,
  validate,
  type FieldErrors,
  type FieldName,
  type FormValues,
} from './push-checks';
import { chosenKind, resetValues, type PushFormControls } from './push-form-controls';
import type { PushedResult } from './views';

/**
 * Below about 0.1 s an answer feels immediate and the link itself is the feedback: "Pushing…"
 * and the disabled button would only flash.
 */
const BUSY_DELAY_MS = 100;

/** How the push's outcome is drawn: by the views (./views.tsx), which load with this module. */
export interface SubmitViews {
  showFailure(slot: HTMLElement, failure: ShareFailure | { message: string; next: 'retry' } | null): void;
  showUploadProgress(slot: HTMLElement, total: number | null, onCancel: () => void): void;
}

export interface Submitter {
  /** One push of what the form holds: checked, sent by its one route, its outcome drawn. Resolves when it ended. */
  submit(known: KnownSettings, deletable: boolean, onPushed: (result: PushedResult) => void): Promise<void>;
  /** Takes down what an earlier try left: field messages and the failure. */
  clear(): void;
}

/**
 * The push from the popup's form, loaded with its views on the first sign of use (./popup-start.ts).
 * Text, URL and QR pushes are made by the background (lib/share/relay.ts); file pushes here, since a
 * `File` does not cross to the background, and their history entry is written by the background.
 */
export function createSubmitter(controls: PushFormControls, views: SubmitViews): Submitter {
  const { form } = controls;
  // A field error or a failure is on screen from an earlier try.
  let shownProblem = false;

  function showErrors(found: FieldErrors) {
    shownProblem = true;
    showFieldErrors(controls, found);
    if (OPTION_FIELDS.some((field) => found[field])) controls.options.open = true;
    // The first field in error, else "Push" again (it lost the focus while disabled): a retry is one key away.
    requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"], button[type="submit"]')?.focus());
  }

  function showBusy(shown: boolean) {
    form.setAttribute('aria-busy', String(shown));
    controls.push.disabled = shown;
    controls.push.setAttribute('aria-busy', String(shown));
    controls.pushing.hidden = !shown;
    for (const hint of [controls.shortcut, controls.pushesTo]) hint.hidden = shown;
    // Where the eyes are after the click is the spinner; this live region says the same to screen readers.
    controls.status.textContent = shown ? t('popupPushing') : '';
  }

  function clear() {
    if (!shownProblem) return;
    showFieldErrors(controls, {});
    views.showFailure(controls.failure, null);
    shownProblem = false;
  }

  async function submit(known: KnownSettings, deletable: boolean, onPushed: (result: PushedResult) => void) {
    const values = readValues(controls, deletable);
    const found = validate(values);
    if (Object.keys(found).length > 0) return showErrors(found);
    // Only what an earlier try left: a first push goes out without touching the page.
    clear();
    const request = toShareRequest(values);
    const busyTimer = setTimeout(() => showBusy(true), BUSY_DELAY_MS);
    let result: Result<SharedPush, ShareFailure>;
    let cancelled = false;
    if (values.kind === 'file') {
      const upload = new AbortController();
      views.showUploadProgress(
        controls.uploadSlot,
        values.files.reduce((sum, file) => sum + file.size, 0),
        () => upload.abort(),
      );
      result = await sharePush(request, { known, record: recordPushInBackground, upload: { signal: upload.signal } });
      cancelled = upload.signal.aborted;
      views.showUploadProgress(controls.uploadSlot, null, () => undefined);
    } else {
      result = await pushInBackground(request, known);
    }
    clearTimeout(busyTimer);
    showBusy(false);
    if (result.ok) {
      onPushed({
        ...result.value,
        passphraseProtected: Boolean(request.passphrase),
        requested: { expireAfterDays: request.expireAfterDays, expireAfterViews: request.expireAfterViews },
      });
      // Nothing secret stays in the page behind the link: emptied right after it is drawn.
      queueMicrotask(() => resetValues(controls, known.defaults));
      return;
    }
    shownProblem = true;
    if (cancelled) {
      views.showFailure(controls.failure, { message: t('popupUploadCancelled'), next: 'retry' });
    } else {
      views.showFailure(controls.failure, result.error);
      const fields = serverFieldErrors(result.error);
      if (Object.keys(fields).length > 0) showErrors(fields);
    }
    // The message sits right above the sticky footer: bring all of it into view, in the next frame,
    // after a field in error took the focus (and scrolled to it).
    requestAnimationFrame(() => showAboveFooter(controls.failure));
  }

  return { submit, clear };
}

/**
 * Scrolls `note` fully into view above the sticky "Push" row, whose height changes with the
 * language and the hints under the button (a fixed scroll-padding would hide the note's last line).
 */
function showAboveFooter(note: HTMLElement): void {
  note.scrollIntoView?.({ block: 'nearest' });
  const footer = note.ownerDocument.querySelector('.push-row');
  if (!footer) return;
  const hidden = note.getBoundingClientRect().bottom - footer.getBoundingClientRect().top;
  if (hidden > 0) window.scrollBy(0, hidden + 8);
}

/**
 * What the form holds now. `deletable` is the person's choice, kept while a URL push shows the box
 * unticked and disabled: the server forces URL pushes undeletable (docs/password-pusher.md#create).
 */
function readValues(controls: PushFormControls, deletable: boolean): FormValues {
  return {
    kind: chosenKind(controls),
    secret: controls.secret.value,
    days: controls.days.value,
    views: controls.views.value,
    deletable,
    retrievalStep: controls.retrievalStep.checked,
    passphrase: controls.passphrase.value,
    name: controls.name.value,
    note: controls.note.value,
    files: Array.from(controls.files.files ?? []),
  };
}

const FIELD_CONTROLS: Record<FieldName, string> = {
  secret: '#secret',
  kind: '.kind-choice',
  days: '#days',
  views: '#views',
  passphrase: '#passphrase',
  name: '#name',
  note: '#note',
  files: '#files',
};

/**
 * Shows each field's message under it, and only those: `aria-invalid` and `aria-describedby` on
 * the control, so its error (after its hint) is read with it. Messages are set as text.
 */
function showFieldErrors(controls: PushFormControls, errors: FieldErrors): void {
  for (const [field, selector] of Object.entries(FIELD_CONTROLS) as [FieldName, string][]) {
    const control = controls.form.querySelector<HTMLElement>(selector)!;
    const errorId = `${field}-error`;
    controls.form.querySelector(`#${errorId}`)?.remove();
    const hints = (control.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id && id !== errorId);
    const message = errors[field];
    if (message) {
      const note = document.createElement('p');
      note.id = errorId;
      note.className = 'field-error';
      note.textContent = message;
      control.closest('[data-field]')!.append(note);
      hints.push(errorId);
      control.setAttribute('aria-invalid', 'true');
    } else {
      control.removeAttribute('aria-invalid');
    }
    if (hints.length > 0) control.setAttribute('aria-describedby', hints.join(' '));
    else control.removeAttribute('aria-describedby');
  }
}
