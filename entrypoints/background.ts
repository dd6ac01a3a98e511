import { browser, type Browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { answerClipboardMessages, listenForKeepAlive } from '@/lib/browser/clipboard/background-copy';
import { answerHistoryMessages } from '@/lib/history/relay';
import { handleCommand, handleMenuClick, registerMenus } from '@/lib/share/menus';
import { listenForNotificationClicks } from '@/lib/browser/notify';
import { answerPushRelay } from '@/lib/share/relay/background';
import { answerAttemptMessages, sweepOrphanAttempts } from '@/lib/attempts/review';
import { getConnection, platformOs } from '@/lib/settings';
import { pollReceipts, registerReceipts, reschedule as rescheduleReceipts } from '@/lib/receipts/background';
import { registerLockdown } from '@/lib/lockdown/background';
import { pollRequestReceipts, registerRequestReceipts, rescheduleRequestReceipts } from '@/lib/receipts/request-background';
import { checkWatches, registerWatches } from '@/lib/watches/background';
import { clickedNotification } from '@/lib/watches/notify';
import { forgetReadingsWithHistory } from '@/lib/readings/history-switch';

export default defineBackground(() => {
  // All listeners first and synchronously: an MV3 service worker woken by an event only
  // delivers it to listeners registered in the first turn of the script.
  browser.runtime.onInstalled.addListener(onInstalled);
  browser.runtime.onStartup.addListener(onStartup);
  browser.contextMenus.onClicked.addListener(handleMenuClick);
  browser.commands.onCommand.addListener(handleCommand);
  listenForNotificationClicks();
  answerHistoryMessages();
  answerPushRelay();
  answerAttemptMessages();
  answerClipboardMessages();
  listenForKeepAlive();
  registerReceipts();
  registerRequestReceipts();
  registerLockdown();
  registerWatches();
  forgetReadingsWithHistory();

  // Native context menus and shortcuts cannot be triggered from Playwright: the e2e suite calls
  // these from the worker (`pushgate.handleMenuClick(info, tab)`) to run the same code a click runs.
  // Only `npm run build:test` compiles this in (wxt.config.ts); store builds carry no such handle.
  // Alarms fire at most every 30 s in Chrome: the receipts e2e runs a poll with `pushgate.pollReceipts()`.
  // The request receipts' poll (lib/receipts/request-background.ts) has a handle of its own beside it.
  // The watches' check runs at a clock the test sets (`pushgateWatches.check(at)`), as if the alarm
  // had fired then, and a notification's click is the handler's own call (a test cannot click one).
  if (import.meta.env.PUSHGATE_TEST_HOOKS) {
    Object.assign(globalThis, {
      pushgate: { handleMenuClick, handleCommand, pollReceipts },
      pushgateRequests: { pollRequestReceipts },
      pushgateWatches: { check: checkWatches, clickedNotification },
    });
  }
});

async function onInstalled({ reason }: Browser.runtime.InstalledDetails): Promise<void> {
  void keepPlatformOs();
  // Pushes an older build had out when it was replaced: their outcome is unknown (docs/exactly-once.md).
  void sweepOrphanAttempts();
  void rescheduleReceipts();
  void rescheduleRequestReceipts();
  void checkWatches();
  await registerMenus();
  if (reason === 'install' && !(await getConnection())) await browser.runtime.openOptionsPage();
}

/** The browser starts: nothing is out, so an attempt left `sending` was cut off when it last closed. */
function onStartup(): void {
  void keepPlatformOs();
  void sweepOrphanAttempts();
  void rescheduleReceipts();
  void rescheduleRequestReceipts();
  // Watches outlive a restart: the one due is checked now, or its alarm set (lib/watches/background.ts).
  void checkWatches();
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
