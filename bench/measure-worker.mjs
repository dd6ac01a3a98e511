// Service-worker start-up: from the worker starting (its time origin, performance.now() = 0) to
// its script having run to the end, and for Pushgate to the browser confirming all context menu
// items. Menus are created on install, so each run is a fresh profile: Chromium launches, installs
// the extension(s) and starts the worker(s); with a peer both install in the same browser. The
// instrumented copies' bench workers (both module workers) note the start, import the product's
// worker unchanged, note the end, and for Pushgate note each `contextMenus.create` callback.
// With a peer the two install first by turns, run by run: the worker of the extension installed
// first starts while Chromium still installs the other: one build's worker took ×1.75 of the
// official one's installed first and ×1.34 installed second (20 fresh profiles each, alternating).
// Run 0 installs Pushgate first, so an odd number of runs has it first once more.
import { launchBench, until } from './browser.mjs';

const MENU_COUNT = 3;

/**
 * @returns `menusRegistered[]`, `scriptStart[]` and `scriptEnd[]` in ms; with a peer also
 * `peerScriptStart[]` and `peerScriptEnd[]`.
 */
export async function measureWorkerStartup(extensionDir, { runs, peer = null }) {
  const result = { menusRegistered: [], scriptStart: [], scriptEnd: [], ...(peer && { peerScriptStart: [], peerScriptEnd: [] }) };
  for (let run = 0; run < runs; run++) {
    const bench = await launchBench(extensionDir, { peer, peerFirst: run % 2 === 1 });
    try {
      const worker = await bench.worker();
      const times = await until(() =>
        worker.evaluate((count) => {
          const { scriptStart, scriptEnd, menus } = globalThis.__benchWorker;
          const registered = Object.values(menus);
          return registered.length === count && { scriptStart, scriptEnd, menusRegistered: Math.max(...registered) };
        }, MENU_COUNT),
      );
      result.menusRegistered.push(times.menusRegistered);
      result.scriptStart.push(times.scriptStart);
      result.scriptEnd.push(times.scriptEnd);
      if (bench.peer) {
        const peerWorker = await bench.peer.worker();
        const peerTimes = await until(() =>
          peerWorker.evaluate(() => globalThis.__benchWorker?.scriptEnd !== undefined && globalThis.__benchWorker),
        );
        result.peerScriptStart.push(peerTimes.scriptStart);
        result.peerScriptEnd.push(peerTimes.scriptEnd);
      }
    } finally {
      await bench.close();
    }
  }
  return result;
}
