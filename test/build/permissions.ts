import type { PackageId } from '../../build/packages.mjs';

/**
 * The one list of what Pushgate's built manifests may ask for, each entry with its reason and the
 * packages whose purpose uses it (build/packages.mjs). test/build/manifest.test.ts fails on anything
 * in a built manifest that is not listed here for its package, and on any listed entry the build no
 * longer has (a stale reason is a wrong reason).
 */

export type Target = 'chrome' | 'firefox';

/** The packages that share: the combined one and Pushgate Share. */
const SHARING: PackageId[] = ['pushgate', 'share'];
/** The packages with the side panel: the combined one and Pushgate Airport. */
const AIRPORT: PackageId[] = ['pushgate', 'airport'];

interface Reasoned {
  reason: string;
  /** Present only in this browser's build. */
  only?: Target;
  /** Present only in these packages; in every package when not given. */
  packages?: PackageId[];
}

/** API permissions, granted at install. */
export const allowedPermissions: Record<string, Reasoned> = {
  storage: { reason: 'Settings, the capabilities cache and the API token (local or session area, never sync); the airport settings.' },
  contextMenus: { packages: SHARING, reason: 'The right-click menu that pushes the selection, a link or the page.' },
  scripting: {
    packages: SHARING,
    reason: 'Reads the selected text in all frames of the tab the person acted on (activeTab), line breaks intact.',
  },
  activeTab: {
    packages: SHARING,
    reason: 'Access to the one tab the person used the menu, the shortcut or the toolbar button in: ' + 'no host access to web pages.',
  },
  clipboardWrite: { packages: SHARING, reason: 'Copies the secret link from the background after a push from the menu or the shortcut.' },
  notifications: {
    reason:
      'Says how a push from the menu or the shortcut went (they have no page of their own), and read receipts; and that a queue ' +
      "watch set in the side panel was met (lib/watches/notify.ts), naming the airport and checkpoint, a feed's text made safe (lib/watches/safe-text.ts).",
  },
  alarms: {
    reason:
      'Wakes the background on a schedule the person set up: read receipts poll the instance while a watched push ' +
      'is active, and a lockdown that was interrupted (the worker stopped, the browser closed) resumes where it was. ' +
      'In Firefox an alarm every 15 seconds also keeps the event page loaded while a copied secret waits to be ' +
      'cleared (it is unloaded after 30 idle seconds, and with it the secret it must compare the clipboard with). ' +
      'A queue watch set in the side panel is checked every five minutes, one alarm only while one runs (lib/watches/background.ts). ' +
      'No install warning.',
  },
  idle: {
    packages: AIRPORT,
    reason:
      'Pauses the checks of a queue watch while the person is away (no input for 15 minutes, or the screen locked) and resumes ' +
      'them as they come back (lib/watches/background.ts): no request to an airport for a notification nobody would see, nor ' +
      "against Swedavia's monthly quota. It tells only active, idle or locked, nothing of what is done. Weighed against asking " +
      'for it when the first watch is set: it shows no install warning in Chrome or Firefox, and an optional permission would ' +
      'put a prompt between the person and their first watch for a permission that reveals nothing.',
  },
  offscreen: {
    only: 'chrome',
    packages: SHARING,
    reason:
      "Chrome's service worker has no DOM, so the copy runs in an extension-owned offscreen document. " +
      "Firefox's background page copies itself.",
  },
  sidePanel: {
    only: 'chrome',
    packages: AIRPORT,
    reason: 'Added by WXT for entrypoints/sidepanel (airport wait times). ' + 'Firefox gets sidebar_action, which needs no permission.',
  },
};

/**
 * API permissions asked for when first needed (`permissions.request`), so that nobody sees their
 * install warning for a feature they do not use. Granted at install in the test build only.
 */
