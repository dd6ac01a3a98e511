import type { Worker } from 'playwright-core';
import { localStamp } from '../../servers/airport-sources/server.mjs';

/**
 * Watches on airport queues in the browser (docs/watches.md): the background's check run as if its
 * alarm had fired at a clock the test sets (`pushgateWatches.check(at)`, a test-build handle), and
 * what its notifications said, read as they are made (Chrome lets nobody read them back).
 */

export const MINUTE = 60_000;

export interface Notice {
  id: string;
  title: string;
  message: string;
}
export interface TestHooks {
  pushgateWatches: { check(at: number): Promise<number>; clickedNotification(id: string): boolean };
}

/** One check of the watches at `at`, with the notifications it showed. */
export function checkAt(worker: Worker, at: number): Promise<{ requests: number; shown: Notice[] }> {
  return worker.evaluate(async (when) => {
    const shown: Notice[] = [];
    const notifications = chrome.notifications;
    const create = notifications.create.bind(notifications);
    notifications.create = ((id: string, options: { title: string; message: string }) => {
      shown.push({ id, title: options.title, message: options.message });
      return create(id, options as never);
    }) as never;
    try {
      const requests = await (globalThis as unknown as TestHooks).pushgateWatches.check(when);
      return { requests, shown };
    } finally {
      notifications.create = create as never;
    }
  }, at);
}

export const stored = (worker: Worker, key: string) => worker.evaluate(async (name) => (await chrome.storage.local.get(name))[name], key);

/** Copenhagen's feed as the site sends it, Terminal 2 at `t2` ("10-15"), measured now on the feed's clock. */
export const copenhagenAt = (t2: string) => (now: number) => ({
  t2WaitingTime: Number(t2.split('-')[0]),
  t2WaitingTimeInterval: t2,
  t3WaitingTime: 3,
  t3WaitingTimeInterval: '0-5',
  deliveryId: localStamp(now, 'Europe/Copenhagen'),
});
