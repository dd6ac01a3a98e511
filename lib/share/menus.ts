import { pacerFor } from '../pace/instance-pacers';
import { browser, type Browser } from 'wxt/browser';
import { clearCopiedLinkFromBackground, copyFromBackground } from '../browser/clipboard/background-copy';
import { daysText, t, viewsText } from '../i18n';
import { notify } from '../browser/notify';
import type { Push } from '../pwpush/types';
import { type ChatApp, chatAppAt, chatAppRetrievalLine, chatAppRetrievalRefusedLine } from './chat-apps';
import { readSelection } from './selection';
import { isWebUrl } from '../url';
import { getConnection } from '../settings';
import { explainShareFailure, sharePush, type ShareFailure } from './share-push';
import type { ShareRequest, SharedPush } from './share-request';

/** Context menu item ids; they are also what `contextMenus.update` in the e2e suite looks for. */
export const MENU_IDS = {
  selection: 'push-selection',
  link: 'push-link',
  page: 'push-page',
} as const;

/** What a menu item or the shortcut pushed: its notifications name it, as the person may have forgotten. */
type Source = 'selection' | 'link' | 'page';
type Outcome = 'copied' | 'notCopied' | 'failed' | 'maybeCreated';

const TITLES: Record<Source, Record<Outcome, string>> = {
  selection: {
    copied: 'notifySelectionCopiedTitle',
    notCopied: 'notifySelectionNotCopiedTitle',
    failed: 'notifySelectionFailedTitle',
    maybeCreated: 'notifySelectionMaybeCreatedTitle',
  },
  link: {
    copied: 'notifyLinkCopiedTitle',
    notCopied: 'notifyLinkNotCopiedTitle',
    failed: 'notifyLinkFailedTitle',
    maybeCreated: 'notifyLinkMaybeCreatedTitle',
  },
  page: {
    copied: 'notifyPageCopiedTitle',
    notCopied: 'notifyPageNotCopiedTitle',
    failed: 'notifyPageFailedTitle',
    maybeCreated: 'notifyPageMaybeCreatedTitle',
  },
};
const title = (source: Source, outcome: Outcome) => t(TITLES[source][outcome]);

/** The keyboard command declared in wxt.config.ts (Alt+Shift+P). */
export const PUSH_SELECTION_COMMAND = 'push-selection';

/** Creates the three context menu items. `removeAll` first: creating an existing id is an error. */
export async function registerMenus(): Promise<void> {
  await browser.contextMenus.removeAll();
  browser.contextMenus.create({ id: MENU_IDS.selection, title: t('menuPushSelection'), contexts: ['selection'] });
  browser.contextMenus.create({ id: MENU_IDS.link, title: t('menuPushLink'), contexts: ['link'] });
  browser.contextMenus.create({ id: MENU_IDS.page, title: t('menuPushPage'), contexts: ['page'] });
}

/** Pushes what a context menu item was clicked on, copies the link and tells the person. */
export async function handleMenuClick(info: Browser.contextMenus.OnClickData, tab?: Browser.tabs.Tab): Promise<void> {
  const app = chatAppAt(tab?.url ?? info.pageUrl);
  switch (info.menuItemId) {
    case MENU_IDS.selection:
      return pushSelection(tab, app, info.frameId, info.selectionText);
    case MENU_IDS.link:
      return pushUrl('link', info.linkUrl, app);
    case MENU_IDS.page:
      return pushUrl('page', info.pageUrl ?? tab?.url, app);
  }
}

/** The keyboard command: the selection of the active tab, like the selection menu item. */
export async function handleCommand(command: string, tab?: Browser.tabs.Tab): Promise<void> {
  if (command !== PUSH_SELECTION_COMMAND) return;
  const [active] = tab ? [tab] : await browser.tabs.query({ active: true, currentWindow: true });
  return pushSelection(active, chatAppAt(active?.url));
}

async function pushSelection(tab: Browser.tabs.Tab | undefined, app: ChatApp | null, frameId?: number, menuText?: string): Promise<void> {
  const read = tab?.id === undefined ? null : await readSelection(tab.id, frameId);
  // The menu's own copy of the selection has lost its line breaks (Chromium bug 116429):
  // use it only when the page could not be read, and say so.
  const payload = read ?? menuText;
  if (!payload) {
    return notify({ title: t('notifyNothingSelectedTitle'), message: t('notifySelectFirst') });
  }
  return pushAndTell('selection', { kind: 'text', payload }, read === null, app);
}

async function pushUrl(source: 'link' | 'page', url: string | undefined, app: ChatApp | null): Promise<void> {
  // The instance rejects other schemes anyway (422); no request for a chrome:// or file:// page.
  if (!isWebUrl(url)) {
    return notify({ title: title(source, 'failed'), message: t('notifyNotWebUrl') });
  }
  return pushAndTell(source, { kind: 'url', payload: url }, false, app);
}

