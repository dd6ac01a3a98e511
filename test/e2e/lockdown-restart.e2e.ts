import { rmSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startPwpushServer, type PwpushServer } from '../servers/pwpush/server.mjs';
import { LockdownPanel } from './pages/lockdown';
import { PopupPage } from './pages/popup';
import { launchExtension, type ExtensionBrowser } from './support/browser';
import { needlesHeld } from './support/profile-search';
import { configureInstance } from './support/storage';

describe('a lockdown across a browser restart, and what the profile holds after it', () => {
  const token = `tok-${crypto.randomUUID()}`;
  const email = 'alice@example.com';
  let pwpush: PwpushServer;
  let extension: ExtensionBrowser;
  beforeEach(async () => {
    // 300 pushes at the test build's pace would meet Rack::Attack's 120 a minute: the pace under the
    // throttle is test/unit/lockdown/pace.test.ts's; this is about the restart and the disk.
    pwpush = await startPwpushServer({ throttle: false, users: [{ token, email }] });
    extension = await launchExtension({ keepProfile: true });
  });
  afterEach(async () => {
    await extension.close();
    rmSync(extension.profileDir, { recursive: true, force: true });
    await pwpush.close();
  });

  /** The browser quits and starts again on the same profile, as a person closing and reopening it. */
  async function restart(): Promise<void> {
    await extension.close();
    extension = await launchExtension({ profileDir: extension.profileDir });
  }

  it('closed midway, it goes on at the next start with no page open, and then the profile holds no token, link token, name or My flight', async () => {
    const flight = `SK${Math.floor(Math.random() * 9000) + 1000}`;
    const worker = await extension.worker();
    await configureInstance(worker, pwpush.url, token);
    await worker.evaluate(
      (flight) => chrome.storage.local.set({ recentAirports: ['ARN'], myFlight: { iata: 'ARN', flight, date: '2099-01-01' } }),
      flight,
    );
    // One push from the popup, named: its link and name go into this browser's history.
    const pushedName = `name-${crypto.randomUUID()}`;
    const popup = await PopupPage.open(extension);
    await popup.secret().fill('a secret');
    await popup.options().click();
    await popup.page.getByRole('textbox', { name: 'Name' }).fill(pushedName);
    await popup.pushButton().click();
    const pushedToken = new URL(await popup.link()).pathname.split('/')[2]!;
    await popup.page.close();
    const names = Array.from({ length: 300 }, (_, i) => `seeded-${crypto.randomUUID()}-${i}`);
    const seeded = pwpush.seed(names.map((name, i) => ({ owner: email, name, createdAt: Date.now() - 600_000 + i })));

    const page = await extension.open('pushes.html#lockdown');
    const lockdown = new LockdownPanel(page);
    await lockdown.confirm().click();
    await expect.poll(() => lockdown.expired(), { timeout: 60_000 }).toBeGreaterThan(40);
    await restart();
    const expiredAtRestart = pwpush.pushes().filter((push) => push.expired).length;
    expect(expiredAtRestart).toBeLessThan(301);

    // No page is opened: the background's own start goes on with it.
    await expect.poll(() => pwpush.pushes().filter((push) => !push.expired).length, { timeout: 120_000, interval: 500 }).toBe(0);
    const deletes = pwpush.requests.filter((request) => request.method === 'DELETE').map((request) => request.path);
    // Each push was asked to expire once: the restart read the Active list again, not the pushes already done.
    expect(new Set(deletes).size).toBe(deletes.length);

    const after = await extension.open('pushes.html');
    const panel = new LockdownPanel(after);
    await panel.report().waitFor({ timeout: 60_000 });
    // A DELETE whose answer was lost with the closing browser expired its push uncounted: never counted twice.
    expect(await panel.report().innerText()).toMatch(/(300|301) pushes on 127\.0\.0\.1:\d+ were expired\./);
    await after.close();

    // What a restart leaves on disk: searched byte for byte in every file of the profile.
    await restart();
    await (await extension.worker()).evaluate(() => chrome.runtime.id);
    await extension.close();
    const held = needlesHeld(extension.profileDir, [token, pushedToken, pushedName, flight, ...seeded, ...names]);
    expect(held).toEqual({});
  }, 300_000);
});
