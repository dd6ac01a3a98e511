import { browser, type Browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { answerClipboardMessages, listenForKeepAlive } from '@/lib/browser/clipboard/background-copy';
import { answerHistoryMessages } from '@/lib/history/relay';
import { handleCommand, handleMenuClick, registerMenus } from '@/lib/share/menus';
import { listenForNotificationClicks } from '@/lib/browser/notify';
import { answerPushRelay } from '@/lib/share/relay-background';
import { getConnection, platformOs } from '@/lib/settings';

export default defineBackground(() => {
  // All listeners first and synchronously: an MV3 service worker woken by an event only
  // delivers it to listeners registered in the first turn of the script.
  browser.runtime.onInstalled.addListener(onInstalled);
  browser.runtime.onStartup.addListener(keepPlatformOs);
  browser.contextMenus.onClicked.addListener(handleMenuClick);
  browser.commands.onCommand.addListener(handleCommand);
  listenForNotificationClicks();
  answerHistoryMessages();
  answerPushRelay();
  answerClipboardMessages();
  listenForKeepAlive();

  // Native context menus and shortcuts cannot be triggered from Playwright: the e2e suite calls
  // these from the worker (`pushgate.handleMenuClick(info, tab)`) to run the same code a click runs.
  // Only `npm run build:test` compiles this in (wxt.config.ts); store builds carry no such handle.
  if (import.meta.env.PUSHGATE_TEST_HOOKS) Object.assign(globalThis, { pushgate: { handleMenuClick, handleCommand } });
});

async function onInstalled({ reason }: Browser.runtime.InstalledDetails): Promise<void> {
  void keepPlatformOs();
  await registerMenus();
  if (reason === 'install' && !(await getConnection())) await browser.runtime.openOptionsPage();
}

/** For the popup's shortcut hint (`platformOs`); written only when it changed. Without it the popup says Ctrl+Enter. */
async function keepPlatformOs(): Promise<void> {
  try {
    const { os } = await browser.runtime.getPlatformInfo();
    if ((await platformOs.getValue()) !== os) await platformOs.setValue(os);
  } catch {
    // Storage or the API unavailable (a profile being torn down): the popup falls back to Ctrl+Enter.
  }
}
