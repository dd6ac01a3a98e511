import { t } from '@/lib/i18n';
import { generatePassphrase } from '@/lib/share/passphrase';
import { openPushRelay, pushInBackground } from '@/lib/share/relay';
import { OPTION_FIELDS, serverFieldErrors, toShareRequest, validate, type FieldErrors } from './push-checks';
import {
  chooseKind,
  chosenKind,
  readValues,
  resetValues,
  showFieldErrors,
  showPage,
  showSecretHint,
  type PagePrefill,
  type PopupState,
  type PushFormControls,
} from './push-form-controls';
import type { PushedResult } from './views';

/**
 * Below about 0.1 s an answer feels immediate and the link itself is the feedback: "Pushing…"
 * and the disabled button would only flash. Double submits are stopped at once either way.
 */
const BUSY_DELAY_MS = 100;

type Views = typeof import('./views');

export interface PushForm {
  /** An empty form from the saved defaults, e.g. for "Push another". */
  reset(page: PagePrefill): void;
}

export interface PushFormDeps {
  /** The settings, once read (a few ms after the popup opened): a push made before waits for them. */
  state: Promise<PopupState>;
  /** The popup's views (./views.tsx), loaded on first use. */
  views: () => Promise<Views>;
  onPushed: (views: Views, result: PushedResult) => void;
}

/**
 * The push form: kind, page URL, passphrase, "Push" (one click is one push). Text, URL and QR
 * pushes are made by the background (lib/share/relay.ts), file pushes here (./views.tsx).
 */
