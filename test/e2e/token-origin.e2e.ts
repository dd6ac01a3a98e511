import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startPwpushServer, type PwpushServer } from '../servers/pwpush/server.mjs';
import { OptionsPage } from './pages/options';
import { useE2eSession } from './support/session';

describe('the API token stays with the instance it was entered for', () => {
  const session = useE2eSession();
  let other: PwpushServer;
  beforeEach(async () => {
    other = await startPwpushServer();
  });
  afterEach(async () => {
    await other.close();
  });

  it('saving another Instance URL sends the new server no Authorization, and says why the token went', async () => {
    const options = await OptionsPage.open(session.extension);
    const alice = session.pwpush.users[0]!;
    await options.save(session.pwpush.url, alice.token);
    await expect.poll(() => options.announcements()).toMatch(/token (was )?accepted/i);

    await options.instanceUrl().fill(other.url);
    await options.saveButton().click();
    await expect.poll(() => options.announcements(), { timeout: 15_000 }).toMatch(/saved/i);
    await expect.poll(() => other.requests.length, { timeout: 15_000 }).toBeGreaterThan(0);

    expect(await options.token().inputValue()).toBe('');
    await expect.poll(() => options.page.locator('#api-token-hint').innerText()).toContain(`entered for ${session.pwpush.url}`);
    // The popup reads the stored connection too: it must not find the old token for the new origin.
    const stored = await (await session.extension.worker()).evaluate(() => chrome.storage.local.get(null));
    expect(JSON.stringify(stored)).not.toContain(alice.token);
    expect(other.requests.filter((request) => request.authorization !== null)).toEqual([]);
  });
});
