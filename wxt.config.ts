import { resolve } from 'node:path';
import type { InlineConfig } from 'vite';
import { defineConfig } from 'wxt';
import { popupOwnCopies } from './build/popup-own-copies';
import { styleInPage } from './build/style-in-page';
import { filledTexts } from './build/filled-texts';
import { indentationDropped } from './build/html-indentation';

// `npm run build:test` sets this: the e2e suite, `npm start` and outside acceptance runs talk to
// local reference servers on loopback and must not stop at a permission prompt. The store build
// never grants any host at install; it asks for one origin at a time on the options page.
const grantLoopback = process.env.PUSHGATE_TEST_HOSTS === '1';
const loopback = ['http://127.0.0.1/*', 'http://localhost/*'];

// Reading the clipboard (to clear a copied secret only while the clipboard still holds it) is asked
// for on the settings page when clearing is on, never at install: its prompt reads "Read data you copy
// and paste". No one answers a permission prompt in the e2e suites or `npm start`, so the test builds
// (Chrome and Firefox) have it at install (test/build/permissions.ts).
const askedWhenNeeded = ['clipboardRead'];

// Every permission here is listed with its reason in test/build/permissions.ts; manifest.test.ts there fails
// on any permission in a built manifest that is not listed there.
// `wxt/browser` is webextension-polyfill's promise-based `browser`. The background script bundles
// it (Chrome's service worker cannot import on demand); pages go through lib/browser/namespace.ts,
// which fetches it only on a browser without a `browser` namespace of its own (Chrome before 148),
// where the polyfill is more than a pass-through.
const polyfillForWorker = '@wxt-dev/webextension-polyfill/browser';
const polyfillForPages = resolve(import.meta.dirname, 'lib/browser/namespace.ts');

function pointBrowserTo(target: string, config: InlineConfig): void {
  config.resolve ??= {};
  const alias = { find: /^wxt\/browser$/, replacement: target };
  const existing = config.resolve.alias;
  config.resolve.alias = Array.isArray(existing)
    ? [alias, ...existing]
    : [alias, ...Object.entries(existing ?? {}).map(([find, replacement]) => ({ find, replacement }))];
}

