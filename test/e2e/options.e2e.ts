import { describe, expect, it } from 'vitest';
import { OptionsPage } from './pages/options';
import { expectNoSeriousA11yViolations } from './support/axe';
import { screenshot } from './support/screenshots';
import { useE2eSession } from './support/session';

describe('options page', () => {
  const session = useE2eSession();
  const stored = async () =>
    (await session.extension.worker()).evaluate(async () => ({
      local: await chrome.storage.local.get(null),
      session: await chrome.storage.session.get(null),
      sync: await chrome.storage.sync.get(null),
    }));

  it('connects to the instance through its controls and reports what it offers', async () => {
    const options = await OptionsPage.open(session.extension);
    await options.saveButton().waitFor();
    await expectNoSeriousA11yViolations(options.page, 'the options page as it opens');
    const alice = session.pwpush.users[0]!;
    await options.save(`${session.pwpush.url}/some/path?x=1`, alice.token);

    await expect.poll(() => options.announcements()).toMatch(/token (was )?accepted/i);
    const report = await options.announcements();
    expect(report).toMatch(/oss/i);
    expect(report).toContain('2.11');
    expect(await options.instanceUrl().inputValue()).toBe(session.pwpush.url);
    const { local, session: sessionArea, sync } = await stored();
    expect(local.instanceUrl).toBe(session.pwpush.url);
    expect(local.apiToken).toEqual({ origin: session.pwpush.url, token: alice.token });
    expect(JSON.stringify(sync)).not.toContain(alice.token);
    expect(JSON.stringify(sessionArea)).not.toContain(alice.token);
    // The token was validated against an authenticated endpoint; /version accepts any token.
    expect(session.pwpush.requests.some((r) => r.path.endsWith('/pushes/active'))).toBe(true);
    await expectNoSeriousA11yViolations(options.page, 'the options page after Save, with the instance report');
    await screenshot(options.page, 'options');
  });

  it('keeps a token it is told not to remember in session storage only', async () => {
    const options = await OptionsPage.open(session.extension);
    const alice = session.pwpush.users[0]!;
    await options.instanceUrl().fill(session.pwpush.url);
    await options.token().fill(alice.token);
    await options.remember().uncheck();
    await options.saveButton().click();
    await expect.poll(() => options.announcements()).toMatch(/token (was )?accepted/i);
    const { local, session: sessionArea } = await stored();
    expect(JSON.stringify(local)).not.toContain(alice.token);
    expect(sessionArea.apiToken).toEqual({ origin: session.pwpush.url, token: alice.token });
  });

  it('says plainly when the token is rejected, and keeps what was typed', async () => {
    const options = await OptionsPage.open(session.extension);
    await options.save(session.pwpush.url, 'not-a-real-token');
    await expect.poll(() => options.announcements()).toMatch(/rejected/i);
    expect(await options.token().inputValue()).toBe('not-a-real-token');
    await expectNoSeriousA11yViolations(options.page, 'the options page with a rejected token');
    expect(await options.instanceUrl().inputValue()).toBe(session.pwpush.url);
  });

  it('says plainly when the instance cannot be reached', async () => {
    const options = await OptionsPage.open(session.extension);
    // Port 9 (discard) on loopback: nothing listens there.
    await options.save('http://127.0.0.1:9', '');
    await expect.poll(() => options.announcements(), { timeout: 15_000 }).toMatch(/could not be reached|unreachable/i);
    expect(await options.instanceUrl().inputValue()).toBe('http://127.0.0.1:9');
    await expectNoSeriousA11yViolations(options.page, 'the options page with an unreachable instance');
  });

  it('refuses a plain-http instance and saves nothing', async () => {
    const options = await OptionsPage.open(session.extension);
    await options.save('http://pwpush.example', '');
    const fieldError = async () => (await options.page.locator('.field-error').allInnerTexts()).join('\n');
    await expect.poll(fieldError).toMatch(/https/i);
    await expect.poll(async () => (await options.instanceUrl().getAttribute('aria-invalid')) ?? '').toBe('true');
    await expectNoSeriousA11yViolations(options.page, 'the options page with a field error');
    const { local } = await stored();
    expect(local.instanceUrl).toBeUndefined();
    expect(session.pwpush.requests).toHaveLength(0);
  });
});
