import { t } from '@/lib/i18n';
import type { NoAnswer, ShareFailure } from '@/lib/share/share-failure';
import type { EarlierTry, KnownSettings } from '@/lib/share/share-request';
import { showFieldErrors } from './field-errors';
import { openTryAfter, sameRequest, type OpenTry } from './open-try';
import { OPTION_FIELDS, serverFieldErrors, toShareRequest, validate, type FieldErrors, type FormValues } from './push-checks';
import { chosenKind, resetValues, type PushFormControls } from './push-form-controls';
import { sendPush } from './push-send';
import type { FailureContext, PushedResult } from './push-result';

/**
 * Below about 0.1 s an answer feels immediate and the link itself is the feedback: "Pushing…"
 * and the disabled button would only flash.
 */
const BUSY_DELAY_MS = 100;
/** Without a Retry-After, Password Pusher's throttle counts per minute (docs/password-pusher.md#throttling). */
const RATE_LIMIT_DEFAULT_SECONDS = 60;

/** How the push's outcome is drawn: by the views (./views.tsx), which load with this module. */
export interface SubmitViews {
  /** A failure (with what the person can do about it), or nothing when null. */
  showFailure(slot: HTMLElement, failure: ShareFailure | null, context?: FailureContext): void;
  showUploadProgress(slot: HTMLElement, total: number | null, onCancel: () => void): void;
  /** "No answer came: looking for the push on your instance…", while it looks. */
  showLooking(slot: HTMLElement, cause?: NoAnswer): void;
  /** Without a token, before pushing again what may exist: asks once; `onPushAgain` when the person says so. */
  showPushAgainQuestion(slot: HTMLElement, onPushAgain: () => void): void;
}

export interface Submitter {
  /** One push of what the form holds: checked, sent by its one route, its outcome drawn. Resolves when it ended. */
  submit(known: KnownSettings, deletable: boolean, onPushed: (result: PushedResult) => void): Promise<void>;
  /** Takes down what an earlier try left: field messages and the failure. */
  clear(): void;
}

/**
 * The push from the popup's form, loaded with its views on the first sign of use (./popup-start.ts).
 * Every push is made by the background (lib/share/relay/push-in-background.ts), a file push's bytes
 * handed over after it; its history entry is written there.
 */
export function createSubmitter(controls: PushFormControls, views: SubmitViews): Submitter {
  const { form } = controls;
  // A field error or a failure is on screen from an earlier try.
  let shownProblem = false;
  // The last try, when its push may exist: pushing the same again looks for it first (docs/exactly-once.md).
  let openTry: OpenTry | null = null;
  // After a rate limit, Push stays disabled until the instance said it may be tried again.
  let heldUntil = 0;

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
    // The countdown stays with its note while Push is held.
    if (!shownProblem || Date.now() < heldUntil) return;
    showFieldErrors(controls, {});
    views.showFailure(controls.failure, null);
    shownProblem = false;
  }

  /** Push disabled for `seconds` (Ctrl+Enter too, which submits without the button). */
  function holdPush(seconds: number) {
    heldUntil = Date.now() + seconds * 1000;
    controls.push.disabled = true;
    setTimeout(() => {
      heldUntil = 0;
      controls.push.disabled = false;
    }, seconds * 1000);
  }

  async function submit(known: KnownSettings, deletable: boolean, onPushed: (result: PushedResult) => void) {
    if (Date.now() < heldUntil) return;
    const values = readValues(controls, deletable);
    const found = validate(values, known.limits);
    if (Object.keys(found).length > 0) return showErrors(found);
    const request = toShareRequest(values);
    const hasToken = known.connection.token !== '';
    const again = openTry && sameRequest(openTry.request, request) ? openTry : null;
    if (again && !hasToken && !again.confirmed) {
      // Nothing can tell whether the first try made the push: the person decides, once.
      shownProblem = true;
      views.showPushAgainQuestion(controls.failure, () => {
        again.confirmed = true;
        form.requestSubmit();
      });
      return;
    }
    // Only what an earlier try left: a first push goes out without touching the page.
    clear();
    const busyTimer = setTimeout(() => showBusy(true), BUSY_DELAY_MS);
    const attempt: EarlierTry = { attemptId: crypto.randomUUID(), startedAt: Date.now() };
    const earlier = again ? { attemptId: again.attemptId, startedAt: again.startedAt } : undefined;
    const upload = values.kind === 'file' ? new AbortController() : undefined;
    if (upload) {
      const total = values.files.reduce((sum, file) => sum + file.size, 0);
      views.showUploadProgress(controls.uploadSlot, total, () => upload.abort());
    }
    const onLooking = (cause?: NoAnswer) => {
      if (upload) views.showUploadProgress(controls.uploadSlot, null, () => undefined);
      // The push itself has ended: "Pushing…" goes, and Push stays off until the look says what it made.
      clearTimeout(busyTimer);
      showBusy(false);
      controls.push.disabled = true;
      shownProblem = true;
      views.showLooking(controls.failure, cause);
    };
    const { result, after } = await sendPush(request, known, { attempt, earlier, signal: upload?.signal, onLooking });
    if (upload) views.showUploadProgress(controls.uploadSlot, null, () => undefined);
    clearTimeout(busyTimer);
    showBusy(false);
    if (result.ok) {
      openTry = null;
      views.showFailure(controls.failure, null);
      onPushed({
        ...result.value,
        passphrase: request.passphrase || undefined,
        clipboardHoldsPassphrase: Boolean(request.passphrase) && controls.passphrase.dataset.copied === 'true',
        requested: { expireAfterDays: request.expireAfterDays, expireAfterViews: request.expireAfterViews },
        ...(request.emailTo && { emailAsked: true as const }),
        after,
      });
      // Nothing secret stays in the page behind the link: emptied right after it is drawn.
      queueMicrotask(() => resetValues(controls, known.defaults));
      return;
    }
    const failure = result.error;
    openTry = openTryAfter(failure, request, attempt, earlier, openTry);
    shownProblem = true;
    const hold = failure.kind === 'rate-limited' ? (failure.retryAfterSeconds ?? RATE_LIMIT_DEFAULT_SECONDS) : undefined;
    views.showFailure(controls.failure, failure, {
      holdSeconds: hold,
      kind: request.kind,
      hasToken,
      accountName: known.connection.accountName,
    });
    if (hold !== undefined) holdPush(hold);
    const fields = serverFieldErrors(failure);
    if (Object.keys(fields).length > 0) showErrors(fields);
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
    recipientLocale: controls.recipientLocale.value,
    // Hidden when the instance cannot e-mail: nothing typed there earlier is sent.
    emailTo: controls.emailToField.hidden ? '' : controls.emailTo.value,
    emailLocale: controls.emailLocaleField.hidden ? '' : controls.emailLocale.value,
  };
}
