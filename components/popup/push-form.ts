import { t } from '@/lib/i18n';
import { generatePassphrase } from '@/lib/share/passphrase';
import { openPushRelay } from '@/lib/share/relay/push-in-background';
import {
  chooseKind,
  chosenKind,
  resetValues,
  showPage,
  showSecretHint,
  type PagePrefill,
  type PopupState,
  type PushFormControls,
} from './push-form-controls';
import { wireRecipientParts } from './push-form-recipient';
import { preconnect } from './preconnect';
import type { PushedResult } from './push-result';

type Views = typeof import('./views');

export interface PushForm {
  /** An empty form from the saved defaults, e.g. for "Push another". */
  reset(page: PagePrefill): void;
}

export interface PushFormDeps {
  /** The settings, once read (a few ms after the popup opened): a push made before waits for them. */
  state: Promise<PopupState>;
  /** The popup's views and the push from the form (./views.tsx), loaded on first use. */
  views: () => Promise<Views>;
  onPushed: (views: Views, result: PushedResult) => void;
}

/**
 * The push form as the person fills it in: kind, page URL, passphrase, Ctrl+Enter, and "Push" (one
 * click is one push), which hands the form to ./push-submit.ts.
 */
export function wirePushForm(controls: PushFormControls, { state: reading, views, onPushed }: PushFormDeps): PushForm {
  const { form, secret } = controls;
  let state: PopupState | null = null;
  void reading.then((read) => (state = read));
  // The person's choice, kept while a URL push shows the box unticked and disabled (showKindState).
  let deletable = controls.deletable.checked;
  // Set before the first await: a second click or Enter arrives before anything is redrawn.
  let busy = false;
  const submitter = () => views().then((loaded) => (submitterOf ??= { loaded, submitter: loaded.submitterFor(controls) }));
  let submitterOf: { loaded: Views; submitter: ReturnType<Views['submitterFor']> } | undefined;
  // On the first sign that the person is about to push: the views load, the port to the
  // background opens (it wakes the worker) and so does a connection to the instance. Not when the
  // popup opens: an open port holds the runtime API's objects on the popup's heap (docs/performance.md,
  // rule 2), and a popup opened only to look contacts no one.
  const prepare = () => {
    void views().catch(() => undefined);
    void reading.then(({ known }) => preconnect(form.ownerDocument, known.connection.baseUrl));
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

  async function submit(event: Event) {
    event.preventDefault();
    if (busy) return;
    busy = true;
    try {
      // Clicked before the settings were read (a few ms): the option fields have their defaults only then.
      const { known } = state ?? (await reading);
      const loaded = await submitter().catch(() => null);
      if (!loaded) {
        // The views could not load (the extension was updated meanwhile): words only, nothing was sent.
        controls.failure.replaceChildren(plainNote(t('popupPushFailed')));
        return;
      }
      await loaded.submitter.submit(known, deletable, (result) => onPushed(loaded.loaded, result));
    } finally {
      busy = false;
    }
  }

  form.addEventListener('submit', (event) => void submit(event));
  // Any edit is a sign the person is about to push.
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
  wireRecipientParts(controls);
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
      // Field messages and failures are only ever shown by the submitter.
      submitterOf?.submitter.clear();
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
  // Copied from the field (Ctrl+C while shown, or the context menu): the link must not silently
  // replace it on the clipboard (LinkResult's `clipboardHoldsPassphrase`). A flag, not the text.
  const copied = () => (passphrase.dataset.copied = 'true');
  passphrase.addEventListener('copy', copied);
  passphrase.addEventListener('cut', copied);
  // A reset form hides the passphrase again.
  form.addEventListener('reset', () => {
    show(false);
    delete passphrase.dataset.copied;
  });
}

/** A note in words only, for when the views could not load. */
function plainNote(message: string): HTMLElement {
  const note = document.createElement('p');
  note.className = 'note error';
  note.setAttribute('role', 'alert');
  note.textContent = message;
  return note;
}
