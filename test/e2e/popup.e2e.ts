import { describe, expect, it } from 'vitest';
import { PopupPage } from './pages/popup';
import { expectNoSeriousA11yViolations } from './support/axe';
import { screenshot } from './support/screenshots';
import { useE2eSession } from './support/session';
import { configureInstance } from './support/storage';

describe('popup', () => {
  const session = useE2eSession();
  const creates = () => session.pwpush.requests.filter((r) => r.method === 'POST' && r.path === '/api/v2/pushes');
  const openConfigured = async (token = session.pwpush.users[0]!.token) => {
    await configureInstance(await session.extension.worker(), session.pwpush.url, token);
    return PopupPage.open(session.extension);
  };

  it('sends an unconfigured extension to the options page', async () => {
    const popup = await PopupPage.open(session.extension);
    await expect.poll(() => popup.page.getByRole('button', { name: 'Open settings' }).count()).toBe(1);
    expect(await popup.secret().count()).toBe(0);
    await expectNoSeriousA11yViolations(popup.page, 'the popup before set-up');
  });

  it('pushes typed text with one request and hands back the link, copied, shown and as a QR code', async () => {
    const popup = await openConfigured();
    await popup.secret().waitFor();
    await expectNoSeriousA11yViolations(popup.page, 'the push form');
    const secret = '  correct horse\nbattery staple  ';
    await popup.pushText(secret);

    const link = await popup.link();
    const [stored] = session.pwpush.pushes();
    expect(link).toBe(stored!.html_url);
    expect(link).toMatch(/\/p\/[a-z0-9_-]+\/r$/);
    expect(stored!.payload).toBe(secret);
    expect(creates()).toHaveLength(1);
    await expect.poll(() => popup.qrCode().count()).toBe(1);
    // Copied at once (the default), then again with the button.
    await popup.page.bringToFront();
    await expect.poll(() => popup.page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await popup.page.evaluate(() => navigator.clipboard.writeText(''));
    await popup.copyLink().click();
    await expect.poll(() => popup.page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    expect(await popup.secret().count()).toBe(0);
    await expectNoSeriousA11yViolations(popup.page, 'the link result with its QR code');
    await screenshot(popup.page, 'popup-link');
  });

  it('keeps "Push" in reach without scrolling in a 600 px popup with the options open', async () => {
    const popup = await openConfigured();
    await popup.page.setViewportSize({ width: 360, height: 600 });
    await popup.secret().fill('db password');
    await popup.options().click();
    await popup.page.getByRole('textbox', { name: 'Note' }).waitFor();
    // The form is taller than the popup, and nothing has been scrolled.
    expect(await popup.page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(600);
    expect(await popup.page.evaluate(() => window.scrollY)).toBe(0);
    const box = (await popup.pushButton().boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(600);
    // On top, not under another element: a real click at its centre lands on it.
    const hit = await popup.page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.textContent, {
      x: box.x + box.width / 2,
      y: box.y + box.height / 2,
    });
    expect(hit).toBe('Push');
    await popup.pushButton().click({ trial: true });
  });

  it('sends the chosen options: days, views, passphrase, name, note, deletable, retrieval step', async () => {
    const popup = await openConfigured();
    await popup.secret().fill('db password');
    await popup.options().click();
    await popup.page.getByRole('spinbutton', { name: 'Expire after days' }).fill('2');
    await popup.page.getByRole('spinbutton', { name: 'Expire after views' }).fill('1');
    await popup.passphrase().fill('open sesame');
    await popup.page.getByRole('checkbox', { name: 'Retrieval step' }).uncheck();
    await popup.page.getByRole('checkbox', { name: 'Deletable by viewer' }).uncheck();
    await popup.page.getByRole('textbox', { name: 'Name' }).fill('Staging DB');
    await popup.page.getByRole('textbox', { name: 'Note' }).fill('for Kim');
    await expectNoSeriousA11yViolations(popup.page, 'the push form with its options open');
    await popup.pushButton().click();

    const link = await popup.link();
    expect(link).not.toMatch(/\/r$/);
    const [stored] = session.pwpush.pushes();
    expect(stored).toMatchObject({
      expire_after_days: 2,
      expire_after_views: 1,
      passphrase: 'open sesame',
      retrieval_step: false,
      deletable_by_viewer: false,
      name: 'Staging DB',
      note: 'for Kim',
    });
  });

  it('shows a generated passphrase once beside the link, masked, and asks before "Push another" loses it', async () => {
    const popup = await openConfigured();
    await popup.secret().fill('vault key');
    await popup.options().click();
    await popup.page.getByRole('button', { name: 'Generate' }).click();
    const generated = await popup.passphrase().inputValue();
    expect(generated.length).toBeGreaterThan(10);
    await popup.pushButton().click();
    await popup.link();
    expect(session.pwpush.pushes()[0]!.passphrase).toBe(generated);
    const view = popup.page.locator('.passphrase-once');
    expect(await view.textContent()).not.toContain(generated);
    await popup.page.getByRole('button', { name: 'Push another' }).click();
    await popup.page.getByText(/neither shown nor copied the passphrase/).waitFor();
    await popup.page.getByRole('button', { name: 'Back to the passphrase' }).click();
    await popup.page.getByRole('button', { name: 'Show passphrase' }).click();
    expect(await view.textContent()).toContain(generated);
    await expectNoSeriousA11yViolations(popup.page, 'the link with its passphrase shown');
    await screenshot(popup.page, 'popup-link-passphrase');
    await popup.page.getByRole('button', { name: 'Push another' }).click();
    await popup.secret().waitFor();
    expect(await popup.passphrase().inputValue()).toBe('');
  });

  it('creates one push however often Push is clicked or Enter pressed', async () => {
    const popup = await openConfigured();
    session.pwpush.setFault({ type: 'slow', ms: 600, paths: '/pushes' });
    await popup.secret().fill('only once');
    await popup.pushButton().dblclick();
    await popup
      .pushButton()
      .press('Enter')
      .catch(() => undefined);
    await popup.link();
    expect(creates()).toHaveLength(1);
  });

  it('shows the push shortcut for the platform the background keeps, and that shortcut pushes', async () => {
    const worker = await session.extension.worker();
    // As the background stored it on install; the suite clears storage before each test.
    await worker.evaluate(() => chrome.storage.local.set({ platformOs: 'mac' }));
    const popup = await openConfigured();
    await expect.poll(() => popup.page.locator('#push-shortcut').textContent()).toBe('Shortcut: ⌘+Enter');
    expect(await popup.pushButton().getAttribute('aria-keyshortcuts')).toBe('Meta+Enter');
    await popup.secret().fill('by keyboard');
    await popup.secret().press('Meta+Enter');
    await popup.link();
    expect(creates()).toHaveLength(1);
  });

  it('expires the push it just made, after asking; then "Push another" is the primary button', async () => {
    const popup = await openConfigured();
    await popup.pushText('short-lived');
    await popup.link();
    await popup.copyLink().click();
    await popup.page.getByText('Copied', { exact: true }).waitFor();

    await popup.expireNow().click();
    await popup.expireDialog().waitFor();
    await expectNoSeriousA11yViolations(popup.page, 'the popup asking before it expires a push');
    await popup.expireDialog().getByRole('button', { name: 'Cancel' }).click();
    expect(session.pwpush.pushes()[0]!.expired).toBe(false);

    await popup.expire();
    await expect.poll(() => session.pwpush.pushes()[0]!.expired).toBe(true);
    await expect.poll(() => popup.page.getByText(/expired/i).count()).toBeGreaterThan(0);
    expect(await popup.page.getByText('Copied', { exact: true }).count()).toBe(0);
    expect(await popup.pushAnother().getAttribute('class')).toMatch(/\bprimary\b/);
    expect((await popup.copyLink().getAttribute('class')) ?? '').not.toMatch(/\bprimary\b/);
    await expect.poll(() => popup.page.evaluate(() => document.activeElement?.textContent)).toBe('Push another');
    await expectNoSeriousA11yViolations(popup.page, 'the link result after expiring');
  });

  describe('when the push fails it says why, keeps what was typed, and can retry', () => {
    // A 5xx or a page that is no API answer came after the request went out: the instance may have
    // saved the push first (docs/exactly-once.md), so it is never "not pushed".
    it.each([
      ['a server error', { type: 'server-error' }],
      ['an HTML answer', { type: 'html' }],
    ] as const)(
      '%s: "may have been created", looked for; pushing again once not found makes one push',
      async (_, fault) => {
        const popup = await openConfigured();
        session.pwpush.setFault({ ...fault, times: 1, paths: '/pushes' });
        await popup.secret().fill('keep me\nplease');
        await popup.pushButton().click();
        await popup.page.getByText(/may have been saved all the same: Pushgate is looking for it on your instance/).waitFor();
        await expect
          .poll(() => popup.alert().innerText(), { timeout: 45_000 })
          .toMatch(
            /^(Your instance answered with an error \(500\)|Your instance's answer could not be read.*)\. The push may have been saved all the same\. Pushgate looked for it on your instance for half a minute and did not find it/,
          );
        expect(await popup.alert().innerText()).not.toMatch(/not pushed/i);
        expect(await popup.secret().inputValue()).toBe('keep me\nplease');
        await popup.pushButton().click();
        expect(await popup.link()).toBe(session.pwpush.pushes()[0]!.html_url);
        expect(session.pwpush.pushes()).toHaveLength(1);
      },
      90_000,
    );

    it.each([
      ['a rejected token', { type: 'unauthorized' }, /token was rejected/i],
      ['a validation error', { type: 'validation', fields: { payload: ['Payload is required.'] } }, /Payload is required/],
      ['a rate limit', { type: 'rate-limit', retryAfter: 3 }, /try again in 3 s/i],
    ] as const)('%s', async (situation, fault, message) => {
      const popup = await openConfigured();
      session.pwpush.setFault({ ...fault, times: 1, paths: '/pushes' });
      await popup.secret().fill('keep me\nplease');
      await popup.options().click();
      await popup.passphrase().fill('and me');
      await popup.pushButton().click();
      await expect.poll(() => popup.alert().innerText()).toMatch(message);
      expect(await popup.secret().inputValue()).toBe('keep me\nplease');
      expect(await popup.passphrase().inputValue()).toBe('and me');
      // The whole message is in view, above the sticky "Push" footer, not partly under it.
      await expect
        .poll(async () => {
          const note = (await popup.alert().boundingBox())!;
          const footer = (await popup.page.locator('.push-row').boundingBox())!;
          return note.y >= 0 && note.y + note.height <= footer.y;
        })
        .toBe(true);
      await expectNoSeriousA11yViolations(popup.page, `the push form after ${situation}`);
      if (fault.type === 'unauthorized') await screenshot(popup.page, 'popup-error');
      if (fault.type === 'rate-limit') {
        // Push waits out the limit, counting down; then it is back.
        expect(await popup.pushButton().isDisabled()).toBe(true);
        await popup.page.getByText(/You can try again in \d s/).waitFor();
        await popup.page.getByText('You can try again now.').waitFor({ timeout: 6000 });
        await expect.poll(() => popup.pushButton().isEnabled()).toBe(true);
      }
      await popup.pushButton().click();
      expect(await popup.link()).toBe(session.pwpush.pushes()[0]!.html_url);
    });

    it('a private instance and no token saved: a token is needed, not "rejected"', async () => {
      session.pwpush.setOptions({ allowAnonymous: false });
      const popup = await openConfigured('');
      await popup.secret().fill('for members only');
      await popup.pushButton().click();
      await expect.poll(() => popup.alert().innerText()).toMatch(/takes pushes only from signed-in users: add your API token/);
      expect(await popup.alert().innerText()).not.toMatch(/rejected/);
      expect(await popup.secret().inputValue()).toBe('for members only');
    });

    it('an unreachable instance', async () => {
      await configureInstance(await session.extension.worker(), 'http://127.0.0.1:9', 'x');
      const popup = await PopupPage.open(session.extension);
      await popup.secret().fill('still here');
      await popup.pushButton().click();
      await expect.poll(() => popup.alert().innerText(), { timeout: 15_000 }).toMatch(/could not be reached/i);
      expect(await popup.secret().inputValue()).toBe('still here');
      await expectNoSeriousA11yViolations(popup.page, 'the push form after an unreachable instance');
    });
  });
});
