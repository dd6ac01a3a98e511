import { describe, expect, it } from 'vitest';
import type { Browser } from '@wxt-dev/browser';
import { PopupPage } from './pages/popup';
import { expectNoSeriousA11yViolations } from './support/axe';
import { screenshot } from './support/screenshots';
import { useE2eSession } from './support/session';
import { configureInstance } from './support/storage';

/** The background's handlers a test build exposes on the worker's global scope (entrypoints/background.ts). */
type TestHooks = { pushgate: { handleMenuClick(info: unknown, tab: Browser.tabs.Tab): Promise<void> } };

const SLACK = 'https://app.slack.com/client/T0123/C0456';

/**
 * Links ready for their recipient (README, "Share a secret"): the recipient's language in the link,
 * the link e-mailed by an instance with SMTP, and the retrieval step from a chat app's tab.
 */
describe('links ready for the recipient', () => {
  const session = useE2eSession();
  const alice = () => session.pwpush.users[0]!;
  const creates = () => session.pwpush.requests.filter((r) => r.method === 'POST' && r.path === '/api/v2/pushes');
  const setUp = async (defaults: Record<string, unknown> = {}) => {
    const worker = await session.extension.worker();
    await configureInstance(worker, session.pwpush.url, alice().token);
    await worker.evaluate((defaults) => chrome.storage.local.set({ pushDefaults: defaults }), {
      expireAfterDays: 7,
      expireAfterViews: 5,
      deletableByViewer: true,
      retrievalStep: true,
      copyLinkAutomatically: true,
      recipientLocale: '',
      ...defaults,
    });
  };
  const clipboard = async () => {
    const reader = await session.extension.open('options.html');
    await reader.bringToFront();
    const text = await reader.evaluate(() => navigator.clipboard.readText());
    await reader.close();
    return text;
  };

  it("hands out the link with ?locale= in the recipient's language chosen for the push", async () => {
    await setUp({ recipientLocale: 'de' });
    const popup = await PopupPage.open(session.extension);
    await popup.secret().fill('wifi: hunter2');
    await popup.options().click();
    const language = popup.page.getByRole('combobox', { name: "Recipient's language" });
    expect(await language.inputValue()).toBe('de');
    await language.selectOption('sv');
    await popup.pushButton().click();

    const link = await popup.link();
    const stored = session.pwpush.pushes()[0]!;
    expect(link).toBe(`${stored.html_url}?locale=sv`);
    await popup.page.bringToFront();
    await expect.poll(() => popup.page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    // The recipient's page opens in that language: the instance takes ?locale= (docs/password-pusher.md#request-pipeline).
    expect(new URL(link).searchParams.get('locale')).toBe('sv');
    expect(creates()).toHaveLength(1);
  });

  it('e-mails the link from an instance with SMTP on 2.11.4: the fields in the one create, creation_email_send in the audit', async () => {
    session.pwpush.setOptions({ version: '2.11.4', emailConfigured: true });
    await setUp({ recipientLocale: 'sv' });
    const popup = await PopupPage.open(session.extension);
    await popup.secret().fill('db password');
    await popup.options().click();
    const emailTo = popup.page.getByRole('textbox', { name: 'E-mail the link to' });
    await emailTo.fill('kim@example.org, lee@example.org');
    // Tall enough for the whole form: the sticky "Push" row then sits below it, as in a scrolled popup.
    await popup.page.setViewportSize({ width: 380, height: 1080 });
    await expectNoSeriousA11yViolations(popup.page, "the push form with the recipient's language and e-mail");
    await screenshot(popup.page, 'popup-email');
    await emailTo.fill('kim@example.org, kim@example.org');
    await popup.pushButton().click();
    await popup.page.getByText('kim@example.org is given twice.').waitFor();
    expect(creates()).toHaveLength(0);

    await emailTo.fill('kim@example.org,lee@example.org');
    await popup.pushButton().click();
    await popup.link();
    expect(creates()).toHaveLength(1);
    expect(creates()[0]!.body).toMatchObject({
      push: { notify_emails_to: 'kim@example.org, lee@example.org', notify_emails_to_locale: 'sv' },
    });
    const [stored] = session.pwpush.pushes();
    expect(stored!.audit.map((entry) => entry.kind)).toEqual(['creation', 'creation_email_send']);
  });

  it("shows the instance's refusal at the field when it no longer sends e-mail", async () => {
    session.pwpush.setOptions({ emailConfigured: true });
    await setUp();
    const popup = await PopupPage.open(session.extension);
    await popup.secret().fill('db password');
    await popup.options().click();
    const emailTo = popup.page.getByRole('textbox', { name: 'E-mail the link to' });
    await emailTo.fill('kim@example.org');
    // Its administrator took SMTP away after the capabilities were read.
    session.pwpush.setOptions({ emailConfigured: false });
    await popup.pushButton().click();
    await popup.page.locator('#emailTo-error').getByText('are not available').waitFor();
    expect(await emailTo.getAttribute('aria-invalid')).toBe('true');
    expect(session.pwpush.pushes()).toHaveLength(0);
  });

  it('offers no e-mail on 2.8.2, even with SMTP', async () => {
    session.pwpush.setOptions({ version: '2.8.2', emailConfigured: true });
    await setUp();
    const popup = await PopupPage.open(session.extension);
    await popup.secret().fill('db password');
    await popup.options().click();
    await popup.page.getByRole('combobox', { name: "Recipient's language" }).waitFor();
    // The capabilities are in: the kinds they offer are shown.
    await popup.page.getByRole('radio', { name: 'QR code' }).waitFor();
    expect(await popup.page.getByRole('textbox', { name: 'E-mail the link to' }).count()).toBe(0);
    await popup.pushButton().click();
    await popup.link();
    expect(JSON.stringify(creates()[0]!.body)).not.toContain('notify');
  });

  it("pushes from a chat app's tab with the retrieval step on and says why (menu)", async () => {
    await setUp({ retrievalStep: false, recipientLocale: 'sv' });
    await session.extension.context.route('https://app.slack.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Slack</title><p>#general</p>' }),
    );
    const page = await session.extension.context.newPage();
    await page.goto(SLACK);
    await page.bringToFront();
    const worker = await session.extension.worker();
    // A menu click grants activeTab, so Chrome hands the handler the tab with its address.
    await worker.evaluate(async (slack) => {
      const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
      const info = { menuItemId: 'push-link', frameId: 0, editable: false, linkUrl: 'https://docs.example.org/runbook', pageUrl: slack };
      await (globalThis as unknown as TestHooks).pushgate.handleMenuClick(info, { ...tab!, url: slack });
    }, SLACK);

    await expect.poll(() => session.pwpush.pushes().length).toBe(1);
    const [push] = session.pwpush.pushes();
    expect(push!.retrieval_step).toBe(true);
    expect(await clipboard()).toBe(`${push!.html_url}?locale=sv`);
    const messages = await worker.evaluate(async () => Object.keys(await chrome.notifications.getAll()).length);
    expect(messages).toBeGreaterThan(0);
    await session.extension.context.unroute('https://app.slack.com/**');
  });

  it("says the retrieval step is off, from the create answer, when the instance switched it off for the kind (menu, Slack's tab)", async () => {
    session.pwpush.setOptions({ retrievalStepDisabled: ['url'] });
    await setUp({ retrievalStep: false });
    const worker = await session.extension.worker();
    const shown = await worker.evaluate(async (slack) => {
      const said: string[] = [];
      const notifications = chrome.notifications;
      const create = notifications.create.bind(notifications);
      notifications.create = ((id: string, options: { message: string }) => {
        said.push(options.message);
        return create(id, options as never);
      }) as never;
      try {
        const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
        const info = { menuItemId: 'push-link', frameId: 0, editable: false, linkUrl: 'https://docs.example.org/runbook', pageUrl: slack };
        await (globalThis as unknown as TestHooks).pushgate.handleMenuClick(info, { ...tab!, url: slack });
      } finally {
        notifications.create = create as never;
      }
      return said;
    }, SLACK);
    // Asked for, and refused by the instance without a word: the answer is what the notification says.
    expect(creates()[0]!.body).toMatchObject({ push: { retrieval_step: true } });
    expect(session.pwpush.pushes()[0]!.retrieval_step).toBe(false);
    expect(shown).toEqual([
      expect.stringContaining("Retrieval step off: your instance does not allow it for this kind of push, so Slack's link preview"),
    ]);
    expect(shown[0]).not.toContain('Retrieval step on');
  });

  it('e-mails the link from 2.9.1 with its own fields, and says so from the answer that echoes the addresses', async () => {
    session.pwpush.setOptions({ version: '2.9.1', emailConfigured: true });
    await setUp();
    const popup = await PopupPage.open(session.extension);
    await popup.secret().fill('db password');
    await popup.options().click();
    await popup.page.getByRole('textbox', { name: 'E-mail the link to' }).fill('kim@example.org');
    await popup.pushButton().click();
    await popup.link();
    expect(creates()[0]!.body).toMatchObject({ push: { notify_by_email: { recipients: 'kim@example.org' } } });
    expect(JSON.stringify(creates()[0]!.body)).not.toContain('notify_emails_to');
    expect(session.pwpush.pushes()[0]!.audit.map((entry) => entry.kind)).toEqual(['creation', 'creation_email_send']);
    await popup.page.getByText('Your instance e-mails the link to \u2068kim@example.org\u2069.').waitFor();
  });
});
