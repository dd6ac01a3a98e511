import type { PushKind } from '@/lib/pwpush/types';
import type { PushDefaults } from '@/lib/settings';
import { t } from '@/lib/i18n';
import type { ChatApp } from '@/lib/share/chat-apps';
import type { KnownSettings } from '@/lib/share/share-request';
import { showChatApp, showRecipientLocale } from './push-form-recipient';

/**
 * The push form's controls as entrypoints/popup/index.html writes them: the form is in the page's
 * HTML before any script runs, and plain DOM code fills it in (docs/performance.md, rule 1). The
 * values live in the controls alone and are never stored.
 */
export interface PushFormControls {
  form: HTMLFormElement;
  secret: HTMLTextAreaElement;
  secretHint: HTMLElement;
  usePageUrl: HTMLButtonElement;
  kindChoice: HTMLFieldSetElement;
  pushesDisabled: HTMLElement;
  filesField: HTMLElement;
  files: HTMLInputElement;
  options: HTMLDetailsElement;
  days: HTMLInputElement;
  views: HTMLInputElement;
  deletable: HTMLInputElement;
  retrievalStep: HTMLInputElement;
  passphrase: HTMLInputElement;
  showPassphrase: HTMLButtonElement;
  generatePassphrase: HTMLButtonElement;
  name: HTMLInputElement;
  note: HTMLInputElement;
  recipientLocale: HTMLSelectElement;
  emailToField: HTMLElement;
  emailTo: HTMLInputElement;
  emailLocaleField: HTMLElement;
  emailLocale: HTMLSelectElement;
  chatRetrieval: HTMLElement;
  chatRetrievalText: HTMLElement;
  chatRetrievalOff: HTMLButtonElement;
  failure: HTMLElement;
  push: HTMLButtonElement;
  pushing: HTMLElement;
  shortcut: HTMLElement;
  pushesTo: HTMLElement;
  uploadSlot: HTMLElement;
  status: HTMLElement;
}

/** What the popup found on the page when it opened. */
export interface PagePrefill {
  /** The selected text, exactly as selected. */
  selection: string | null;
  /** Where it was selected, for "Selected text from <host>". */
  host: string;
  /** The page's http(s) URL for "Use page URL", else null. */
  pageUrl: string | null;
  /** The chat or mail app the page is, whose previews would open the link (lib/share/chat-apps.ts). */
  chatApp: ChatApp | null;
}

/** What the popup knows once its settings are read, shared by its start and the push form. */
export interface PopupState {
  /** Read when the popup opened: a push reads no storage before its POST. */
  known: KnownSettings;
  /** The target page's selection and URL, once read. */
  page: PagePrefill;
  /** Set by the push form: the kinds on offer changed. */
  onKindsOffered?: () => void;
  /** The instance e-mails a request's link (`features.requests.email_auto_dispatch`). */
  requestEmail?: boolean;
}

export function findControls(root: Document): PushFormControls {
  const byId = <T extends HTMLElement>(id: string) => root.getElementById(id) as T;
  const form = byId<HTMLFormElement>('push-form');
  return {
    form,
    secret: byId('secret'),
    secretHint: byId('secret-hint'),
    usePageUrl: byId('use-page-url'),
    kindChoice: form.querySelector<HTMLFieldSetElement>('.kind-choice')!,
    pushesDisabled: byId('pushes-disabled'),
    filesField: form.querySelector<HTMLElement>('[data-field="files"]')!,
    files: byId('files'),
    options: byId('push-options'),
    days: byId('days'),
    views: byId('views'),
    deletable: byId('deletable'),
    retrievalStep: byId('retrieval-step'),
    passphrase: byId('passphrase'),
    showPassphrase: byId('show-passphrase'),
    generatePassphrase: byId('generate-passphrase'),
    name: byId('name'),
    note: byId('note'),
    // The language lists are looked up when used: a select touched from script builds its prototype
    // on the popup's heap, and most popups are pushed from without them (docs/performance.md, rule 16).
    get recipientLocale() {
      return byId<HTMLSelectElement>('recipient-locale');
    },
    emailToField: form.querySelector<HTMLElement>('[data-field="emailTo"]')!,
    emailTo: byId('email-to'),
    emailLocaleField: form.querySelector<HTMLElement>('[data-field="emailLocale"]')!,
    get emailLocale() {
      return byId<HTMLSelectElement>('email-locale');
    },
    chatRetrieval: byId('chat-retrieval'),
    chatRetrievalText: byId('chat-retrieval-text'),
    chatRetrievalOff: byId('chat-retrieval-off'),
    failure: byId('push-failure'),
    push: byId('push'),
    pushing: form.querySelector<HTMLElement>('.pushing')!,
    shortcut: byId('push-shortcut'),
    pushesTo: byId('pushes-to'),
    uploadSlot: byId('upload-progress-slot'),
    status: byId('push-status'),
  };
}

