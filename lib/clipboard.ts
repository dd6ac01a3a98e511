import { browser } from 'wxt/browser';
import { sendMessage } from './messaging';

/**
 * Copying from the background, which has no page of its own in Chrome: an MV3 service worker
 * has no DOM and no `navigator.clipboard`. Chrome gets an extension-owned offscreen document
 * for the copy; Firefox's MV3 background is an event page with a DOM and copies itself. The web
 * page the person is on is never touched: a page script could read a link written into its DOM.
 */

const OFFSCREEN_PATH = '/offscreen.html';

/**
 * The offscreen document is opened for one copy and closed right after. Copies are rare (one
 * per click), opening takes a few tens of milliseconds, and a closed document holds neither
 * memory nor the last link. Copies run one after another so a close never cuts off the next copy.
 */
let queue: Promise<unknown> = Promise.resolve();

/** Writes `text` to the clipboard from the background. Resolves false when the browser refused. */
export function copyFromBackground(text: string): Promise<boolean> {
  const copy = () => (browser.offscreen ? copyInOffscreenDocument(text) : writeClipboard(text));
  const result = queue.then(copy, copy);
  queue = result.catch(() => undefined);
  return result;
}

async function copyInOffscreenDocument(text: string): Promise<boolean> {
  try {
    await openOffscreenDocument();
    const { copied } = await sendMessage('offscreen:copy', { text });
    return copied === true;
  } catch {
    return false;
  } finally {
    await browser.offscreen.closeDocument().catch(() => undefined);
  }
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

/**
 * Writes `text` to the clipboard of this document: the async Clipboard API first, then a
 * hidden textarea and `execCommand('copy')`. The fallback matters in Chrome's offscreen
 * document, which can never take focus, so `writeText` rejects there ("Document is not focused").
 */
export async function writeClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return copyWithTextarea(text);
  }
}

function copyWithTextarea(text: string): boolean {
  const field = document.createElement('textarea');
  field.value = text;
  document.body.append(field);
  field.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    field.remove();
  }
}
