import { describe, expect, it } from 'vitest';
import { PushesPage } from './pages/pushes';
import { expectNoSeriousA11yViolations } from './support/axe';
import { useE2eSession } from './support/session';
import { configureInstance } from './support/storage';
import { create } from '../servers/pwpush/helpers';

/** Slack's link preview, as Slack documents its agent (lib/receipts/link-previewers.ts). */
const SLACK = 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)';
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe('who opened a push, on the Pushes page', () => {
  const session = useE2eSession();
  const alice = () => session.pwpush.users[0]!;

  /**
   * Opens the push as its recipient's software would: one plain GET with that software's agent, to
   * the API's retrieval URL. A real instance logs a view for its web page `/p/<token>` as well, but
   * the reference server's page logs none (test/servers/pwpush/server-control.test.ts).
   */
  async function openAs(urlToken: string, userAgent: string): Promise<void> {
    const answer = await fetch(`${session.pwpush.url}/api/v2/pushes/${urlToken}`, { headers: { 'user-agent': userAgent } });
    expect(answer.status).toBe(200);
  }

  it("says Slack's link preview opened it, not a person, beside a browser's view, and turns the retrieval step on for new pushes in one click", async () => {
    const push = await create(session.pwpush, { payload: 'previewed secret', name: 'Previewed', retrieval_step: false }, alice().token);
    await openAs(push.url_token, SLACK);
    await openAs(push.url_token, CHROME);
    const worker = await session.extension.worker();
    await configureInstance(worker, session.pwpush.url, alice().token);
    await worker.evaluate(() =>
      chrome.storage.local.set({
        pushDefaults: {
          expireAfterDays: 7,
          expireAfterViews: 5,
          deletableByViewer: true,
          retrievalStep: false,
          copyLinkAutomatically: true,
        },
      }),
    );

    const pushes = await PushesPage.open(session.extension);
    await pushes.show('Active');
    await pushes.waitForRows(1);
    await pushes.openAudit('Previewed');
    const viewers = pushes.page.locator('.audit-table tbody .audit-viewer');
    await expect.poll(() => viewers.allInnerTexts()).toEqual(['', "Slack's link preview", 'a browser']);
    await pushes.page.getByText("Opened by Slack's link preview, not a person: your recipient may find it expired.").waitFor();
    // The agents stay in the log as the server sent them.
    await pushes.page.getByText(SLACK).waitFor();
    await expectNoSeriousA11yViolations(pushes.page, 'the audit log with a view by a link preview');

    await pushes.page.getByRole('button', { name: 'Turn on the retrieval step for new pushes' }).click();
    await pushes.page.getByRole('status').filter({ hasText: 'The retrieval step is now on for new pushes.' }).waitFor();
    const stored = await worker.evaluate(() => chrome.storage.local.get('pushDefaults'));
    expect(stored.pushDefaults).toMatchObject({ retrievalStep: true, expireAfterDays: 7 });
  });
});
