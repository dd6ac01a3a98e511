import { browser } from 'wxt/browser';
import { documentClipboard, writeClipboard } from './document-clipboard';
import { createClipboardClearer } from './clearer';
import { clearTiming, keepAliveMinutes } from './clear-timing';
import { getClearing, linkClearingDelay } from './clearing';
import { clipboardMessages } from './messages';
import { CLEAR_CLIPBOARD_CHOICES } from '../../settings';

/**
 * Copying from the background, which has no page of its own in Chrome: an MV3 service worker
 * has no DOM and no `navigator.clipboard`. Chrome gets an extension-owned offscreen document
 * for the copy; Firefox's MV3 background is an event page with a DOM and copies itself. The web
 * page the person is on is never touched: a page script could read a link written into its DOM.
 */

const OFFSCREEN_PATH = '/offscreen.html';

/**
 * The offscreen document is opened for one copy and closed right after, unless it holds a
 * copied secret it is to clear later (then it asks to be closed once that is done). Copies are
 * rare (one per click), opening takes a few tens of milliseconds, and a closed document holds
 * neither memory nor the last link. Everything runs one after another so a close never cuts
 * off the next copy.
 */
let queue: Promise<unknown> = Promise.resolve();

function inTurn<T>(task: () => Promise<T>): Promise<T> {
  const result = queue.then(task, task);
  queue = result.catch(() => undefined);
  return result;
}

/** Writes `text` to the clipboard from the background. Resolves false when the browser refused. */
export function copyFromBackground(text: string): Promise<boolean> {
  return inTurn(() => (browser.offscreen ? copyInOffscreenDocument(text) : writeClipboard(text)));
}

async function copyInOffscreenDocument(text: string): Promise<boolean> {
  try {
    await openOffscreenDocument();
    const { copied } = await clipboardMessages.send('offscreen:copy', { text });
    return copied === true;
  } catch {
    return false;
  } finally {
    await closeIdleOffscreenDocument();
  }
}

/**
 * Firefox's background page clears itself. It is an event page: Firefox unloads it when idle
 * (after 30 seconds), and a waiting timer does not keep it loaded, so the secret it must compare
 * with would be gone (it is never stored anywhere to survive that). While a clear waits, an alarm
 * every 15 seconds is an event for the page, which keeps it loaded; the alarm goes when the clear is done.
 */
let backgroundClearer: ReturnType<typeof createClipboardClearer> | undefined;
const KEEP_ALIVE_ALARM = 'clipboard-clear-keep-alive';

/** Firefox: listens for the keep-alive alarm, at the background's start like every listener of an event page. */
export function listenForKeepAlive(): void {
  browser.alarms?.onAlarm.addListener(() => undefined);
}

/**
 * Clears a retrieved secret the person copied from the clipboard after `delaySeconds`, if the
 * clipboard still holds it: in Chrome's offscreen document, which stays open until then (the
 * service worker may stop meanwhile), in Firefox's background page itself.
 */
export function clearLaterFromBackground(text: string, delaySeconds: number): Promise<boolean> {
  // The sender is checked, but the delay is still only ever one of the choices offered.
  if (!(CLEAR_CLIPBOARD_CHOICES as readonly number[]).includes(delaySeconds) || delaySeconds === 0) {
    return Promise.resolve(false);
  }
  const delayMs = delaySeconds * clearTiming.secondMs;
  if (!browser.offscreen) {
    backgroundClearer ??= createClipboardClearer(documentClipboard, () => void browser.alarms?.clear(KEEP_ALIVE_ALARM));
    backgroundClearer.schedule(text, delayMs);
    void browser.alarms?.create(KEEP_ALIVE_ALARM, { periodInMinutes: keepAliveMinutes() });
    return Promise.resolve(true);
  }
  return inTurn(async () => {
    try {
      await openOffscreenDocument();
      const { scheduled } = await clipboardMessages.send('offscreen:clear-later', { text, delayMs });
      return scheduled === true;
    } catch {
      await closeIdleOffscreenDocument();
      return false;
    }
  });
}

/**
 * The link of a push from a context menu or the shortcut, just copied here: such a push never has
 * a passphrase, so its link is all it takes to open the secret and is cleared like one.
 */
export async function clearCopiedLinkFromBackground(url: string): Promise<boolean> {
  const clearing = await getClearing().catch(() => null);
  return clearing ? clearLaterFromBackground(url, linkClearingDelay(clearing, false)) : false;
}

/**
 * Empties the clipboard now, whatever it holds, without reading it (the lockdown): writing needs
 * no `clipboardRead`, so it works with clearing off or that permission declined. A clear still
 * waiting is dropped with the secret it held. Chrome opens the offscreen document for it.
 */
export function emptyClipboardNow(): Promise<boolean> {
  if (!browser.offscreen) {
    backgroundClearer?.forget();
    return documentClipboard.clear();
  }
  return inTurn(async () => {
    try {
      await openOffscreenDocument();
      const { emptied } = await clipboardMessages.send('offscreen:empty', {});
      return emptied === true;
    } catch {
      return false;
    } finally {
      await closeIdleOffscreenDocument();
    }
  });
}

/** The background's side of lib/browser/clipboard/clear-relay.ts. Only this extension's own pages are answered (`clipboardMessages.answer`). */
export function answerClipboardMessages(): () => void {
  return clipboardMessages.answer({
    'clipboard:clear-later': async ({ text, delaySeconds }) => ({
      scheduled: await clearLaterFromBackground(text, delaySeconds),
    }),
    'clipboard:clear-settled': async () => ({ closed: await closeOffscreenDocumentWhenIdle() }),
  });
}

/** The offscreen document said it has nothing left to clear: close it, unless a newer clear came in meanwhile. */
export function closeOffscreenDocumentWhenIdle(): Promise<boolean> {
  return inTurn(closeIdleOffscreenDocument);
}

async function closeIdleOffscreenDocument(): Promise<boolean> {
  const busy = await clipboardMessages.send('offscreen:busy', {}).then(
    (answer) => answer?.busy === true,
    () => false,
  );
  if (busy) return false;
  return browser.offscreen.closeDocument().then(
    () => true,
    () => false,
  );
}

async function openOffscreenDocument(): Promise<void> {
  // A document may outlive the service worker that opened it (the worker was stopped mid-copy).
  if (await hasOffscreenDocument()) return;
  try {
    await browser.offscreen.createDocument({
      url: browser.runtime.getURL(OFFSCREEN_PATH),
      reasons: ['CLIPBOARD'],
      justification: 'Copy the link of a secret the person just pushed to the clipboard.',
    });
  } catch (error) {
    // "Only a single offscreen document may be created": another one won the race; use it.
    if (!(await hasOffscreenDocument())) throw error;
  }
}

async function hasOffscreenDocument(): Promise<boolean> {
  if (browser.runtime.getContexts) {
    const contexts = await browser.runtime.getContexts({
      contextTypes: ['OFFSCREEN_DOCUMENT'],
      documentUrls: [browser.runtime.getURL(OFFSCREEN_PATH)],
    });
    return contexts.length > 0;
  }
  return browser.offscreen.hasDocument();
}
