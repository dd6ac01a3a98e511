import { rmSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFeedServer, type FeedServer } from '../servers/airport-sources/server.mjs';
import { SidePanelPage } from './pages/sidepanel';
import { launchExtension, type ExtensionBrowser } from './support/browser';
import { checkAt, copenhagenAt, MINUTE, stored } from './support/watches';

describe('a queue watch across a browser restart', () => {
  let clock = Date.now();
  let cph: FeedServer;
  let extension: ExtensionBrowser;
  beforeEach(async () => {
    clock = Date.now();
    cph = await startFeedServer('cph', { now: () => clock });
    extension = await launchExtension({ keepProfile: true });
  });
  afterEach(async () => {
    await extension.close();
    rmSync(extension.profileDir, { recursive: true, force: true });
    await cph.close();
  });

  it('is still listed and scheduled at the floor after the browser quits and starts again, and fires then', async () => {
    const worker = await extension.worker();
    await worker.evaluate((url) => chrome.storage.local.set({ airportFeedUrls: { cph: url } }), cph.feedUrl);
    const panel = await SidePanelPage.open(extension);
    await panel.choose('CPH');
    await expect.poll(() => panel.waits()).toContainEqual(['Terminal 2', '10–15 min']);
    await panel.watch('Terminal 2', { kind: 'under', minutes: 10 });
    const lastCheck = async () =>
      ((await stored(await extension.worker(), 'airportWatchesState')) as { lastCheckAt: number | null } | undefined)?.lastCheckAt ?? null;
    await expect.poll(lastCheck).not.toBeNull();
    const checkedAt = (await lastCheck())!;
    await panel.page.close();

    // The person quits the browser and starts it again on the same profile.
    await extension.close();
    extension = await launchExtension({ profileDir: extension.profileDir });
    const woken = await extension.worker();
    // One alarm, five minutes after the last check: not sooner, whatever the restart.
    await expect
      .poll(() => woken.evaluate(async () => (await chrome.alarms.get('pushgate-watches'))?.scheduledTime ?? null))
      .toBeGreaterThanOrEqual(checkedAt + 5 * MINUTE);
    expect(
      await woken.evaluate(async () => (await chrome.alarms.getAll()).filter((alarm) => alarm.name === 'pushgate-watches').length),
    ).toBe(1);
    const again = await SidePanelPage.open(extension);
    await expect.poll(() => again.watchList().innerText()).toMatch(/Terminal 2\u2069?, Copenhagen Airport.*: under 10 min · until /);

    // Terminal 2 drops; the check the alarm makes tells of it.
    cph.setSchedule([{ from: clock + 3 * MINUTE, body: copenhagenAt('0-5') }]);
    clock += 6 * MINUTE;
    const { requests, shown } = await checkAt(woken, clock);
    expect(requests).toBe(1);
    expect(shown.map(({ title }) => title)).toEqual(['Under 10 min at CPH']);
    await expect.poll(() => again.watchList().innerText()).toMatch(/Met: 0–5 min\./);
  });
});
