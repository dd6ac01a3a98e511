// Bench-only service worker (the instrumented copy's manifest points here): notes when the
// browser confirms each context menu item, then runs the product's background.js unchanged, and
// notes when its script has run to the end.
// Times are performance.now(): ms since the worker's time origin, i.e. since the worker started.
globalThis.__benchWorker = { scriptStart: performance.now(), menus: {} };

for (const api of new Set([globalThis.chrome?.contextMenus, globalThis.browser?.contextMenus])) {
  if (!api) continue;
  const create = api.create.bind(api);
  api.create = (properties, callback) =>
    create(properties, () => {
      // The callback runs once the browser has registered the item (or failed to).
      if (!chrome.runtime.lastError) globalThis.__benchWorker.menus[properties.id] = performance.now();
      callback?.();
    });
}

importScripts('/background.js');
globalThis.__benchWorker.scriptEnd = performance.now();
