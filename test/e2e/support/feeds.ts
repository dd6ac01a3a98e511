import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Worker } from 'playwright-core';
import { startFeedServers, type FeedId, type FeedServer } from '../../servers/airport-sources/server.mjs';

/**
 * The airports' website feeds for one spec file (test/servers/airport-sources), reset before each
 * test; `point` stores their addresses in the extension, as the settings page's Airport websites do.
 * The test build holds host access to loopback, so no prompt stands between the panel and them.
 */
export function useFeedServers() {
  const feeds = {} as Record<FeedId, FeedServer>;
  beforeAll(async () => {
    Object.assign(feeds, await startFeedServers());
  });
  beforeEach(() => {
    for (const server of Object.values(feeds)) server.reset();
  });
  afterAll(async () => {
    await Promise.all(Object.values(feeds).map((server) => server.close()));
  });

  /** Every feed address at its reference server, and whatever else is given (`defaultAirport`, `myFlight` …). */
  async function point(worker: Worker, extra: Record<string, unknown> = {}) {
    const airportFeedUrls = Object.fromEntries(Object.values(feeds).map((server) => [server.id, server.feedUrl]));
    await worker.evaluate((values) => chrome.storage.local.set(values), { airportFeedUrls, ...extra });
  }
  return { feeds, point };
}
