import { browser } from 'wxt/browser';

/**
 * Host access one origin at a time. The store build is granted no host at install: the person
 * grants exactly their instance on the options page, and the instance it replaces is given back,
 * so Pushgate never holds access to a server it no longer uses.
 */

/**
 * The match pattern for an origin's host permission, e.g. `https://pwpush.example/*`.
 * The port is left out on purpose: Firefox rejects match patterns with a port, and Chrome reads
 * a pattern without one as "any port", so one pattern works in both browsers.
 */
export function originPattern(origin: string): string {
  const url = new URL(origin);
  return `${url.protocol}//${url.hostname}/*`;
}

/**
 * Whether the extension may reach `baseUrl`. The store build holds no host at install (the
 * options page asks for it); without access every request would fail like a lost connection.
 * True when the browser cannot tell: then the request itself shows what is wrong.
 */
export async function hasHostAccess(baseUrl: string): Promise<boolean> {
  try {
    return await browser.permissions.contains({ origins: [originPattern(baseUrl)] });
  } catch {
    return true;
  }
}

/**
 * Asks the person for access to one origin. Call it straight from the click (or submit) handler,
 * before any `await`: both browsers refuse `permissions.request` outside a user gesture, and
 * Firefox ends the gesture at the first `await`. Resolves `true` at once when already granted.
 * Rejects when the browser refuses to ask (e.g. a pattern the manifest does not allow).
 */
export function requestOrigin(origin: string): Promise<boolean> {
  return requestOrigins([origin]);
}

/**
 * Asks for several origins in one prompt (the options page saves two services with one Save).
 * Same rule as `requestOrigin`: call it before any `await`. Origins sharing a pattern are asked
 * for once; already granted ones cost no prompt (the browser lists only the new ones), which
 * is why they need not be filtered out first — finding out would take an `await`.
 */
export function requestOrigins(origins: readonly string[]): Promise<boolean> {
  return browser.permissions.request({ origins: [...new Set(origins.map(originPattern))] });
}

/**
 * Gives back the access to an origin that is no longer used. Does nothing for an origin the
 * manifest grants at install (the test build's loopback hosts): removing a required permission
 * throws. Never throws itself: failing to give access back must not undo a saved setting.
 * Resolves `true` when access was removed.
 */
export async function releaseOrigin(origin: string): Promise<boolean> {
  let pattern: string;
  try {
    pattern = originPattern(origin);
  } catch {
    return false;
  }
  if (requiredHostPatterns().some((required) => patternCovers(required, pattern))) return false;
  try {
    return await browser.permissions.remove({ origins: [pattern] });
  } catch {
    return false;
  }
}

/** Host patterns granted at install: MV3 `host_permissions`, or MV2 `permissions` (Firefox MV2 merges them). */
function requiredHostPatterns(): string[] {
  let manifest: { host_permissions?: string[]; permissions?: string[] };
  try {
    manifest = browser.runtime.getManifest() as typeof manifest;
  } catch {
    return [];
  }
  return [...(manifest.host_permissions ?? []), ...(manifest.permissions ?? [])].filter(
    (entry) => entry === '<all_urls>' || entry.includes('://'),
  );
}

/** Whether match pattern `outer` grants everything `inner` (`scheme://host/*`, no wildcards) does. */
function patternCovers(outer: string, inner: string): boolean {
  if (outer === '<all_urls>') return true;
  const o = /^(\*|https?):\/\/([^/]+)\//.exec(outer);
  const i = /^(https?):\/\/([^/]+)\//.exec(inner);
  if (!o || !i) return false;
  const [, outerScheme, outerHostPort = ''] = o;
  const [, innerScheme, innerHost = ''] = i;
  if (outerScheme !== '*' && outerScheme !== innerScheme) return false;
  // A port in the outer pattern narrows it; our own patterns never carry one (see originPattern).
  const outerHost = outerHostPort.replace(/:(\d+|\*)$/, '');
  if (outerHostPort !== outerHost && !outerHostPort.endsWith(':*')) return false;
  if (outerHost === '*') return true;
  if (outerHost.startsWith('*.')) return innerHost === outerHost.slice(2) || innerHost.endsWith(outerHost.slice(1));
  return innerHost === outerHost;
}

/**
 * Reading the clipboard, which clearing a copied secret needs (lib/browser/clipboard/clearer.ts
 * compares before it clears). An optional permission: the browser's prompt for it reads "Read data
 * you copy and paste", which nobody should see at install for a feature they may never use.
 */
const CLIPBOARD_READ = { permissions: ['clipboardRead' as const] };

/** Whether Pushgate may read the clipboard. False when the browser cannot tell: then nothing is cleared. */
export async function hasClipboardRead(): Promise<boolean> {
  try {
    return await browser.permissions.contains(CLIPBOARD_READ);
  } catch {
    return false;
  }
}

/**
 * Asks the person to let Pushgate read the clipboard. Same rule as `requestOrigin`: call it straight
 * from the click or change handler, before any `await`. Rejects when the browser refuses to ask.
 */
export function requestClipboardRead(): Promise<boolean> {
  return browser.permissions.request(CLIPBOARD_READ);
}