async function pushAndTell(source: Source, request: ShareRequest, lineBreaksMayBeLost: boolean, app: ChatApp | null): Promise<void> {
  // Pushed from a chat or mail app, the link is about to be pasted where a preview or scanner opens it.
  if (app) request.retrievalStep = true;
  let copiesChecked: (expired: number) => void = () => undefined;
  const copies = new Promise<number>((resolve) => (copiesChecked = resolve));
  const shared = await sharePush(request, { onCopiesChecked: copiesChecked, paceFor: pacerFor });
  if (!shared.ok) return tellFailure(source, shared.error);
  const { push } = shared.value;
  if (!(await copyFromBackground(push.htmlUrl))) {
    return notify({ title: title(source, 'notCopied'), message: t('notifyNotCopied') });
  }
  void clearCopiedLinkFromBackground(push.htmlUrl);
  // A push found by a look had its copies expired then; one the answer named has them looked for now.
  const twins = shared.value.recovered ? (shared.value.twinsExpired ?? 0) : await copies;
  // Never the link or the secret: notifications show on lock screens and may be synced.
  return notify({ title: title(source, 'copied'), message: copiedMessage(shared.value, twins, lineBreaksMayBeLost, app) });
}

function copiedMessage(shared: SharedPush, twins: number, lineBreaksMayBeLost: boolean, app: ChatApp | null): string {
  return [
    expiryText(shared.push),
    retrievalLine(shared, app),
    shared.recovered ? t('notifyRecovered') : '',
    twins > 0 ? t(twins === 1 ? 'linkTwinExpired' : 'linkTwinsExpired', twins) : '',
    shared.identicalLeft ? t('linkIdenticalLeft') : '',
    shared.historyNotKept ? t('notifyHistoryNotKept') : '',
    lineBreaksMayBeLost ? t('notifyLineBreaksLost') : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** What the answer says of the retrieval step, never what was asked: the instance may have it switched off for the kind. */
function retrievalLine(shared: SharedPush, app: ChatApp | null): string {
  if (app) return shared.push.retrievalStep ? chatAppRetrievalLine(app) : chatAppRetrievalRefusedLine(app);
  return shared.retrievalStepRefused ? t('retrievalStepRefused') : '';
}

async function tellFailure(source: Source, error: ShareFailure): Promise<void> {
  if (error.kind === 'link-refused') {
    // The push exists; its link (server text) stays out of the notification.
    return notify({ title: title(source, 'notCopied'), message: t('notifyLinkRefused'), onClick: 'pushes' });
  }
  if (error.kind === 'maybe-created') {
    // Never "not pushed": it may exist (docs/exactly-once.md). A click opens where the person can look.
    const noToken = error.looked === 'no-token';
    return notify({
      title: title(source, 'maybeCreated'),
      message: t(
        noToken ? 'notifyMaybeCreatedNoToken' : error.looked === 'not-found' ? 'notifyMaybeCreatedNotFound' : 'notifyMaybeCreatedUnchecked',
      ),
      onClick: noToken ? 'options' : 'pushes',
    });
  }
  const { failure, withheld } = withoutServerText(error);
  const connection = await getConnection();
  const { message, next } = explainShareFailure(failure, {
    kind: source === 'selection' ? 'text' : 'url',
    hasToken: Boolean(connection?.token),
    accountName: connection?.token ? connection.accountName : undefined,
  });
  const opensOptions = next === 'open-options';
  const pointer = opensOptions ? t('notifyClickForOptions') : withheld ? t('notifyReasonInPopup') : '';
  return notify({
    title: title(source, 'failed'),
    message: pointer ? `${message} ${pointer}` : message,
    onClick: opensOptions ? 'options' : undefined,
  });
}

/**
 * A notification says what failed in Pushgate's own words only: the server's text could be anything
 * a hostile instance wants shown on a lock screen or synced to other devices. The popup shows it.
 */
function withoutServerText(failure: ShareFailure): { failure: ShareFailure; withheld: boolean } {
  if (
    failure.kind === 'not-configured' ||
    failure.kind === 'maybe-created' ||
    failure.kind === 'interrupted' ||
    failure.kind === 'cancelled' ||
    failure.kind === 'no-background' ||
    failure.kind === 'link-refused'
  ) {
    return { failure, withheld: false };
  }
  const { serverMessage, fields, ...rest } = failure;
  return { failure: rest, withheld: serverMessage !== undefined || fields !== undefined };
}

function expiryText(push: Push): string {
  return t('notifyCopiedMessage', daysText(push.expireAfterDays), viewsText(push.expireAfterViews));
}
