import { browser, type Browser } from 'wxt/browser';
import { browserReady } from '@/lib/browser/namespace';
import { enabledKinds, getCapabilities } from '@/lib/share/capabilities';
import { localizeDocument, localizeElements, t } from '@/lib/i18n';
import { openSidePanel, rememberCurrentWindow } from '@/lib/browser/side-panel';
import { offersRequests } from '@/lib/pwpush/edition';
import type { VersionInfo } from '@/lib/pwpush/types';
import { chatAppAt } from '@/lib/share/chat-apps';
import { readSelection } from '@/lib/share/selection';
import { readPopupStart, type PopupStart } from '@/lib/settings/pwpush';
import { getTargetTab } from '@/lib/browser/target-tab';
import { hostOf, isWebUrl, originOf } from '@/lib/url';
import { wirePushForm } from './push-form';
import { offerEmail } from './push-form-recipient';
import {
  findControls,
  NO_PAGE,
  offerKinds,
  showDefaults,
  showPage,
  showSecretHint,
  type PagePrefill,
  type PopupState,
  type PushFormControls,
} from './push-form-controls';

type Views = typeof import('./views');

/**
 * Ctrl+Enter in the secret field pushes (./push-form.ts); on a Mac the same with ⌘. The platform is
 * the one the background kept (`platformOs`), not `navigator.platform`: touching
 * `navigator` would build its prototype on the popup's heap.
 */
function pushShortcut(os: string): { aria: string; shown: string } {
  return os === 'mac' ? { aria: 'Meta+Enter', shown: '⌘+Enter' } : { aria: 'Control+Enter', shown: 'Ctrl+Enter' };
}

/** The popup's views and file push (./views.tsx): the one module it loads on demand, once. */
let viewsLoading: Promise<Views> | null = null;
function loadViews(): Promise<Views> {
  viewsLoading ??= import('./views').catch((error: unknown) => {
    viewsLoading = null;
    throw error;
  });
  return viewsLoading;
}

/**
 * The toolbar popup as it opens. Its header, form and "Open a secret link" are in
 * entrypoints/popup/index.html, so the browser lays them out while this small script loads; the
 * script fills in the texts and the saved defaults (one storage read per area), enables the form
 * and wires it. The Preact views (link, failure, upload, receive) load on first use. Resolves once
 * the form is enabled (or the set-up hint shows).
 */
export async function startPopup(doc: Document = document): Promise<void> {
  await browserReady;
  // Asked first: the browser process answers while the texts are filled in.
  const reading = readPopupStart();
  localizeDocument('extName');
  localizeElements(doc);
  wireHeader(doc);
  const controls = findControls(doc);
  // The field takes typing from here on, before the settings are back (a few ms): what is typed
  // stays in it, and a push waits for them.
  controls.secret.disabled = false;
  controls.secret.focus();
  const configured = reading.then(async (start): Promise<PopupState | null> => {
    if (start.limits) (await import('./show-policy')).showPolicy(doc, controls, start);
    if (!start.connection) return null;
    // Before anyone waiting for the settings goes on: a push clicked meanwhile reads these fields.
    showDefaults(controls, start.defaults);
    const known = { connection: start.connection, defaults: start.defaults, limits: start.limits, keepHistory: start.keepHistory };
    return { known, page: NO_PAGE };
  });
  wireViews(
    doc,
    controls,
    configured.then((state) => state ?? new Promise<never>(() => undefined)),
  );
  const [start, state] = await Promise.all([reading, configured]);
  if (!state) {
    controls.form.hidden = true;
    doc.getElementById('receive-entry')!.hidden = true;
    doc.querySelector<HTMLElement>('.not-configured')!.hidden = false;
    return;
  }
  const shortcut = pushShortcut(start.os);
  controls.push.setAttribute('aria-keyshortcuts', shortcut.aria);
  controls.shortcut.textContent = t('popupPushShortcut', shortcut.shown);
  const host = hostOf(state.known.connection.baseUrl);
  controls.pushesTo.textContent = start.policy.instanceUrl ? t('popupPushesToManaged', host) : t('popupPushesTo', host);
  showSecretHint(controls, state.page);
  void instanceCapabilities(start).then((info) => {
    if (!info) return;
    state.known.edition = info.edition;
    state.known.applicationVersion = info.applicationVersion;
    const hasToken = state.known.connection.token !== '';
    const offered = enabledKinds(info, hasToken, start.refused);
    offerKinds(controls, offered, hasToken ? [] : enabledKinds(info, true, start.refused).filter((kind) => !offered.includes(kind)));
    offerEmail(controls, info.features.emailAutoDispatch && hasToken);
    // "Request a secret" only where the instance takes requests, and only with a token (docs/password-pusher.md#edition).
    doc.getElementById('open-request')!.hidden = !(hasToken && offersRequests(info));
    state.requestEmail = Boolean(info.features.requestsEmail);
    showSecretHint(controls, state.page);
    state.onKindsOffered?.();
  });
  // Runs a script in every frame of the page: the form is usable before it answers.
  void readPage().then((page) => {
    state.page = page;
    showPage(controls, page);
  });
}

