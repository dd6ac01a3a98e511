import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { listHistory, markExpired, recordPush, removeEntry } from '@/lib/history/entries';
import { fail, ok } from '@/lib/result';
import { pacerFor } from '@/lib/pace/instance-pacers';
import { pollNow, pollReceipts, RECEIPTS_ALARM, registerReceipts, showBadge } from '@/lib/receipts/background';
import { readState, receiptsState } from '@/lib/receipts/state';
import { receiptsOn, receiptsSeenAt, setWatching } from '@/lib/settings';
import { audit, BASE_URL, configure, makePage, makePush, pwpush, seedHistory } from '@/test/components/pushes/fixtures';

// The instance is a small fake behind fetch (test/support/fake-pwpush.ts), set up by the Pushes page's fixtures.
const active = pwpush.activePushes;
const expired = pwpush.expiredPushes;
const auditOf = pwpush.auditLog;

const notifications = () => Object.values(fakeBrowser.notifications.getAllCreateOptions());

beforeEach(() => {
  vi.resetAllMocks();
  expired.mockResolvedValue(ok(makePage([])));
});

async function onePushOpenedOnce() {
  await configure();
  const push = makePush({ urlToken: 'wifi1', name: 'Wifi at the cabin', expireAfterViews: 5, viewsRemaining: 5 });
  await seedHistory([push]);
  active.mockResolvedValue(ok(makePage([{ ...push, viewsRemaining: 4 }])));
  auditOf.mockResolvedValue(ok(makePage([audit('creation'), audit('view', { createdAt: '2026-11-27T09:42:00.000Z' })])));
  return push;
}

