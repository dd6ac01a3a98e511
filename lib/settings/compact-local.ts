import { browser } from 'wxt/browser';

/**
 * Makes `storage.local` let go of what was removed from it. Chromium keeps it in a LevelDB whose log
 * holds a removed value's bytes until the log is turned into a table and that table is compacted,
 * which in a database this small may be never: throwaway writes only move the bytes into a table,
 * and a first table goes straight to a level nothing this small compacts again. Its `clear()` is
 * different: Chromium deletes the database's files and starts a new one. So everything kept is
 * read, the area cleared, and the kept values written back at once, into a new log that never held
 * the removed ones (test/e2e/lockdown-restart.e2e.ts searches the profile after a restart). Firefox
 * keeps `storage.local` in IndexedDB (SQLite): the same calls cost it little.
 *
 * Values another page writes between the read and the clear would be lost: the lockdown runs this
 * once, with receipts paused and its own state written again right after.
 */
export async function compactLocalStorage(): Promise<boolean> {
  try {
    const kept = await browser.storage.local.get(null);
    await browser.storage.local.clear();
    if (Object.keys(kept).length > 0) await browser.storage.local.set(kept);
    return true;
  } catch {
    return false;
  }
}
