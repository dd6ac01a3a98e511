import type { Explanation } from '@/lib/pwpush/explain';
import type { PushKind } from '@/lib/pwpush/types';
import type { KnownSettings } from '@/lib/share';
import { t } from '@/lib/i18n';
import { hostOf } from '@/lib/target-tab';
import { pushCode, preparePush } from './on-demand';
import type { PushOutcome, UploadWatchers } from './push-code';
import { chosenKind, chooseKind, offerKinds, readValues, resetValues, showFieldErrors, type PushFormControls } from './push-form-dom';
import { OPTION_FIELDS, type FieldErrors, type PagePrefill, type PushedResult } from './push-form-values';

/**
 * Below about 0.1 s an answer feels immediate and the link itself is the feedback: "Pushing…"
 * and the disabled button would only flash. Double submits are stopped at once either way.
 */
const BUSY_DELAY_MS = 100;

/** Ctrl+Enter in the secret field pushes; on a Mac the same with ⌘. */
const SHORTCUT = /Mac/.test(navigator.platform)
  ? { aria: 'Meta+Enter', shown: '⌘+Enter' }
  : { aria: 'Control+Enter', shown: 'Ctrl+Enter' };

const HINT_KEYS: Record<PushKind, string> = {
  text: 'popupSecretHintText',
  url: 'popupSecretHintUrl',
  qr: 'popupSecretHintQr',
  file: 'popupSecretHintFile',
};

export const NO_PAGE: PagePrefill = { selection: null, host: '', pageUrl: null };

export interface PushForm {
  /** The instance's kinds, once its capabilities are known (text until then). */
  offerKinds(kinds: PushKind[]): void;
  /** The page's selection and URL, read after the form is live: fills only an untouched, empty field. */
  prefill(page: PagePrefill): void;
  /** An empty form from the saved defaults, e.g. for "Push another". */
  reset(page: PagePrefill): void;
}

/**
 * Makes the push form in the popup's HTML live: kind, page URL, options, "Push" (one click is
 * one push). What a push needs beyond the form (checks, client, link view) loads on demand.
 */
export function livePushForm(controls: PushFormControls, known: KnownSettings, onPushed: (result: PushedResult) => void): PushForm {
  const { form, secret } = controls;
  let page = NO_PAGE;
  let deletable = known.defaults.deletableByViewer;
  // The person typed, pasted or chose something for the secret: a late selection must not replace it.
  let secretEdited = false;
  // Set before the first await: a second click or Enter arrives before anything re-renders.
  let busy = false;
  let cancelUpload: AbortController | null = null;
  const prepare = () => preparePush(known.connection.baseUrl);

  function showKindState() {
    const kind = chosenKind(controls);
    controls.filesField.hidden = kind !== 'file';
    // URL pushes are never deletable by viewers: the server forces it off (reference §4.2).
    controls.deletable.disabled = kind === 'url';
    controls.deletable.checked = kind !== 'url' && deletable;
    const fromSelection = page.selection !== null && secret.value === page.selection;
    controls.secretHint.textContent = fromSelection
      ? page.host ? t('popupSelectedFrom', page.host) : t('popupSelectedFromPage')
      : t(HINT_KEYS[kind]);
  }

  function showErrors(found: FieldErrors) {
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
    const code = pushCode.loaded();
    if (code) code.showFailure(controls.failure, explanation);
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
    showFieldErrors(controls, {});
    showFailure(null);
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
      // Nothing secret stays in the page behind the link.
      resetValues(controls, known.defaults);
      return onPushed(outcome.result);
    }
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
  secret.addEventListener('input', () => {
    secretEdited = true;
    showKindState();
  });
  secret.addEventListener('keydown', (event) => {
    // Enter makes a new line in a secret; Ctrl/⌘+Enter pushes, as in most compose boxes.
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      form.requestSubmit();
    }
  });
  controls.push.addEventListener('pointerenter', prepare);
  controls.push.addEventListener('focus', prepare);
  controls.push.setAttribute('aria-keyshortcuts', SHORTCUT.aria);
  controls.shortcut.textContent = t('popupPushShortcut', SHORTCUT.shown);
  controls.pushesTo.textContent = t('popupPushesTo', hostOf(known.connection.baseUrl));
  controls.usePageUrl.addEventListener('click', () => {
    if (!page.pageUrl) return;
    secret.value = page.pageUrl;
    secretEdited = true;
    const urlOffered = !controls.kindChoice.hidden && !form.querySelector<HTMLElement>('input[value="url"]')!.closest('label')!.hidden;
    if (urlOffered) chooseKind(controls, 'url');
    prepare();
    showKindState();
  });
  wirePassphrase(controls);

  function reset(next: PagePrefill) {
    resetValues(controls, known.defaults);
    deletable = known.defaults.deletableByViewer;
    secretEdited = false;
    page = next;
    showFieldErrors(controls, {});
    showFailure(null);
    controls.options.open = false;
    controls.usePageUrl.hidden = !page.pageUrl;
    showKindState();
  }

  reset(NO_PAGE);
  return {
    offerKinds(kinds) {
      offerKinds(controls, kinds);
      showKindState();
    },
    prefill(next) {
      page = next;
      controls.usePageUrl.hidden = !page.pageUrl;
      if (page.selection !== null && !secretEdited && secret.value === '') secret.value = page.selection;
      showKindState();
    },
    reset,
  };
}

/** Show/Hide (shoulder surfing, screen sharing), and Generate, which shows: the person has to pass it on. */
function wirePassphrase({ passphrase, showPassphrase, generatePassphrase }: PushFormControls): void {
  const show = (shown: boolean) => {
    // One element either way, so caret and focus stay.
    passphrase.type = shown ? 'text' : 'password';
    showPassphrase.textContent = t(shown ? 'popupHidePassphrase' : 'popupShowPassphrase');
  };
  showPassphrase.addEventListener('click', () => show(passphrase.type === 'password'));
  generatePassphrase.addEventListener('click', () => {
    void import('@/lib/passphrase').then(({ generatePassphrase: generate }) => {
      passphrase.value = generate();
      show(true);
      passphrase.dispatchEvent(new Event('input', { bubbles: true }));
    });
  });
  // A reset form hides the passphrase again.
  passphrase.form?.addEventListener('reset', () => show(false));
}

/** The failure when even the push code could not load (the extension was updated meanwhile): words only. */
function plainFailure(message: string): HTMLElement {
  const note = document.createElement('p');
  note.className = 'note error';
  note.setAttribute('role', 'alert');
  note.textContent = message;
  return note;
}
