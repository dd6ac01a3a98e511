import { resolve } from 'node:path';
import type { InlineConfig } from 'vite';
import { defineConfig } from 'wxt';
import { pageOwnCopies } from './build/page-own-copies';
import { styleInPage } from './build/style-in-page';
import { filledTexts } from './build/filled-texts';
import { indentationDropped } from './build/html-indentation';
import { packageFromEnv } from './build/packages.mjs';
import { packageChangelogs, versionsWithNews } from './build/changelogs.mjs';
import { packagePublicFiles } from './build/package-assets';
import { ownModulesPure, packageParts } from './build/package-parts';

// Which of the three packages to build (build/packages.ts, docs/packaging.md): `PUSHGATE_PACKAGE=share`
// or `airport`; unset, the combined Pushgate. Each package has its own entrypoints, name, icons,
// permissions and privacy policy, and the other purpose's code is left out of its bundles.
const pkg = packageFromEnv();
let zippingSources = false;

// `npm run build:test` sets this: the e2e suite, `npm start` and outside acceptance runs talk to
// local reference servers on loopback and must not stop at a permission prompt. The store build
// never grants any host at install; it asks for one origin at a time on the options page.
const grantLoopback = process.env.PUSHGATE_TEST_HOSTS === '1';
const loopback = ['http://127.0.0.1/*', 'http://localhost/*'];
// The store images' build (test/e2e/store-images.e2e.ts) also grants the https names it shows: a
// reference server behind TLS at a realistic address such as https://pwpush.example.com/*.
const grantedHosts = grantLoopback ? (process.env.PUSHGATE_GRANT_HOSTS ?? '').split(',').filter(Boolean) : [];

// Reading the clipboard (to clear a copied secret only while the clipboard still holds it) is asked
// for on the settings page when clearing is on, never at install: its prompt reads "Read data you copy
// and paste". No one answers a permission prompt in the e2e suites or `npm start`, so the test builds
// (Chrome and Firefox) have it at install (test/build/permissions.ts).
const askedWhenNeeded = ['clipboardRead'];

