import { browser, type Browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { answerClipboardMessages, listenForKeepAlive } from '@/lib/browser/clipboard/background-copy';
import { answerHistoryMessages } from '@/lib/history/relay';
import { handleCommand, handleMenuClick, registerMenus } from '@/lib/share/menus';
import { listenForNotificationClicks } from '@/lib/browser/notify';
import { answerPushRelay } from '@/lib/share/relay/background';
import { answerAttemptMessages, sweepOrphanAttempts } from '@/lib/attempts/review';
import { getConnection, platformOs } from '@/lib/settings';
import { hasHostAccess } from '@/lib/browser/permissions';
import { pollReceipts, registerReceipts, reschedule as rescheduleReceipts } from '@/lib/receipts/background';
import { registerLockdown } from '@/lib/lockdown/background';
import { answerPaceMessages } from '@/lib/pace/background';
import { pollRequestReceipts, registerRequestReceipts, rescheduleRequestReceipts } from '@/lib/receipts/request-background';
import { listenForPolicyChanges, mirrorManagedPolicy } from '@/lib/settings/policy-mirror';
import type { PolicyReading } from '@/lib/settings/managed';
import { enableSidePanel, openPanelFromToolbar } from '@/lib/browser/side-panel';
import { registerWhatsNew } from '@/lib/whats-new/update';
import { checkWatches, registerWatches } from '@/lib/watches/background';
import { clickedNotification } from '@/lib/watches/notify';
import { forgetReadingsWithHistory } from '@/lib/readings/history-switch';

export default defineBackground(() => {
  // All listeners first and synchronously: an MV3 service worker woken by an event only
  // delivers it to listeners registered in the first turn of the script. Each package wires only
  // its purpose (build/packages.ts): the other purpose's code drops out of its bundle. What's new is
  // every package's, each with its own entries (build/changelogs.mjs).
  registerWhatsNew();
  if (import.meta.env.PUSHGATE_SHARE) listenForSharing();
  if (import.meta.env.PUSHGATE_AIRPORT) listenForWatches();
  if (import.meta.env.PUSHGATE_AIRPORT && !import.meta.env.PUSHGATE_SHARE) {
    // The Airport package has no popup: its toolbar button opens the side panel.
    openPanelFromToolbar();
    keepAirportPolicy();
  }
});

/**
 * Pushgate Airport's copy of the organisation's policy (its Airport API's address), which its pages
 * read (lib/settings/policy-mirror.ts): read at every start of the background (install, update, the
 * browser's start, a worker woken by any event) and whenever the policy changes, as the sharing
 * background reads it. Nothing in this background goes by it: the side panel and the watches read the
 * address in force when they call.
 */
function keepAirportPolicy(): void {
  listenForPolicyChanges();
  browser.runtime.onInstalled.addListener(() => void mirrorManagedPolicy());
  browser.runtime.onStartup.addListener(() => void mirrorManagedPolicy());
  void mirrorManagedPolicy();
}

/** Queue watches (lib/watches/): their alarm, idle and clicks, and a check at every start, restart or update. */
function listenForWatches(): void {
  registerWatches();
  forgetReadingsWithHistory();
  // Watches outlive a restart: the one due is checked now, or its alarm set (lib/watches/background.ts).
  browser.runtime.onInstalled.addListener(() => void checkWatches());
  browser.runtime.onStartup.addListener(() => void checkWatches());
  // The watches' check runs at a clock the test sets (`pushgateWatches.check(at)`), as if the alarm
  // had fired then, and a notification's click is the handler's own call (a test cannot click one).
  if (import.meta.env.PUSHGATE_TEST_HOOKS) Object.assign(globalThis, { pushgateWatches: { check: checkWatches, clickedNotification } });
}

function listenForSharing(): void {
  browser.runtime.onInstalled.addListener(onInstalled);
  browser.runtime.onStartup.addListener(onStartup);
  browser.contextMenus.onClicked.addListener(handleMenuClick);
  browser.commands.onCommand.addListener(handleCommand);
  listenForNotificationClicks();
  answerHistoryMessages();
  answerPushRelay();
  answerAttemptMessages();
  answerClipboardMessages();
  answerPaceMessages();
  listenForKeepAlive();
  registerReceipts();
  registerRequestReceipts();
  registerLockdown();
  listenForPolicyChanges(applyPolicy);
  // Every start of the background reads the organisation's policy again: pages read the copy it keeps.
  void mirrorManagedPolicy().then(({ reading, changed }) => changed && applyPolicy(reading));

  // Native context menus and shortcuts cannot be triggered from Playwright: the e2e suite calls
  // these from the worker (`pushgate.handleMenuClick(info, tab)`) to run the same code a click runs.
  // Only `npm run build:test` compiles this in (wxt.config.ts); store builds carry no such handle.
  // Alarms fire at most every 30 s in Chrome: the receipts e2e runs a poll with `pushgate.pollReceipts()`.
  // The request receipts' poll (lib/receipts/request-background.ts) has a handle of its own beside it.
  // The watches' check runs at a clock the test sets (`pushgateWatches.check(at)`), as if the alarm
  // had fired then, and a notification's click is the handler's own call (a test cannot click one).
  if (import.meta.env.PUSHGATE_TEST_HOOKS) {
    Object.assign(globalThis, {
      pushgate: { handleMenuClick, handleCommand, pollReceipts, mirrorManagedPolicy },
      pushgateRequests: { pollRequestReceipts },
    });
  }
}

async function onInstalled({ reason }: Browser.runtime.InstalledDetails): Promise<void> {
  void keepPlatformOs();
  // Pushes an older build had out when it was replaced: their outcome is unknown (docs/exactly-once.md).
  void sweepOrphanAttempts();
  void rescheduleReceipts();
  void rescheduleRequestReceipts();
  await registerMenus();
  // The first run reads the organisation's instance, if there is one, from the copy: written first.
  applyPolicy((await mirrorManagedPolicy()).reading);
  if (reason === 'install' && !(await isSetUp())) await browser.tabs.create({ url: browser.runtime.getURL('/options.html#welcome') });
}

/**
 * An instance in force whose host access is held: nothing for a first run to do. An organisation's
 * instance alone is not enough, since the person still has to allow Pushgate to reach it.
 */
async function isSetUp(): Promise<boolean> {
  const connection = await getConnection();
  return connection !== null && (await hasHostAccess(connection.baseUrl));
}

/** The browser starts: nothing is out, so an attempt left `sending` was cut off when it last closed. */
function onStartup(): void {
  void keepPlatformOs();
  void sweepOrphanAttempts();
  void rescheduleReceipts();
  void rescheduleRequestReceipts();
  void mirrorManagedPolicy().then(({ reading }) => applyPolicy(reading));
}

/** What the organisation's policy switches in the background: the side panel, and receipts on or off. */
function applyPolicy({ policy }: PolicyReading): void {
  void enableSidePanel(policy.airportPanel !== false);
  void rescheduleReceipts();
  void rescheduleRequestReceipts();
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
