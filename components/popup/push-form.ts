import type { Explanation } from '@/lib/share/explain';
import { t } from '@/lib/i18n';
import { readValues, showFieldErrors } from './field-values';
import { pushCode, preparePush } from './on-demand';
import type { PushOutcome, UploadWatchers } from './push-code';
import { chooseKind, chosenKind, resetValues, showPage, showSecretHint, type PopupState, type PushFormControls } from './push-form-dom';
import { OPTION_FIELDS, type FieldErrors, type PagePrefill, type PushedResult } from './push-form-values';

/**
 * Below about 0.1 s an answer feels immediate and the link itself is the feedback: "Pushing…"
 * and the disabled button would only flash. Double submits are stopped at once either way.
 */
const BUSY_DELAY_MS = 100;

export interface PushForm {
  /** An empty form from the saved defaults, e.g. for "Push another". */
  reset(page: PagePrefill): void;
}

/**
 * Makes the push form live: kind, page URL, passphrase, "Push" (one click is one push). Loaded on
 * the first sign of use (popup-page.ts); what a push needs beyond the form (checks, client, link
 * view) loads on demand after that.
 */
export function livePushForm(controls: PushFormControls, state: PopupState, onPushed: (result: PushedResult) => void): PushForm {
  const { form, secret } = controls;
  const { known } = state;
  // The person's choice, kept while a URL push shows the box unticked and disabled (showKindState).
  let deletable = controls.deletable.disabled ? known.defaults.deletableByViewer : controls.deletable.checked;
  // Set before the first await: a second click or Enter arrives before anything is redrawn.
  let busy = false;
  let cancelUpload: AbortController | null = null;
  // A field error or a failure is on screen from an earlier try.
  let shownProblem = false;
  const prepare = () => preparePush(known.connection.baseUrl);

  function showKindState() {
    const kind = chosenKind(controls);
    controls.filesField.hidden = kind !== 'file';
    // URL pushes are never deletable by viewers: the server forces it off (reference §4.2).
    controls.deletable.disabled = kind === 'url';
    controls.deletable.checked = kind !== 'url' && deletable;
    showSecretHint(controls, state.page);
  }

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

  function showFailure(explanation: Explanation | null) {
    pushCode.loaded()?.showFailure(controls.failure, explanation);
    // The message sits right above the sticky footer: bring all of it into view, not under "Push";
    // in the next frame, after a field in error took the focus (and scrolled to it).
    if (explanation) requestAnimationFrame(() => controls.failure.scrollIntoView?.({ block: 'nearest' }));
  }

  function watchUpload(total: number): UploadWatchers {
    cancelUpload = new AbortController();
    pushCode.loaded()?.showUploadProgress(controls.uploadSlot, total, () => cancelUpload?.abort());
    return { signal: cancelUpload.signal };
  }

  async function submit(event: Event) {
    event.preventDefault();
    if (busy) return;
    busy = true;
    const values = readValues(controls, deletable);
    // Usually loaded already (see preparePush): then the request goes out in this same task.
    const code = pushCode.loaded() ?? (await pushCode.load().catch(() => undefined));
    const found = code ? code.validate(values) : {};
    if (Object.keys(found).length > 0) {
      busy = false;
      return showErrors(found);
    }
    // Only what an earlier try left: a first push goes out without touching the page.
    if (shownProblem) {
      showFieldErrors(controls, {});
      showFailure(null);
      shownProblem = false;
    }
    const busyTimer = setTimeout(() => showBusy(true), BUSY_DELAY_MS);
    const watchers = values.kind === 'file' ? watchUpload(values.files.reduce((sum, file) => sum + file.size, 0)) : undefined;
    const outcome: PushOutcome = code
      ? await code.pushValues(values, known, watchers)
      : { kind: 'failed', failure: { message: t('popupPushFailed'), next: 'retry' } };
    clearTimeout(busyTimer);
    cancelUpload = null;
    code?.showUploadProgress(controls.uploadSlot, null, () => undefined);
    busy = false;
    showBusy(false);
    if (outcome.kind === 'pushed') {
      onPushed(outcome.result);
      // Nothing secret stays in the page behind the link: emptied right after it is drawn, before
      // anything else can run (a microtask), not before it (the link would wait for the form).
      queueMicrotask(() => resetValues(controls, known.defaults));
      return;
    }
    shownProblem = true;
    if (outcome.errors) showErrors(outcome.errors);
    if (code) showFailure(outcome.failure);
    else controls.failure.replaceChildren(plainFailure(outcome.failure.message));
  }

  form.addEventListener('submit', (event) => void submit(event));
  // Any edit is a sign the person is about to push: see preparePush.
  form.addEventListener('input', prepare);
  form.addEventListener('change', (event) => {
    prepare();
    if (event.target === controls.deletable) deletable = controls.deletable.checked;
    showKindState();
  });
  secret.addEventListener('input', () => showSecretHint(controls, state.page));
  secret.addEventListener('keydown', (event) => {
    // Enter makes a new line in a secret; Ctrl/⌘+Enter pushes, as in most compose boxes.
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      form.requestSubmit();
    }
  });
  controls.push.addEventListener('pointerenter', prepare);
  controls.push.addEventListener('focus', prepare);
  controls.usePageUrl.addEventListener('click', () => {
    if (!state.page.pageUrl) return;
    secret.value = state.page.pageUrl;
    const url = form.querySelector<HTMLInputElement>('input[name="kind"][value="url"]')!;
    if (!controls.kindChoice.hidden && !url.closest('label')!.hidden) chooseKind(controls, 'url');
    prepare();
    showKindState();
  });
  wirePassphrase(controls);
  state.onKindsOffered = showKindState;
  showKindState();
  // Live because the person started on the popup: get the push ready too.
  prepare();

  return {
    reset(page) {
      resetValues(controls, known.defaults);
      deletable = known.defaults.deletableByViewer;
      state.page = page;
      showFieldErrors(controls, {});
      showFailure(null);
      shownProblem = false;
      controls.options.open = false;
      showPage(controls, page);
      showKindState();
    },
  };
}

/** Show/Hide (shoulder surfing, screen sharing), and Generate, which shows: the person has to pass it on. */
function wirePassphrase({ form, passphrase, showPassphrase, generatePassphrase }: PushFormControls): void {
  const show = (shown: boolean) => {
    // One element either way, so caret and focus stay.
    passphrase.type = shown ? 'text' : 'password';
    showPassphrase.textContent = t(shown ? 'popupHidePassphrase' : 'popupShowPassphrase');
  };
  showPassphrase.addEventListener('click', () => show(passphrase.type === 'password'));
  generatePassphrase.addEventListener('click', () => {
    void import('@/lib/share/passphrase').then(({ generatePassphrase: generate }) => {
      passphrase.value = generate();
      show(true);
      passphrase.dispatchEvent(new Event('input', { bubbles: true }));
    });
  });
  // A reset form hides the passphrase again.
  form.addEventListener('reset', () => show(false));
}

/** The failure when even the push code could not load (the extension was updated meanwhile): words only. */
function plainFailure(message: string): HTMLElement {
  const note = document.createElement('p');
  note.className = 'note error';
  note.setAttribute('role', 'alert');
  note.textContent = message;
  return note;
}