export function chosenKind(controls: PushFormControls): PushKind {
  return (controls.form.querySelector<HTMLInputElement>('input[name="kind"]:checked')?.value ?? 'text') as PushKind;
}

export function chooseKind(controls: PushFormControls, kind: PushKind): void {
  const radio = controls.form.querySelector<HTMLInputElement>(`input[name="kind"][value="${kind}"]`);
  if (radio) radio.checked = true;
}

/**
 * Offers the kinds this instance (and token) allows; those it allows only with a token are shown
 * unavailable, with why. One kind needs no choice.
 */
export function offerKinds(controls: PushFormControls, kinds: PushKind[], needToken: PushKind[] = []): void {
  for (const radio of controls.form.querySelectorAll<HTMLInputElement>('input[name="kind"]')) {
    const kind = radio.value as PushKind;
    const locked = needToken.includes(kind);
    radio.closest('label')!.hidden = !kinds.includes(kind) && !locked;
    // Shown, not hidden, so the person learns what a token would add.
    radio.disabled = locked;
    const note = radio.parentElement!.querySelector<HTMLElement>('.hint');
    if (note) note.hidden = !locked;
    if (locked && note) radio.setAttribute('aria-describedby', note.id);
    else radio.removeAttribute('aria-describedby');
  }
  controls.kindChoice.hidden = kinds.length + needToken.length <= 1;
  controls.pushesDisabled.hidden = kinds.length !== 0;
  if (!kinds.includes(chosenKind(controls))) chooseKind(controls, 'text');
}

/** An empty form that starts from the saved defaults (nothing typed earlier is kept). */
export function resetValues(controls: PushFormControls, defaults: PushDefaults): void {
  controls.form.reset();
  showDefaults(controls, defaults);
  controls.passphrase.type = 'password';
}

/** The saved defaults in the option fields; nothing else changes (the secret may be typed already). */
export function showDefaults(controls: PushFormControls, defaults: PushDefaults): void {
  controls.days.value = String(defaults.expireAfterDays);
  controls.views.value = String(defaults.expireAfterViews);
  controls.deletable.checked = defaults.deletableByViewer;
  controls.retrievalStep.checked = defaults.retrievalStep;
  showRecipientLocale(controls, defaults.recipientLocale);
}

export const NO_PAGE: PagePrefill = { selection: null, host: '', pageUrl: null, chatApp: null };

const HINT_KEYS: Record<PushKind, string> = {
  text: 'popupSecretHintText',
  url: 'popupSecretHintUrl',
  qr: 'popupSecretHintQr',
  file: 'popupSecretHintFile',
};

/** Under the secret: where a prefilled selection came from, else what to type for the chosen kind. */
export function showSecretHint(controls: PushFormControls, page: PagePrefill): void {
  const fromSelection = page.selection !== null && controls.secret.value === page.selection;
  controls.secretHint.textContent = fromSelection
    ? page.host
      ? t('popupSelectedFrom', page.host)
      : t('popupSelectedFromPage')
    : t(HINT_KEYS[chosenKind(controls)]);
}

/** The page's selection fills an untouched, empty field; "Use page URL" shows for an http(s) page. */
export function showPage(controls: PushFormControls, page: PagePrefill): void {
  controls.usePageUrl.hidden = !page.pageUrl;
  if (page.selection !== null && controls.secret.value === '') controls.secret.value = page.selection;
  showSecretHint(controls, page);
  showChatApp(controls, page.chatApp);
}
