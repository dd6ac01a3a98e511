import type { Page, Worker } from 'playwright-core';

/** Stores the instance and token as the options page would, for tests about other surfaces. */
export async function configureInstance(worker: Worker, instanceUrl: string, token = ''): Promise<void> {
  await worker.evaluate(
    async ({ instanceUrl, token }) => {
      await chrome.storage.local.set({ instanceUrl, apiToken: token, rememberToken: true });
    },
    { instanceUrl, token },
  );
}

/**
 * Everything the extension has stored, as one string: every storage area and every IndexedDB
 * database of the extension origin. Used to prove a secret was never written anywhere.
 */
export async function dumpEverythingStored(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const areas = {
      local: await chrome.storage.local.get(null),
      sync: await chrome.storage.sync.get(null),
      session: await chrome.storage.session.get(null),
    };
    const databases: Record<string, unknown> = {};
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        databases[`${name}/${store}`] = await new Promise((resolve, reject) => {
          const all = db.transaction(store).objectStore(store).getAll();
          all.onsuccess = () => resolve(all.result);
          all.onerror = () => reject(all.error);
        });
      }
      db.close();
    }
    return JSON.stringify({ areas, databases, localStorage: { ...localStorage }, sessionStorage: { ...sessionStorage } });
  });
}
