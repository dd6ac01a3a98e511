import { browser } from 'wxt/browser';
import { browserReady } from '@/lib/browser/namespace';
import { enabledKinds, getCapabilities } from '@/lib/share/capabilities';
import { localizeDocument, localizeElements, t } from '@/lib/i18n';
import { openSidePanel, rememberCurrentWindow } from '@/lib/browser/side-panel';
import type { VersionInfo } from '@/lib/pwpush/types';
import { readSelection } from '@/lib/share/selection';
import { readPopupStart, type PopupStart } from '@/lib/settings/pwpush';
import { getTargetTab } from '@/lib/browser/target-tab';
import { hostOf, isWebUrl, originOf } from '@/lib/url';
import { findControls, NO_PAGE, offerKinds, showDefaults, showPage, showSecretHint, type PopupState, type PushFormControls } from './push-form-dom';
import type { PagePrefill } from './push-form-values';

/**
 * Ctrl+Enter in the secret field pushes (push-form.ts); on a Mac the same with ⌘. The platform is
 * the one the background kept (`platformOs`), not `navigator.platform`: touching
 * `navigator` would build its prototype on the popup's heap.
 */
function pushShortcut(os: string): { aria: string; shown: string } {
  return os === 'mac' ? { aria: 'Meta+Enter', shown: '⌘+Enter' } : { aria: 'Control+Enter', shown: 'Ctrl+Enter' };
}

/**
 * The toolbar popup as it opens. Its header, form and "Open a secret link" are in
 * entrypoints/popup/index.html, so the browser lays them out while this small script loads; the
 * script fills in the texts and the saved defaults (one storage read per area) and enables the
 * form. The code that pushes, and Preact with the views it draws, load on the first sign of use
 * (popup-live.ts): a popup opened and closed again never loads them. Resolves once the form is
 * enabled (or the set-up hint shows).
 */
export async function startPopup(doc: Document = document): Promise<void> {
  await browserReady;
  // Asked first: the browser process answers while the texts are filled in.
  const reading = readPopupStart();
  localizeDocument('extName');
  localizeElements(doc.body);
  wireHeader(doc);
  const controls = findControls(doc);
  // The field takes typing from here on, before the settings are back (a few ms): what is typed
  // stays in it, and an action waits for them (goLiveOnFirstUse).
  controls.secret.disabled = false;
  controls.secret.focus();
  const configured = reading.then((start): PopupState | null =>
    start.connection ? { known: { connection: start.connection, defaults: start.defaults }, page: NO_PAGE } : null,
  );
  goLiveOnFirstUse(doc, controls, configured);
  const [start, state] = await Promise.all([reading, configured]);
  if (!state) {
    controls.form.hidden = true;
    doc.getElementById('receive-entry')!.hidden = true;
    doc.querySelector<HTMLElement>('.not-configured')!.hidden = false;
    return;
  }
  showDefaults(controls, state.known.defaults);
  const shortcut = pushShortcut(start.os);
  controls.push.setAttribute('aria-keyshortcuts', shortcut.aria);
  controls.shortcut.textContent = t('popupPushShortcut', shortcut.shown);
  controls.pushesTo.textContent = t('popupPushesTo', hostOf(state.known.connection.baseUrl));
  showSecretHint(controls, state.page);
  void instanceCapabilities(start).then((info) => {
    if (!info) return;
    state.known.edition = info.edition;
    offerKinds(controls, enabledKinds(info, state.known.connection.token !== ''));
    showSecretHint(controls, state.page);
    state.onKindsOffered?.();
  });
  // Runs a script in every frame of the page: the form is usable before it answers.
  void readPage().then((page) => {
    state.page = page;
    showPage(controls, page);
  });
}

/**
 * Loads the live form on the pointer over the popup, a key, or an edit. An action taken before
 * it is there (a click on a button of the form, a submit, Ctrl+Enter) waits for it and then
 * happens once; what was typed is in the controls meanwhile.
 */
function goLiveOnFirstUse(doc: Document, controls: PushFormControls, configured: Promise<PopupState | null>): void {
  // On the page's own root, not the document: everything a person can use is inside it.
  const root = doc.getElementById('app')!;
  let live: Promise<void> | null = null;
  let ready = false;
  const goLive = () =>
    // The push code loads beside it, not after it: a first click on "Push" rarely waits.
    (live ??= Promise.all([import('./popup-live'), configured, import('./push-code').catch(() => undefined)]).then(
      ([module, state]) => {
        // Not set up: the form is gone. (Tests take a page down while its code loads.)
        if (!state || !root.isConnected) return;
        module.goLive(doc, controls, state);
        ready = true;
      },
      () => void (live = null),
    ));
  for (const type of ['pointerover', 'keydown', 'input', 'change', 'touchstart']) {
    root.addEventListener(type, () => void goLive(), { capture: true, once: true, passive: true });
  }
  const later = (event: Event, action: () => void) => {
    event.preventDefault();
    event.stopImmediatePropagation();
    void goLive().then(() => ready && action());
  };
  root.addEventListener('submit', (event) => ready || later(event, () => controls.form.requestSubmit()), true);
  root.addEventListener('keydown', (event) => {
    if (ready || event.target !== controls.secret || event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
    later(event, () => controls.form.requestSubmit());
  }, true);
  root.addEventListener('click', (event) => {
    const button = (event.target as Element).closest?.<HTMLButtonElement>('#push-form button[type="button"], #open-receive');
    if (!ready && button) later(event, () => button.click());
  }, true);
}

/** The instance's capabilities from the cache read with the settings; asked of the instance only when none are cached. */
async function instanceCapabilities(start: PopupStart): Promise<VersionInfo | null> {
  const baseUrl = start.connection!.baseUrl;
  const cached = start.capabilities[originOf(baseUrl)]?.info;
  if (cached) return cached;
  const checked = await getCapabilities(baseUrl);
  return checked.ok ? checked.value : null;
}

function wireHeader(doc: Document): void {
  // Fetched now, not on click: the click's user gesture would not survive the `await`.
  void rememberCurrentWindow();
  doc.getElementById('open-wait-times')!.addEventListener('click', () => {
    void openSidePanel().then((opened) => {
      if (opened) window.close();
    });
  });
  doc.getElementById('open-pushes')!.addEventListener('click', () => {
    void browser.tabs.create({ url: browser.runtime.getURL('/pushes.html') }).then(() => window.close());
  });
  for (const id of ['open-settings', 'not-configured-settings']) {
    doc.getElementById(id)!.addEventListener('click', () => void browser.runtime.openOptionsPage());
  }
}

/** The target page's selection and URL, read once when the popup opens (no content script). */
async function readPage(): Promise<PagePrefill> {
  try {
    const tab = await getTargetTab();
    if (!tab) return NO_PAGE;
    const selection = await readSelection(tab.id);
    return { selection: selection ? selection : null, host: hostOf(tab.url), pageUrl: isWebUrl(tab.url) ? tab.url : null };
  } catch {
    return NO_PAGE;
  }
}
