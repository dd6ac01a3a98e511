// Service-worker start-up: from the worker starting (its time origin, performance.now() = 0) to
// the browser confirming all context menu items. Menus are created on install, so each run is a
// fresh profile: Chromium launches, installs the extension and starts its worker. The
// instrumented copy's bench-background.js notes each `contextMenus.create` callback, then runs
// the product's background.js unchanged.
import { launchBench, until } from './browser.mjs';

const MENU_COUNT = 3;

/** @returns `menusRegistered[]` and `scriptStart[]` (when the worker's script began), in ms. */
export async function measureWorkerStartup(extensionDir, { runs }) {
  const menusRegistered = [];
  const scriptStart = [];
  for (let run = 0; run < runs; run++) {
    const bench = await launchBench(extensionDir);
    try {
      const worker = await bench.worker();
      const times = await until(() =>
        worker.evaluate((count) => {
          const { scriptStart, menus } = globalThis.__benchWorker;
          const registered = Object.values(menus);
          return registered.length === count && { scriptStart, menusRegistered: Math.max(...registered) };
        }, MENU_COUNT),
      );
      menusRegistered.push(times.menusRegistered);
      scriptStart.push(times.scriptStart);
    } finally {
      await bench.close();
    }
  }
  return { menusRegistered, scriptStart };
}