export function wirePushForm(controls: PushFormControls, { state: reading, views, onPushed }: PushFormDeps): PushForm {
  const { form, secret } = controls;
  let state: PopupState | null = null;
  void reading.then((read) => (state = read));
  // The person's choice, kept while a URL push shows the box unticked and disabled (showKindState).
  let deletable = controls.deletable.checked;
  // Set before the first await: a second click or Enter arrives before anything is redrawn.
  let busy = false;
  let cancelUpload: AbortController | null = null;
  // A field error or a failure is on screen from an earlier try.
  let shownProblem = false;
  // On the first sign that the person is about to push: the views load, and the port to the
  // background opens (it wakes the worker). Not when the popup opens: an open port holds the
  // runtime API's objects on the popup's heap (README, "Performance rules").
  const prepare = () => {
    void views().catch(() => undefined);
    try {
      openPushRelay();
    } catch {
      // No port now: the push itself opens one and says so if it cannot.
    }
  };

  function showKindState() {
    const kind = chosenKind(controls);
    controls.filesField.hidden = kind !== 'file';
    // URL pushes are never deletable by viewers: the server forces it off (docs/password-pusher.md#create).
    controls.deletable.disabled = kind === 'url';
    controls.deletable.checked = kind !== 'url' && deletable;
    if (state) showSecretHint(controls, state.page);
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

  async function submit(event: Event) {
    event.preventDefault();
    if (busy) return;
    busy = true;
    try {
      await pushOnce();
    } finally {
      busy = false;
    }
  }

  async function pushOnce() {
    const loading = views();
    // Clicked before the settings were read (a few ms): the option fields have their defaults only then.
    const { known } = state ?? (await reading);
    const values = readValues(controls, deletable);
    const found = validate(values);
    if (Object.keys(found).length > 0) return showErrors(found);
    const busyTimer = setTimeout(() => showBusy(true), BUSY_DELAY_MS);
    const request = toShareRequest(values);
    let upload: AbortSignal | null = null;
    if (values.kind === 'file') {
      cancelUpload = new AbortController();
      upload = cancelUpload.signal;
    }
    const loaded = await loading.catch(() => null);
    // Only what an earlier try left: a first push goes out without touching the page.
    if (shownProblem) {
      showFieldErrors(controls, {});
      loaded?.showFailure(controls.failure, null);
      shownProblem = false;
    }
    if (upload && loaded) loaded.showUploadProgress(controls.uploadSlot, sumOfSizes(values.files), () => cancelUpload?.abort());
    const result = upload ? (loaded ? await loaded.pushFile(request, known, upload) : null) : await pushInBackground(request, known);
    clearTimeout(busyTimer);
    cancelUpload = null;
    loaded?.showUploadProgress(controls.uploadSlot, null, () => undefined);
    showBusy(false);
    if (!loaded || !result) {
      // The views could not load (the extension was updated meanwhile): words only.
      shownProblem = true;
      controls.failure.replaceChildren(plainNote(result?.ok ? t('popupPushedNoView') : t('popupPushFailed')));
      return;
    }
    if (result.ok) {
      onPushed(loaded, {
        ...result.value,
        passphraseProtected: Boolean(request.passphrase),
        requested: { expireAfterDays: request.expireAfterDays, expireAfterViews: request.expireAfterViews },
      });
      // Nothing secret stays in the page behind the link: emptied right after it is drawn.
      queueMicrotask(() => resetValues(controls, known.defaults));
      return;
    }
    shownProblem = true;
    if (upload?.aborted) {
      loaded.showFailure(controls.failure, { message: t('popupUploadCancelled'), next: 'retry' });
    } else {
      loaded.showFailure(controls.failure, result.error);
      const fields = serverFieldErrors(result.error);
      if (Object.keys(fields).length > 0) showErrors(fields);
    }
    // The message sits right above the sticky footer: bring all of it into view, in the next frame,
    // after a field in error took the focus (and scrolled to it).
    requestAnimationFrame(() => controls.failure.scrollIntoView?.({ block: 'nearest' }));
  }

  form.addEventListener('submit', (event) => void submit(event));
  // Any edit is a sign the person is about to push: the views load meanwhile.
  form.addEventListener('input', prepare);
  form.addEventListener('change', (event) => {
    prepare();
    if (event.target === controls.deletable) deletable = controls.deletable.checked;
    showKindState();
  });
  secret.addEventListener('input', () => state && showSecretHint(controls, state.page));
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
    const pageUrl = state?.page.pageUrl;
    if (!pageUrl) return;
    secret.value = pageUrl;
    const url = form.querySelector<HTMLInputElement>('input[name="kind"][value="url"]')!;
    if (!controls.kindChoice.hidden && !url.closest('label')!.hidden) chooseKind(controls, 'url');
    prepare();
    showKindState();
  });
  wirePassphrase(controls);
  void reading.then((read) => {
    deletable = read.known.defaults.deletableByViewer;
    read.onKindsOffered = showKindState;
    showKindState();
  });

  return {
    reset(page) {
      if (!state) return;
      resetValues(controls, state.known.defaults);
      deletable = state.known.defaults.deletableByViewer;
      state.page = page;
      showFieldErrors(controls, {});
      void views().then(
        (loaded) => loaded.showFailure(controls.failure, null),
        () => controls.failure.replaceChildren(),
      );
      shownProblem = false;
      controls.options.open = false;
      showPage(controls, page);
      showKindState();
    },
  };
}

/** Show/Hide (shoulder surfing, screen sharing), and Generate, which shows: the person has to pass it on. */
function wirePassphrase({ form, passphrase, showPassphrase, generatePassphrase: generate }: PushFormControls): void {
  const show = (shown: boolean) => {
    // One element either way, so caret and focus stay.
    passphrase.type = shown ? 'text' : 'password';
    showPassphrase.textContent = t(shown ? 'popupHidePassphrase' : 'popupShowPassphrase');
  };
  showPassphrase.addEventListener('click', () => show(passphrase.type === 'password'));
  generate.addEventListener('click', () => {
    passphrase.value = generatePassphrase();
    show(true);
    passphrase.dispatchEvent(new Event('input', { bubbles: true }));
  });
  // A reset form hides the passphrase again.
  form.addEventListener('reset', () => show(false));
}

const sumOfSizes = (files: File[]) => files.reduce((sum, file) => sum + file.size, 0);

/** A note in words only, for when the views could not load. */
function plainNote(message: string): HTMLElement {
  const note = document.createElement('p');
  note.className = 'note error';
  note.setAttribute('role', 'alert');
  note.textContent = message;
  return note;
}