/** The push form, and in its place the link just made or "Open a secret link". */
function wireViews(doc: Document, controls: PushFormControls, state: Promise<PopupState>): void {
  const slot = doc.getElementById('popup-view')!;
  const receiveEntry = doc.getElementById('receive-entry')!;
  let closeView: (() => void) | null = null;

  const setFormShown = (shown: boolean) => {
    controls.form.hidden = !shown;
    receiveEntry.hidden = !shown;
    slot.hidden = shown;
  };
  const swap = (show: () => () => void) => {
    setFormShown(false);
    closeView = show();
  };
  const showForm = (page?: PagePrefill) => {
    closeView?.();
    closeView = null;
    if (page) form.reset(page);
    setFormShown(true);
    controls.secret.focus();
  };

  const form = wirePushForm(controls, {
    state,
    views: loadViews,
    onPushed: (views, result) =>
      void state.then(({ known, page }) =>
        swap(() =>
          views.showLinkView(slot, {
            result,
            token: known.connection.token,
            accountId: known.connection.accountId,
            copyAutomatically: known.defaults.copyLinkAutomatically,
            // The selection was pushed already: the new form starts empty.
            onPushAnother: () => showForm({ ...NO_PAGE, pageUrl: page.pageUrl, chatApp: page.chatApp }),
          }),
        ),
      ),
  });

  doc.getElementById('open-request')!.addEventListener('click', () => {
    void Promise.all([import('./request/request-view'), state]).then(([request, { known, requestEmail }]) => {
      swap(() =>
        request.showRequestView(slot, {
          connection: known.connection,
          defaults: known.defaults,
          email: requestEmail === true,
          onBack: () => showForm(),
        }),
      );
    });
  });

  doc.getElementById('open-receive')!.addEventListener('click', () => {
    void Promise.all([loadViews(), state]).then(([views, { known }]) => {
      const { baseUrl, token } = known.connection;
      swap(() => views.showReceiveView(slot, { baseUrl, token, onBack: () => showForm() }));
    });
  });
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
  // Only the combined package has the side panel: the Share package's popup has no such button
  // (build/package-parts.ts), and this code drops out of its bundle.
  if (import.meta.env.PUSHGATE_AIRPORT) {
    // Fetched now, not on click: the click's user gesture would not survive the `await`.
    void rememberCurrentWindow();
    doc.getElementById('open-wait-times')!.addEventListener('click', () => {
      void openSidePanel().then((opened) => {
        if (opened) window.close();
      });
    });
  }
  doc.getElementById('open-pushes')!.addEventListener('click', () => {
    void showPushesPage().then(() => window.close());
  });
  // The Pushes page hosts the lockdown's confirmation (components/lockdown/useAskedLockdown.ts).
  doc.getElementById('open-lockdown')!.addEventListener('click', () => {
    void showPushesPage('#lockdown').then(() => window.close());
  });
  for (const id of ['open-settings', 'not-configured-settings']) {
    doc.getElementById(id)!.addEventListener('click', () => void browser.runtime.openOptionsPage());
  }
}

/**
 * The Pushes page: the tab that already shows it, brought to the front, else a new one. Found with
 * `runtime.getContexts`, which sees the extension's own tabs without the `tabs` permission.
 */
async function showPushesPage(hash = ''): Promise<void> {
  const url = browser.runtime.getURL('/pushes.html');
  let open: Browser.runtime.ExtensionContext | undefined;
  try {
    [open] = await browser.runtime.getContexts({ contextTypes: ['TAB' as Browser.runtime.ContextType], documentUrls: [url] });
  } catch {
    // A browser without getContexts (Firefox before 130): a new tab, as before.
  }
  if (open?.tabId !== undefined && open.tabId >= 0) {
    await browser.tabs.update(open.tabId, hash ? { active: true, url: url + hash } : { active: true });
    if (open.windowId >= 0) await browser.windows.update(open.windowId, { focused: true }).catch(() => undefined);
    return;
  }
  await browser.tabs.create({ url: url + hash });
}

/** The target page's selection and URL, read once when the popup opens (no content script). */
async function readPage(): Promise<PagePrefill> {
  try {
    const tab = await getTargetTab();
    if (!tab) return NO_PAGE;
    const selection = await readSelection(tab.id);
    return {
      selection: selection ? selection : null,
      host: hostOf(tab.url),
      pageUrl: isWebUrl(tab.url) ? tab.url : null,
      chatApp: chatAppAt(tab.url),
    };
  } catch {
    return NO_PAGE;
  }
}
