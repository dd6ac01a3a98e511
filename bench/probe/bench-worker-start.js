// Bench-only, the first module of the instrumented service worker (bench-background.js imports it
// before the product's background.js): notes the worker's start and when the browser confirms each
// context menu item.
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