// Every permission here is listed with its reason in test/build/permissions.ts; manifest.test.ts there fails
// on any permission in a built manifest that is not listed there.
// `wxt/browser` is webextension-polyfill's promise-based `browser`. The background script bundles
// it (Chrome's service worker cannot import on demand) and runs it only without a `browser` namespace
// of its own (lib/browser/worker-namespace.ts); pages go through lib/browser/namespace.ts, which
// fetches it only there (Chrome before 148), where the polyfill is more than a pass-through.
const polyfillForWorker = resolve(import.meta.dirname, 'lib/browser/worker-namespace.ts');
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
  // Each package beside the others: .output/chrome-mv3 (the combined one), chrome-mv3-share, …
  outDirTemplate: `{{browser}}-mv{{manifestVersion}}{{modeSuffix}}${pkg.outSuffix}`,
  hooks: {
    // Only the package's entrypoints; an entrypoint's own exclusions still hold (offscreen: Chrome only).
    // The sources archive is one for the three packages (BUILDING.md builds each): once the package is
    // zipped, WXT looks for skipped entrypoints again to leave their files out of it, and none is skipped
    // for being another package's.
    'entrypoints:resolved': (_wxt, entrypoints) => {
      if (zippingSources) return;
      for (const entry of entrypoints) if (!pkg.entrypoints.includes(entry.name)) entry.skipped = true;
    },
    'zip:extension:done': () => {
      zippingSources = true;
    },
    'vite:build:extendConfig': (entrypoints, config) => {
      const worker = entrypoints.some((entry) => entry.type === 'background');
      pointBrowserTo(worker ? polyfillForWorker : polyfillForPages, config);
    },
    'vite:devServer:extendConfig': (config) => pointBrowserTo(polyfillForPages, config),
    // Chrome's service worker runs the background's one bundled file as a module: Chrome compiles a
    // classic service worker's whole script when it installs it, a module's functions only when they
    // first run (docs/performance.md, rule 26). WXT bundles a module background with the pages' shared
    // chunks, so its classic single-file bundle is kept and only declared a module: it has no imports.
    // Firefox's event page stays classic: it is a page, not a service worker that Chromium compiles whole at install.
    'build:manifestGenerated': (_wxt, manifest) => {
      if (manifest.background && 'service_worker' in manifest.background) manifest.background.type = 'module';
    },
    // The package's icons, its catalogues with only the messages it uses, and its privacy policy, which
    // ships inside the extension (the settings page links to it) from its one source, docs/privacy.md,
    // so the copy a person reads is the one of the version they run (test/build/privacy.test.ts).
    'build:publicAssets': (wxt, files) => {
      const built = wxt.config.command === 'build' ? wxt.config.outDir : null;
      packagePublicFiles(pkg, files, built, ['extName', 'extDescription', ...(pkg.share ? ['commandPushSelection'] : [])]);
    },
  },
  // Every browser Pushgate supports has <link rel="modulepreload"> (Chrome 66, Firefox 115): Vite's
  // polyfill for it would only add bytes to every page (docs/performance.md, rule 12).
  vite: ({ browser }) => ({
    plugins: [
      pageOwnCopies(),
      styleInPage(['entrypoints/sidepanel/index.html']),
      packageParts(pkg, ['entrypoints/popup/index.html']),
      ownModulesPure(pkg),
      // The settings page's tab says the package's own name ("Pushgate Airport settings") before its script
      // sets the title in the person's language (lib/i18n.ts, `localizeDocument`).
      filledTexts(['entrypoints/popup/index.html', 'entrypoints/options/index.html'], pkg),
      indentationDropped(['entrypoints/popup/index.html']),
      packageChangelogs(pkg),
    ],
    build: { modulePreload: { polyfill: false } },
    define: {
      // Which purposes this package carries (build/packages.ts): code that mixes both tests these, and
      // the other purpose's code drops out of the bundle (test/build/bundles.test.ts).
      'import.meta.env.PUSHGATE_SHARE': JSON.stringify(pkg.share),
      'import.meta.env.PUSHGATE_AIRPORT': JSON.stringify(pkg.airport),
      // The versions whose changelog has entries for this package: an update brings the toolbar's dot
      // only when one of them is new to the person (lib/whats-new/update.ts, build/changelogs.mjs).
      'import.meta.env.PUSHGATE_NEWS': JSON.stringify(versionsWithNews(pkg).join(',')),
      // The background's test hook (`globalThis.pushgate`) is compiled in only here: a store build has
      // no handle by which code in the worker's scope could drive a push (test/build/hardening.test.ts).
      'import.meta.env.PUSHGATE_TEST_HOOKS': JSON.stringify(grantLoopback),
      // A clipboard clear's second lasts 100 ms in `npm run build:test:firefox` only, so its Firefox
      // test does not sit idle for a minute (lib/browser/clipboard/clear-timing.ts); every other build
      // waits whole seconds (test/build/hardening.test.ts).
      'import.meta.env.PUSHGATE_CLEAR_SECOND_MS': JSON.stringify(grantLoopback && browser === 'firefox' ? 100 : 1000),
      // The instances' budget (lib/pace/instance-pacers.ts) and the lockdown's retry back-off are
      // larger and shorter in the test builds only, so the e2e lockdowns of hundreds of pushes take
      // seconds (lib/lockdown/timing.ts); a 429's Retry-After is waited out as sent. The bench's build
      // (bench/build.mjs) keeps the real budget with PUSHGATE_REAL_PACE=1.
      'import.meta.env.PUSHGATE_PACE_PER_MINUTE': JSON.stringify(grantLoopback && process.env.PUSHGATE_REAL_PACE !== '1' ? 600 : 100),
      'import.meta.env.PUSHGATE_LOCKDOWN_BACKOFF_MS': JSON.stringify(grantLoopback ? 200 : 2000),
    },
  }),
  manifest: ({ browser }) => {
    const grantClipboardRead = grantLoopback;
    return {
      name: '__MSG_extName__',
      description: '__MSG_extDescription__',
      default_locale: 'en',
      // Only what the package's purpose uses (test/build/permissions.ts says which and why). WXT adds
      // `sidePanel` in Chrome for a package with the side panel.
      permissions: [
        'storage',
        ...(pkg.share ? ['contextMenus', 'scripting', 'activeTab', 'clipboardWrite'] : []),
        // Read receipts and the menu's outcome (sharing); a met queue watch (airport).
        'notifications',
        'alarms',
        ...(pkg.airport ? ['idle'] : []),
        ...(pkg.share && browser !== 'firefox' ? ['offscreen'] : []),
        ...(pkg.share && grantClipboardRead ? askedWhenNeeded : []),
      ],
      ...(pkg.share && !grantClipboardRead && { optional_permissions: askedWhenNeeded }),
      ...(grantLoopback && { host_permissions: [...loopback, ...grantedHosts] }),
      optional_host_permissions: ['https://*/*', ...loopback],
      ...(pkg.share && {
        commands: {
          'push-selection': {
            suggested_key: { default: 'Alt+Shift+P' },
            description: '__MSG_commandPushSelection__',
          },
        },
      }),
      // No popup: the toolbar button opens the side panel (entrypoints/background.ts), its tooltip the name.
      ...(!pkg.share && { action: { default_title: '__MSG_extName__' } }),
      // Settings an organisation sets by policy (lib/settings/managed.ts, README.md "For administrators"), in
      // every package, each schema with the keys of its purposes (build/package-assets.ts). Chrome and Edge hand
      // an extension its policy only against a schema; Firefox reads policies.json's `3rdparty.Extensions`
      // without one and has no manifest key for it.
      ...(browser !== 'firefox' && { storage: { managed_schema: 'managed_schema.json' } }),
      ...(browser === 'firefox' && {
        browser_specific_settings: {
          gecko: {
            id: pkg.geckoId,
            // 128 is the floor: the first Firefox with `optional_host_permissions` in MV3, which is
            // how the options page asks for one instance origin. 140 (an ESR release) is the
            // first desktop Firefox that shows the data-collection declaration below at install.
            // web-ext lint still warns that Firefox for Android reads it only from 142: Pushgate does
            // not target Android (no context menus, shortcuts or sidebar there).
            strict_min_version: '140.0',
            // What the package sends to the servers the person chose, in Mozilla's terms (build/packages.mjs;
            // the reasoning per type is in README.md, Firefox); required, because sending it is the
            // add-on's purpose. Chrome's data-usage answers in the release checklist come from the same list.
            data_collection_permissions: {
              required: pkg.dataCollection,
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
    // pushgate-<version>-chrome.zip, pushgate-share-…, pushgate-airport-…, and their sources archives.
    name: pkg.artifact,
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
      // Built into the settings page's "What's new", each package its own entries (build/changelogs.mjs).
      'CHANGELOG.md',
      'CHANGELOG.*.md',
    ],
  },
});
