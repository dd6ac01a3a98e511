import { rmSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startPwpushServer, type PwpushServer } from '../servers/pwpush/server.mjs';
import { OptionsPage } from './pages/options';
import { PopupPage } from './pages/popup';
import { PushesPage } from './pages/pushes';
import { launchExtension, type ExtensionBrowser } from './support/browser';
import { filesHolding } from './support/profile-search';
import { configureInstance } from './support/storage';

describe('forget means gone from the disk', () => {
  let pwpush: PwpushServer;
  let extension: ExtensionBrowser;
  beforeEach(async () => {
    pwpush = await startPwpushServer();
    extension = await launchExtension({ keepProfile: true });
    await configureInstance(await extension.worker(), pwpush.url, pwpush.users[0]!.token);
  });
  afterEach(async () => {
    await extension.close();
    rmSync(extension.profileDir, { recursive: true, force: true });
    await pwpush.close();
  });

  it('"Keep a history" turned off and saved: after a restart no kept name, note or link is in the profile', async () => {
    const name = `name-${crypto.randomUUID()}`;
    const note = `note-${crypto.randomUUID()}`;
    const popup = await PopupPage.open(extension);
    await popup.secret().fill('a secret');
    await popup.options().click();
    await popup.page.getByRole('textbox', { name: 'Name' }).fill(name);
    await popup.page.getByRole('textbox', { name: 'Note' }).fill(note);
    await popup.pushButton().click();
    const link = await popup.link();
    const token = new URL(link).pathname.split('/')[2]!;
    await popup.page.close();
    const pushes = await PushesPage.open(extension);
    // The background writes the history after the popup closed; a reload shows it once it is there, and its rows
    // are drawn after the page's own read of it, so each look waits for that read rather than the next reload.
    const listed = async () => {
      await pushes.page.reload();
      await pushes
        .rows()
        .first()
        .waitFor({ timeout: 3_000 })
        .catch(() => undefined);
      return pushes.names();
    };
    await expect.poll(listed, { timeout: 20_000 }).toEqual([name]);
    await pushes.page.close();

    const options = await OptionsPage.open(extension);
    await options.page.getByRole('checkbox', { name: 'Keep a history of pushes in this browser' }).uncheck();
    await options.saveButton().click();
    await expect.poll(() => options.announcements(), { timeout: 15_000 }).toMatch(/saved/i);
    // A restart: whatever the browser had in memory is written out, and read back in.
    await extension.close();
    extension = await launchExtension({ profileDir: extension.profileDir });
    await (await extension.worker()).evaluate(() => chrome.runtime.id);
    await extension.close();

    const holding = (needle: string) => filesHolding(extension.profileDir, needle);
    expect({ name: holding(name), note: holding(note), token: holding(token) }).toEqual({ name: [], note: [], token: [] });
  }, 60_000);
});
