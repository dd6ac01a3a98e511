import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { LinkResult } from '@/components/popup/LinkResult';
import { HISTORY_CHANNEL } from '@/lib/history/changes';
import { updateFromServer } from '@/lib/history/entries';
import { ok } from '@/lib/result';
import type { AuditEntry, Page, PushResult } from '@/lib/pwpush/types';
import { pollNow, pollReceipts } from '@/lib/receipts/background';
import { answerReceiptMessages } from '@/lib/receipts/link-answers';
import { EMPTY_STATE, readState, receiptsState } from '@/lib/receipts/state';
import { deliverMessagesFrom } from '@/test/support/extension-messages';
import { audit, BASE_URL, configure, makePage, makePush, pwpush, seedHistory } from '../pushes/fixtures';

// The popup's link view and the background's real answers (lib/receipts/link-answers.ts, the
// budgeted poll of lib/receipts/background.ts), over the extension's messages, against a fake instance.

const SLACK = 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)';
const SAID_BY_SLACK = /^Opened on .+\. Opened by Slack's link preview, not a person: your recipient may find it expired\. 4 views left\.$/;
const connection = { baseUrl: BASE_URL, token: 'api-token' };
const push = makePush({ urlToken: 'slack1', expireAfterViews: 5, viewsRemaining: 5 });

const sent = (type: string) =>
  vi.mocked(fakeBrowser.runtime.sendMessage).mock.calls.filter(([message]) => (message as { type?: string }).type === type);
const pollsAsked = () => sent('receipts:poll-now');
/** Every message sent so far has been answered, and what the answers set off has run. */
const answered = () => Promise.all(vi.mocked(fakeBrowser.runtime.sendMessage).mock.results.map((result) => result.value));

beforeEach(async () => {
  vi.resetAllMocks();
  pwpush.expiredPushes.mockResolvedValue(ok(makePage([])));
  pwpush.activePushes.mockResolvedValue(ok(makePage([{ ...push, viewsRemaining: 4 }])));
  await configure();
  await seedHistory([push]);
  answerReceiptMessages(() => pollNow());
  deliverMessagesFrom('/popup.html');
});

/** The Pushes page's lists saw Slack's view (its state check writes what they said into the history). */
const listsSawTheView = () => updateFromServer(BASE_URL, { ...push, viewsRemaining: 4 }, Date.now(), 'lists');

describe("the popup's link view and a view nobody has said who made yet", () => {
  it('asks the background for a poll once, says it is asking, then names who opened it', async () => {
    await listsSawTheView();
    let answerAudit: (answer: PushResult<Page<AuditEntry>>) => void = () => undefined;
    pwpush.auditLog.mockReturnValue(new Promise((resolve) => (answerAudit = resolve)));
    render(<LinkResult push={push} connection={connection} />);
    await screen.findByText('Opened: asking the server who opened it…');
    expect(screen.queryByText('You get a read receipt when it is opened.')).toBeNull();

    answerAudit(ok(makePage([audit('creation'), audit('view', { userAgent: SLACK })])));
    await screen.findByText(SAID_BY_SLACK);
    expect(pollsAsked()).toHaveLength(1);
    expect(pwpush.activePushes).toHaveBeenCalledTimes(1);
    expect(pwpush.auditLog).toHaveBeenCalledTimes(1);
  });

  it('hears of the view while it is open, when the Pushes page writes it into the history', async () => {
    pwpush.auditLog.mockResolvedValue(ok(makePage([audit('creation'), audit('view', { userAgent: SLACK })])));
    render(<LinkResult push={push} connection={connection} />);
    await screen.findByText('You get a read receipt when it is opened.');
    expect(pollsAsked()).toEqual([]);

    await listsSawTheView();
    // The Pushes page is another page: its announcement reaches the popup on a channel object of its own.
    const pushesPage = new BroadcastChannel(HISTORY_CHANNEL);
    try {
      pushesPage.postMessage({ change: 'changed' });
      await screen.findByText(SAID_BY_SLACK);
    } finally {
      pushesPage.close();
    }
    expect(pollsAsked()).toHaveLength(1);
  });

  it('a poll the budget holds back: asked once however often the receipts change, and the line names who when the receipt comes', async () => {
    await listsSawTheView();
    // The last poll made 20 requests just now: the next may go in a minute (lib/receipts/schedule.ts).
    await receiptsState.setValue({ ...EMPTY_STATE, lastPollAt: Date.now(), lastRequests: 20 });
    render(<LinkResult push={push} connection={connection} />);
    await screen.findByText('Opened: who opened it comes with the next read receipt.');

    // Another push's receipts come meanwhile: each brings the link view a new status, and no second ask.
    for (const day of [1, 2, 3]) {
      const receipt = { entryId: '1', event: 'days-out' as const, at: `2026-11-2${day}T00:00:00.000Z`, foundAt: day };
      await receiptsState.setValue({ ...(await readState()), receipts: [receipt] });
    }
    // The first status, the one after the poll's answer, and one for each change.
    await vi.waitFor(() => expect(sent('receipts:status')).toHaveLength(5));
    await answered();
    // A task later, whatever the last answers set off has run.
    await new Promise((next) => setTimeout(next, 0));
    expect(screen.getByText('Opened: who opened it comes with the next read receipt.')).toBeDefined();
    expect(pollsAsked()).toHaveLength(1);
    expect(pwpush.activePushes).not.toHaveBeenCalled();

    // The alarm's poll puts the view into words.
    pwpush.auditLog.mockResolvedValue(ok(makePage([audit('creation'), audit('view', { userAgent: SLACK })])));
    await pollReceipts();
    await screen.findByText(SAID_BY_SLACK);
    expect(pollsAsked()).toHaveLength(1);
  });
});