describe('the receipts watcher in the background', () => {
  it('notifies a counted view with the push’s name, the time and the views left; never its link; badge 1; the history agrees', async () => {
    const push = await onePushOpenedOnce();
    await pollReceipts();
    const [shown, ...more] = notifications();
    expect(more).toEqual([]);
    expect(shown!.title).toBe('Read receipt');
    expect(shown!.message).toMatch(/^“\u2068Wifi at the cabin\u2069” was opened on .+\. Opened by a browser\. 4 views left\.$/);
    expect(JSON.stringify(notifications())).not.toContain(push.urlToken);
    expect(await fakeBrowser.action.getBadgeText({})).toBe('1');
    const history = await listHistory();
    expect(history.ok && history.value[0]!.viewsRemaining).toBe(4);
    expect(await fakeBrowser.alarms.get(RECEIPTS_ALARM)).toBeDefined();
    // Nothing of the link is stored with the receipts.
    expect(JSON.stringify(await readState())).not.toContain(push.urlToken);
  });

  it('a link preview’s view says so: no person opened it', async () => {
    await onePushOpenedOnce();
    auditOf.mockResolvedValue(
      ok(makePage([audit('creation'), audit('view', { userAgent: 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' })])),
    );
    await pollReceipts();
    expect(notifications()[0]!.message).toMatch(
      /Opened by Slack's link preview, not a person: your recipient may find it expired\. 4 views left\.$/,
    );
  });

  it("names the push by what was typed, never by the name a hostile instance's list sends (20,165 characters, a link, an RLO)", async () => {
    const push = await onePushOpenedOnce();
    const hostile = `Wifi\u202E https://evil.example/phish ${'A'.repeat(20_165)}`.slice(0, 20_165);
    active.mockResolvedValue(ok(makePage([{ ...push, name: hostile, viewsRemaining: 4 }])));
    await pollReceipts();
    const history = await listHistory();
    // The Pushes page shows the server's copy, in its own isolated element; the notification never does.
    expect(history.ok && history.value[0]!.name).toBe(hostile);
    const [shown] = notifications();
    expect(shown!.message).toMatch(/^“\u2068Wifi at the cabin\u2069” was opened on /);
    expect(shown!.message.length).toBeLessThan(200);
    expect(shown!.message).not.toMatch(/evil\.example|\u202E/);
  });

  it('a view dated in year 9999 is said to be when it was found, not then', async () => {
    await onePushOpenedOnce();
    auditOf.mockResolvedValue(ok(makePage([audit('creation'), audit('view', { createdAt: '9999-12-31T23:59:59.000Z' })])));
    await pollReceipts();
    expect(notifications()[0]!.message).not.toContain('9999');
  });

  it('an expiry: by you when the push was not deletable by viewers, else by its recipient or by you elsewhere', async () => {
    await configure();
    const open = makePush({ urlToken: 'open1', name: 'Open', deletableByViewer: true });
    const closed = makePush({ urlToken: 'closed1', name: 'Closed', deletableByViewer: false });
    await seedHistory([open, closed]);
    active.mockResolvedValue(ok(makePage([])));
    const gone = { expired: true, deleted: true, expiredOn: '2026-08-21T11:00:00.000Z' };
    expired.mockResolvedValue(
      ok(
        makePage([
          { ...open, ...gone },
          { ...closed, ...gone },
        ]),
      ),
    );
    await pollReceipts();
    const messages = notifications().map((shown) => shown.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^“\u2068Open\u2069” was expired \(by its recipient, or by you elsewhere\) on /),
        expect.stringMatching(/^“\u2068Closed\u2069” was expired by you on /),
      ]),
    );
  });

  it('an expiry this browser made while the poll was out is by you', async () => {
    await configure();
    const open = makePush({ urlToken: 'open1', name: 'Open', deletableByViewer: true });
    await seedHistory([open]);
    active.mockImplementation(async () => {
      // "Expire now" on the Pushes page, while the poll reads the lists.
      await markExpired(BASE_URL, 'open1');
      return ok(makePage([]));
    });
    expired.mockResolvedValue(ok(makePage([{ ...open, expired: true, deleted: true, expiredOn: '2026-08-21T11:00:00.000Z' }])));
    await pollReceipts();
    expect(notifications().map((shown) => shown.message)).toEqual([expect.stringMatching(/^“\u2068Open\u2069” was expired by you on /)]);
  });

  it('a click on the notification opens the Pushes page at that push’s row', async () => {
    registerReceipts();
    await onePushOpenedOnce();
    await pollReceipts();
    const [id] = Object.keys(fakeBrowser.notifications.getAllCreateOptions());
    const history = await listHistory();
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    await fakeBrowser.notifications.onClicked.trigger(id!);
    expect(create).toHaveBeenCalledWith({
      url: expect.stringMatching(new RegExp(`/pushes\\.html#push=${history.ok && history.value[0]!.recordedAt}$`)),
    });
  });

  it('a poll asked for now (a page saw an unclassified view) runs at once within the budget, else brings the alarm forward', async () => {
    await onePushOpenedOnce();
    expect(await pollNow()).toBe(true);
    expect(notifications()[0]!.message).toMatch(/Opened by a browser\. 4 views left\.$/);
    const { lastPollAt } = await readState();
    // The poll made 2 requests: the next may go 6 s after it, not before, whoever asks.
    await fakeBrowser.alarms.create(RECEIPTS_ALARM, { when: lastPollAt! + 60_000 });
    active.mockClear();
    expect(await pollNow(lastPollAt! + 1_000)).toBe(false);
    expect(active).not.toHaveBeenCalled();
    expect((await fakeBrowser.alarms.get(RECEIPTS_ALARM))!.scheduledTime).toBe(lastPollAt! + 6_000);
    await receiptsState.setValue({
      ...(await readState()),
      failure: { kind: 'rate-limited', at: lastPollAt!, streak: 1, delayMs: 600_000 },
    });
    expect(await pollNow(lastPollAt! + 10_000)).toBe(false);
    expect(active).not.toHaveBeenCalled();
  });

  it("a poll asked for now takes the person's turn in the instance's pace; the alarm's poll comes after everyone", async () => {
    await onePushOpenedOnce();
    const take = vi.spyOn(pacerFor(BASE_URL), 'take');
    expect(await pollNow()).toBe(true);
    expect(take.mock.calls.map(([priority]) => priority)).toEqual(['person', 'person']);
    take.mockClear();
    await pollReceipts();
    expect(take.mock.calls.map(([priority]) => priority)).toEqual(['receipts']);
  });

  it('the next poll with nothing new asks one list and notifies nothing more', async () => {
    await onePushOpenedOnce();
    await pollReceipts();
    auditOf.mockClear();
    active.mockClear();
    await pollReceipts();
    expect(active).toHaveBeenCalledTimes(1);
    expect(auditOf).not.toHaveBeenCalled();
    expect(notifications()).toHaveLength(1);
  });

  it('opening the Pushes page (receiptsSeenAt) clears the badge', async () => {
    registerReceipts();
    await onePushOpenedOnce();
    await pollReceipts();
    await receiptsSeenAt.setValue(Date.now() + 1);
    await showBadge();
    expect(await fakeBrowser.action.getBadgeText({})).toBe('');
  });

  it('without a token asks nothing and sets no alarm', async () => {
    await onePushOpenedOnce();
    await configure('');
    await pollReceipts();
    expect(active).not.toHaveBeenCalled();
    expect(await fakeBrowser.alarms.get(RECEIPTS_ALARM)).toBeUndefined();
  });

  it('switched off, or the push no longer watched: asks nothing', async () => {
    await onePushOpenedOnce();
    await receiptsOn.setValue(false);
    await pollReceipts();
    await receiptsOn.setValue(true);
    const history = await listHistory();
    await setWatching(String(history.ok && history.value[0]!.recordedAt), false);
    await pollReceipts();
    expect(active).not.toHaveBeenCalled();
  });

  it('never watches a push made on another instance', async () => {
    await configure();
    await seedHistory([makePush({ urlToken: 'elsewhere1' })], 'https://other.example');
    await pollReceipts();
    expect(active).not.toHaveBeenCalled();
  });

  it('a 429 pauses polls as its Retry-After says, with no notification', async () => {
    await onePushOpenedOnce();
    active.mockResolvedValue(fail({ kind: 'rate-limited', status: 429, retryAfterSeconds: 900 }));
    const before = Date.now();
    await pollReceipts();
    expect(notifications()).toEqual([]);
    const state = await readState();
    expect(state.failure).toMatchObject({ kind: 'rate-limited', delayMs: 900_000 });
    expect((await fakeBrowser.alarms.get(RECEIPTS_ALARM))!.scheduledTime).toBeGreaterThanOrEqual(before + 900_000);
  });

  it('a poll that fails on the way (notifications refused) still leaves the next alarm', async () => {
    await onePushOpenedOnce();
    vi.spyOn(fakeBrowser.notifications, 'create').mockRejectedValue(new Error('notifications refused'));
    await pollReceipts();
    expect(await fakeBrowser.alarms.get(RECEIPTS_ALARM)).toBeDefined();
  });

  it('more than three receipts at once make one notification', async () => {
    await configure();
    const pushes = Array.from({ length: 4 }, (_, i) => makePush({ urlToken: `many${i}`, viewsRemaining: 5 }));
    await seedHistory(pushes);
    active.mockResolvedValue(ok(makePage(pushes.map((push) => ({ ...push, viewsRemaining: 4 })))));
    auditOf.mockResolvedValue(ok(makePage([audit('view')])));
    await pollReceipts();
    expect(notifications().map((n) => n.message)).toEqual(['4 new read receipts. Click to see them on the Pushes page.']);
    expect(await fakeBrowser.action.getBadgeText({})).toBe('4');
  });

  it('never asks about a push made without a token: no list holds it', async () => {
    await configure();
    await recordPush(BASE_URL, makePush({ urlToken: 'anonymous1' }), { kind: 'text', passphraseProtected: false, withToken: false }, 1_000);
    await pollReceipts();
    expect(active).not.toHaveBeenCalled();
    expect(await fakeBrowser.alarms.get(RECEIPTS_ALARM)).toBeUndefined();
  });

  it('remembers that a push ended, and what it knew of one, only while its entry is open', async () => {
    await configure();
    const kept = makePush({ urlToken: 'kept1', viewsRemaining: 5 });
    const purged = makePush({ urlToken: 'purged1', viewsRemaining: 5 });
    await seedHistory([kept, purged]);
    active.mockResolvedValue(ok(makePage([{ ...kept, viewsRemaining: 4 }])));
    auditOf.mockResolvedValue(ok(makePage([audit('creation'), audit('view')])));
    await pollReceipts();
    const history = await listHistory();
    const idOf = (token: string) => String(history.ok && history.value.find((entry) => entry.urlToken === token)!.recordedAt);
    // In neither list: no longer watched.
    expect((await readState()).ended).toEqual([idOf('purged1')]);
    expect(Object.keys((await readState()).watch)).toEqual([idOf('kept1')]);
    await removeEntry(BASE_URL, 'purged1');
    await pollReceipts();
    expect((await readState()).ended).toEqual([]);
    await markExpired(BASE_URL, 'kept1');
    await recordPush(BASE_URL, makePush({ urlToken: 'later1' }), { kind: 'text', passphraseProtected: false }, 5_000);
    await pollReceipts();
    expect((await readState()).watch).toEqual({});
  });

  it('keeps its walk through the lists between polls, for the instance it walked', async () => {
    await configure();
    const pushes = Array.from({ length: 120 }, (_, i) => makePush({ urlToken: `deep${i}` }));
    await seedHistory([pushes[0]!, pushes[119]!]);
    active.mockImplementation((_seen, page) => ok(makePage(pushes.slice((page - 1) * 50, page * 50), page)));
    await pollReceipts();
    expect((await readState()).walk).toMatchObject({ baseUrl: BASE_URL, seen: expect.any(Array) });
    expect(active.mock.calls.map(([, page]) => page)).toEqual([1, 2, 3]);
  });
});