export default defineConfig({
  imports: false,
  hooks: {
    'vite:build:extendConfig': (entrypoints, config) => {
      const worker = entrypoints.some((entry) => entry.type === 'background');
      pointBrowserTo(worker ? polyfillForWorker : polyfillForPages, config);
    },
    'vite:devServer:extendConfig': (config) => pointBrowserTo(polyfillForPages, config),
    // The privacy policy ships inside the extension (the settings page links to it), from its one
    // source, so the copy a person reads is the one of the version they run (test/build/privacy.test.ts).
    'build:publicAssets': (wxt, files) => {
      files.push({ absoluteSrc: resolve(wxt.config.root, 'docs/privacy.md'), relativeDest: 'privacy.txt' });
    },
  },
  // Every browser Pushgate supports has <link rel="modulepreload"> (Chrome 66, Firefox 115): Vite's
  // polyfill for it would only add bytes to every page (docs/performance.md, rule 12).
  vite: ({ browser }) => ({
    plugins: [
      popupOwnCopies(),
      styleInPage(['entrypoints/sidepanel/index.html']),
      filledTexts(['entrypoints/popup/index.html']),
      indentationDropped(['entrypoints/popup/index.html']),
    ],
    build: { modulePreload: { polyfill: false } },
    define: {
      // The background's test hook (`globalThis.pushgate`) is compiled in only here: a store build has
      // no handle by which code in the worker's scope could drive a push (test/build/hardening.test.ts).
      'import.meta.env.PUSHGATE_TEST_HOOKS': JSON.stringify(grantLoopback),
      // A clipboard clear's second lasts 100 ms in `npm run build:test:firefox` only, so its Firefox
      // test does not sit idle for a minute (lib/browser/clipboard/clear-timing.ts); every other build
      // waits whole seconds (test/build/hardening.test.ts).
      'import.meta.env.PUSHGATE_CLEAR_SECOND_MS': JSON.stringify(grantLoopback && browser === 'firefox' ? 100 : 1000),
      // The lockdown's pace and retry back-off are shorter in the test builds only, so the e2e lockdown of
      // 120 pushes takes seconds (lib/lockdown/timing.ts); a 429's Retry-After is waited out as sent.
      'import.meta.env.PUSHGATE_LOCKDOWN_PACE_MS': JSON.stringify(grantLoopback ? 100 : 600),
      'import.meta.env.PUSHGATE_LOCKDOWN_BACKOFF_MS': JSON.stringify(grantLoopback ? 200 : 2000),
    },
  }),
  manifest: ({ browser }) => {
    const grantClipboardRead = grantLoopback;
    return {
      name: '__MSG_extName__',
      description: '__MSG_extDescription__',
      default_locale: 'en',
      permissions: [
        'storage',
        'contextMenus',
        'scripting',
        'activeTab',
        'clipboardWrite',
        'notifications',
        'alarms',
        ...(browser === 'firefox' ? [] : ['offscreen']),
        ...(grantClipboardRead ? askedWhenNeeded : []),
      ],
      ...(!grantClipboardRead && { optional_permissions: askedWhenNeeded }),
      ...(grantLoopback && { host_permissions: loopback }),
      optional_host_permissions: ['https://*/*', ...loopback],
      commands: {
        'push-selection': {
          suggested_key: { default: 'Alt+Shift+P' },
          description: '__MSG_commandPushSelection__',
        },
      },
      // Settings an organisation sets by policy (lib/settings/managed.ts, README.md "For administrators").
      // Chrome and Edge hand an extension its policy only against a schema; Firefox reads policies.json's
      // `3rdparty.Extensions` without one and has no manifest key for it.
      ...(browser !== 'firefox' && { storage: { managed_schema: 'managed_schema.json' } }),
      ...(browser === 'firefox' && {
        browser_specific_settings: {
          gecko: {
            id: 'pushgate@pushgate.dev',
            // 128 is the floor: the first Firefox with `optional_host_permissions` in MV3, which is
            // how the options page asks for one instance origin. 140 (an ESR release) is the
            // first desktop Firefox that shows the data-collection declaration below at install.
            // web-ext lint still warns that Firefox for Android reads it only from 142: Pushgate does
            // not target Android (no context menus, shortcuts or sidebar there).
            strict_min_version: '140.0',
            // What Pushgate sends to the servers the person chose, in Mozilla's terms; required, because
            // sending it is the add-on's purpose. The reasoning per type is in README.md (Firefox).
            data_collection_permissions: {
              required: ['authenticationInfo', 'personalCommunications', 'websiteContent', 'browsingActivity'],
            },
          },
        },
      }),
    };
  },
  // web-ext is a devDependency for `npm run lint:firefox`. Installed, it also makes `wxt dev` start
  // a browser itself, which crashes WXT on a machine without a display or as root (Chromium's
  // sandbox). Dev keeps printing the folder to load instead; `npm start` opens a ready browser.
  webExt: { disabled: true },
  zip: {
    // The sources archive for addons.mozilla.org review holds exactly what `npm ci && npm run
    // build:firefox` needs, and nothing else: no tests, test artifacts, screenshots or stray
    // local files. A new top-level source folder must be added here (test/build/archives.test.ts
    // fails until it is).
    includeSources: [
      'entrypoints/**',
      'components/**',
      'lib/**',
      'public/**',
      'package.json',
      'package-lock.json',
      'tsconfig.json',
      'wxt.config.ts',
      'build/**',
      'README.md',
      'BUILDING.md',
      'docs/privacy.md',
      // Built into the settings page's "What's new" (lib/whats-new/changelog.ts).
      'CHANGELOG.md',
      'CHANGELOG.*.md',
    ],
  },
});
