import { browser } from 'wxt/browser';
import { browserReady } from '@/lib/browser-namespace';
import { capabilitiesKey, enabledKinds, getCapabilities } from '@/lib/capabilities';
import { localizeDocument, localizeElements } from '@/lib/i18n';
import { openSidePanel, rememberCurrentWindow } from '@/lib/open-side-panel';
import type { VersionInfo } from '@/lib/pwpush/types';
import { readSelection } from '@/lib/selection';
import { readPopupStart, type PopupStart } from '@/lib/settings';
import type { KnownSettings } from '@/lib/share';
import { getTargetTab, hostOf } from '@/lib/target-tab';
import { isWebUrl } from '@/lib/web-url';
import { pushCode, receiveCode } from './on-demand';
import { findControls } from './push-form-dom';
import { livePushForm, NO_PAGE, type PushForm } from './push-form';
import type { PagePrefill, PushedResult } from './push-form-values';

/**
 * The toolbar popup. Its header, form and "Open a secret link" are in entrypoints/popup/index.html,
 * so the browser lays them out while this small script loads; the script fills in the texts, reads
 * the settings (one read per storage area) and makes the form live. The link view and "Open a
 * secret link" are drawn with Preact, which loads with them, on demand. Resolves once the form is
 * live (or the set-up hint shows).
 */
export async function startPopup(doc: Document = document): Promise<void> {
  await browserReady;
  localizeDocument('extName');
  localizeElements(doc.body);
  wireHeader(doc);
  const start = await readPopupStart();
  const controls = findControls(doc);
  if (!start.connection) {
    controls.form.hidden = true;
    doc.getElementById('receive-entry')!.hidden = true;
    doc.querySelector<HTMLElement>('.not-configured')!.hidden = false;
    return;
  }
  const known: KnownSettings = { connection: start.connection, defaults: start.defaults };
  const views = new PopupViews(doc, known);
  const form = livePushForm(controls, known, (result) => views.showLink(result));
  views.form = form;
  controls.secret.disabled = false;
  controls.secret.focus();
  // After the form is live: nothing below holds it up.
  void instanceKinds(start).then((info) => {
    if (!info) return;
    known.edition = info.edition;
    form.offerKinds(enabledKinds(info, known.connection.token !== ''));
  });
  // Runs a script in every frame of the page: the form is live before it answers.
  void readPage().then((page) => {
    views.page = page;
    form.prefill(page);
  });
}

/** The instance's capabilities from the cache read with the settings; asked of the instance only when none are cached. */
async function instanceKinds(start: PopupStart): Promise<VersionInfo | null> {
  const baseUrl = start.connection!.baseUrl;
  const cached = start.capabilities[capabilitiesKey(baseUrl)]?.info;
  if (cached) return cached;
  const checked = await getCapabilities(baseUrl);
  return checked.ok ? checked.value : null;
}

/** The form, or in its place the link just made or "Open a secret link". */
class PopupViews {
  form: PushForm | null = null;
  page: PagePrefill = NO_PAGE;
  private closeView: (() => void) | null = null;
  private readonly slot: HTMLElement;

  constructor(
    private readonly doc: Document,
    private readonly known: KnownSettings,
  ) {
    this.slot = doc.getElementById('popup-view')!;
    doc.getElementById('open-receive')!.addEventListener('click', () => void this.showReceive());
  }

  showLink(result: PushedResult): void {
    // A push succeeded, so the push code with its link view has loaded.
    const code = pushCode.loaded()!;
    this.swap(() =>
      code.showLinkView(this.slot, {
        result,
        token: this.known.connection.token,
        copyAutomatically: this.known.defaults.copyLinkAutomatically,
        // The selection was pushed already: the new form starts empty.
        onPushAnother: () => this.showForm({ ...NO_PAGE, pageUrl: this.page.pageUrl }),
      }),
    );
  }

  async showReceive(): Promise<void> {
    const { showReceiveView } = await receiveCode.load();
    const { baseUrl, token } = this.known.connection;
    this.swap(() => showReceiveView(this.slot, { baseUrl, token, onBack: () => this.showForm() }));
  }

  private swap(show: () => () => void): void {
    this.setFormShown(false);
    this.slot.hidden = false;
    this.closeView = show();
  }

  private showForm(page?: PagePrefill): void {
    this.closeView?.();
    this.closeView = null;
    this.slot.hidden = true;
    if (page) this.form?.reset(page);
    this.setFormShown(true);
    this.doc.getElementById('secret')!.focus();
  }

  private setFormShown(shown: boolean): void {
    this.doc.getElementById('push-form')!.hidden = !shown;
    this.doc.getElementById('receive-entry')!.hidden = !shown;
  }
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
