import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { listHistory, recordPush } from '@/lib/history/entries';
import { answerHistoryMessages, markExpiredInBackground, markOpenedInBackground } from '@/lib/history/relay';
import { URL_TOKEN, makePush } from '@/test/support/pwpush-fixtures';
import { deliverMessagesFrom } from '@/test/support/extension-messages';
import { FOREIGN_SENDERS } from '@/test/support/extension-ports';

const BASE_URL = 'https://pwpush.example';
const push = makePush({ urlToken: URL_TOKEN, name: 'Router' });

async function entries() {
  const listed = await listHistory();
  if (!listed.ok) throw new Error(listed.error.reason);
  return listed.value;
}

describe("the popup's history writes, done by the worker", () => {
  it('marks the entry expired with what the server answered', async () => {
    answerHistoryMessages();
    deliverMessagesFrom('/popup.html');
    await recordPush(BASE_URL, push, { kind: 'text', passphraseProtected: false });
    markExpiredInBackground(BASE_URL, { ...push, expired: true, expiredOn: '2026-11-22T08:00:00.000Z' });
    await vi.waitFor(async () => expect(await entries()).toMatchObject([{ expired: true, expiredAt: '2026-11-22T08:00:00.000Z' }]));
  });

  it('notes that this browser opened a push it made', async () => {
    answerHistoryMessages();
    deliverMessagesFrom('/popup.html');
    await recordPush(BASE_URL, push, { kind: 'text', passphraseProtected: false });
    const before = Date.now();
    markOpenedInBackground(BASE_URL, URL_TOKEN);
    await vi.waitFor(async () => expect((await entries())[0]!.openedHereAt).toBeGreaterThanOrEqual(before));
  });

  it('marks a push expired when this browser used its last view', async () => {
    answerHistoryMessages();
    deliverMessagesFrom('/popup.html');
    await recordPush(BASE_URL, push, { kind: 'text', passphraseProtected: false });
    const before = Date.now();
    markOpenedInBackground(BASE_URL, URL_TOKEN, { lastView: true });
    await vi.waitFor(async () =>
      expect((await entries())[0]).toMatchObject({ expired: true, viewsRemaining: 0, htmlUrl: '', checkedVia: 'opened-here' }),
    );
    expect((await entries())[0]!.checkedAt).toBeGreaterThanOrEqual(before);
  });

  it.each(FOREIGN_SENDERS)('writes nothing for %s', async (_who, sender) => {
    answerHistoryMessages();
    await recordPush(BASE_URL, push, { kind: 'text', passphraseProtected: false });
    const answers = await fakeBrowser.runtime.onMessage.trigger(
      { type: 'history:expired', data: { baseUrl: BASE_URL, push: { ...push, expired: true } } },
      sender,
      () => undefined,
    );
    expect(answers).toEqual([undefined]);
    expect(await entries()).toMatchObject([{ expired: false }]);
  });

  it('costs the entry, not the push, when the worker cannot be reached', async () => {
    vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockRejectedValue(new Error('Could not establish connection.'));
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    markOpenedInBackground(BASE_URL, URL_TOKEN);
    markExpiredInBackground(BASE_URL, push);
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