export const optionalPermissions: Record<string, Reasoned> = {
  clipboardRead: {
    packages: SHARING,
    reason:
      'Clears a copied secret from the clipboard after the chosen time only if the clipboard still holds it, ' +
      'which needs reading it (lib/browser/clipboard/clearer.ts), from the offscreen document or the background page that ' +
      'never have focus. Its prompt reads "Read data you copy and paste", so it is asked for on the settings page, with ' +
      'the reason beside the button, when clearing is switched on (lib/browser/permissions.ts); declined, clearing is ' +
      'off and both the settings page and the receive view say so. Password managers ask for it for the same feature.',
  },
};

/**
 * Optional permissions the test builds (`npm run build:test`, `npm run build:test:firefox`) grant at
 * install: no one answers a permission prompt in the e2e suites or `npm start`.
 */
export const testBuildGrants = ['clipboardRead'];

/** Hosts the options page may ask for, one origin at a time (`permissions.request`). */
export const optionalHosts: Record<string, string> = {
  'https://*/*':
    "The person's Password Pusher instance and the airport API: the origin they enter, asked for alone; and in the side " +
    'panel the website of an airport the person shows (its wait-time feed, docs/airport-sources.md), asked for alone ' +
    'the first time that airport is shown, after the panel says why, a refusal remembered. ' +
    'What a granted origin also allows: with `scripting`, the extension could run script in pages of that one ' +
    "site (the instance's own web pages), and it may read that site's answers without CORS. Acceptable because " +
    'it is the server the person already trusts with the secrets and the token, Pushgate injects script only ' +
    'into the tab the person acted on (activeTab) to read a selection, and the origin is given back when it is ' +
    'replaced (useOptionsPage).',
  'http://127.0.0.1/*':
    'A self-hosted instance, airport API or airport feed on this computer, which rarely has a certificate ' +
    '(lib/settings/instance-url.ts and components/options/feed-form.ts refuse other http). ' +
    'A grant also allows scripting on pages served from this computer on any port: acceptable for the same reasons.',
  'http://localhost/*': 'The same, spelled localhost, with the same scripting reach on this computer.',
};

/** Hosts the test build (`npm run build:test`) grants at install, for the local reference servers. */
export const testBuildHosts: Record<string, string> = {
  'http://127.0.0.1/*': 'The e2e suite, `npm start` and outside acceptance runs talk to reference servers on loopback.',
  'http://localhost/*': 'The same, spelled localhost.',
};

/**
 * Never in any build, named so a failure says what went wrong; the allow-lists above already
 * exclude them. Broad host access and tab or network surveillance are exactly what a
 * secret-sharing extension must not be able to do.
 */
export const forbidden = [
  '<all_urls>',
  '*://*/*',
  'http://*/*',
  'tabs',
  'webRequest',
  'webRequestBlocking',
  'webNavigation',
  'declarativeNetRequest',
  'cookies',
  'history',
  'bookmarks',
  'downloads',
  'debugger',
  'management',
  'nativeMessaging',
  'proxy',
  'privacy',
];

/**
 * Manifest keys that would widen what web pages can reach or what runs in them. None is used:
 * no script runs in web pages except the one-off selection read (scripting + activeTab), and no
 * page can detect the extension or message it.
 */
export const forbiddenKeys = ['content_scripts', 'web_accessible_resources', 'externally_connectable'];

const forTarget = (list: Record<string, Reasoned>, target: Target, pkg: PackageId) =>
  Object.entries(list)
    .filter(([, { only, packages }]) => (!only || only === target) && (!packages || packages.includes(pkg)))
    .map(([name]) => name)
    .sort();

/** The permissions the given browser's store build of a package must have, exactly. */
export function permissionsFor(target: Target, pkg: PackageId = 'pushgate'): string[] {
  return forTarget(allowedPermissions, target, pkg);
}

/** The optional permissions the given browser's store build of a package must have, exactly. */
export function optionalPermissionsFor(target: Target, pkg: PackageId = 'pushgate'): string[] {
  return forTarget(optionalPermissions, target, pkg);
}
