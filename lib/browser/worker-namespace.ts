import type { browser as wxtBrowser } from 'wxt/browser';

/**
 * What `wxt/browser` resolves to in the background (wxt.config.ts points it here).
 *
 * Chrome 148+ and Firefox have a promise-based `browser` of their own, which webextension-polyfill
 * would hand through untouched. Imported as a module, though, the bundler's interop copied every
 * property of that namespace onto a module object at the worker's start, before any event: a
 * getter per API, and some of Chrome's API bindings built on the way (docs/performance.md, rule 25).
 * So the polyfill is required only where it does something, on Chrome before 148; a service
 * worker cannot import on demand, and a bundled `require` runs the module only when called.
 */
type Browser = typeof wxtBrowser;
type Scope = { browser?: Browser; chrome?: Browser };
declare const require: (id: 'webextension-polyfill') => Browser;

const scope = globalThis as Scope;
// The polyfill's own test: a `browser` whose runtime has an id.
const native = scope.browser?.runtime?.id ? scope.browser : undefined;

export const browser: Browser = native ?? require('webextension-polyfill');
