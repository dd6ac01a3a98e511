import type { browser as wxtBrowser } from 'wxt/browser';

/**
 * What `wxt/browser` resolves to on extension pages (wxt.config.ts points it here).
 *
 * Chrome 148+ and Firefox have a promise-based `browser` namespace of their own, and
 * webextension-polyfill hands it through untouched when it finds one. The rest of it only runs on
 * older Chrome, so pages fetch it there and nowhere else: loaded always, it would weigh on every
 * page's opening bytes (docs/performance.md, rule 8). The background script cannot import on
 * demand and keeps the polyfill bundled (wxt.config.ts).
 *
 * Not a top-level await: Rolldown turns off all its chunk merging for a build with one, and the
 * popup would load many more files (docs/performance.md, rule 9).
 */
type Browser = typeof wxtBrowser;
type Scope = { browser?: Browser; chrome?: Browser };

const scope = globalThis as Scope;
// The polyfill's test (a `browser` with a `runtime`, not a page element named "browser"), asked
// with `in`: reading `runtime` would build that whole namespace in the page, memory the popup
// does not need to open (docs/performance.md, rule 7).
const hasNative = Boolean(scope.browser && typeof scope.browser === 'object' && 'runtime' in scope.browser);

/**
 * Until `browserReady` settles on older Chrome this is `chrome`, whose MV3 calls already return
 * promises; what only the polyfill gives there (a message listener that answers with a promise)
 * is set up after `browserReady`, which every page awaits before it starts.
 */
export let browser: Browser = hasNative ? scope.browser! : scope.chrome!;

export const browserReady: Promise<void> = hasNative
  ? Promise.resolve()
  : import('./polyfill').then(({ default: polyfill }) => {
      browser = polyfill as unknown as Browser;
    });
