import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { pagePace } from '@/lib/pace/ask';
import { answerPaceMessages } from '@/lib/pace/background';
import { pacerFor } from '@/lib/pace/instance-pacers';
import { paceMessages } from '@/lib/pace/messages';
import { instancePauses } from '@/lib/pace/pause';
import { activePushes } from '@/lib/pwpush/client';
import { ok } from '@/lib/result';
import { deliverMessagesFrom } from '@/test/support/extension-messages';
import { fakePwpush } from '@/test/support/fake-pwpush';
import { BASE_URL, makePush } from '@/test/support/pwpush-fixtures';

// The pages' requests take their turn from the background's pacer of the instance, over one typed
// message whose sender is checked (lib/pace/messages.ts).

afterEach(() => {
  vi.useRealTimers();
});

describe("a page's request", () => {
  it('waits for its turn in the background, and a 429 it meets pauses the background’s jobs too', async () => {
    answerPaceMessages();
    deliverMessagesFrom('/pushes.html');
    const pwpush = fakePwpush();
    pwpush.activePushes.mockResolvedValueOnce({ ok: false, error: { kind: 'rate-limited', status: 429, retryAfterSeconds: 40 } });
    const cfg = { baseUrl: BASE_URL, token: 'api-token', fetch: pwpush.fetch, pace: pagePace(BASE_URL, 'person') };
    const answer = await activePushes(cfg, 1);
    expect(answer.ok).toBe(false);
    await vi.waitFor(() => expect(pacerFor(BASE_URL).pausedUntil()).toBeGreaterThan(Date.now() + 30_000));
    // Noted once for the pages to say (lib/pace/pause.ts), by origin.
    await vi.waitFor(async () =>
      expect(await instancePauses.getValue()).toEqual({ [new URL(BASE_URL).origin]: pacerFor(BASE_URL).pausedUntil() }),
    );

    // The next request, of the page or of the background, waits out the pause.
    vi.useFakeTimers({ now: Date.now(), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    pwpush.activePushes.mockResolvedValue(ok({ items: [makePush()], page: 1, perPage: 50 }));
    let done = false;
    void activePushes(cfg, 1).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(39_000);
    expect(done).toBe(false);
    expect(pwpush.activePushes).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.waitFor(() => expect(done).toBe(true));
    expect(pwpush.activePushes).toHaveBeenCalledTimes(2);
  });

  it('goes when no background answers: a page never hangs on it', async () => {
    vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockRejectedValue(
      new Error('Could not establish connection. Receiving end does not exist.'),
    );
    expect(await pagePace(BASE_URL, 'check').take()).toBe(true);
  });

  it('gives up its wait when the person stops what asked', async () => {
    answerPaceMessages();
    deliverMessagesFrom('/pushes.html');
    for (let i = 0; i < 100; i++) pacerFor(BASE_URL).count();
    const stop = new AbortController();
    const waiting = pagePace(BASE_URL, 'person').take(stop.signal);
    stop.abort();
    expect(await waiting).toBe(false);
  });
});

describe('the background answers', () => {
  it("only the extension's own pages, only for an instance's web address, and never a page asking for the lockdown's place", async () => {
    answerPaceMessages();
    deliverMessagesFrom('/pushes.html');
    expect(await paceMessages.send('pace:take', { baseUrl: BASE_URL, priority: 'check' })).toBe(true);
    expect(await paceMessages.send('pace:take', { baseUrl: 'file:///etc/passwd', priority: 'person' })).toBe(false);
    expect(await paceMessages.send('pace:take', { baseUrl: BASE_URL, priority: 'lockdown' as never })).toBe(false);
    expect(await paceMessages.send('pace:throttled', { baseUrl: BASE_URL, retryAfterSeconds: 'soon' as never })).toBe(true);
    expect(pacerFor(BASE_URL).pausedUntil()).toBeGreaterThan(Date.now() + 59_000);

    // A web page (a content script carries the extension's id too) is not answered.
    vi.restoreAllMocks();
    const sender = { id: fakeBrowser.runtime.id, url: 'https://evil.example/' };
    const answers = await fakeBrowser.runtime.onMessage.trigger(
      { type: 'pace:throttled', data: { baseUrl: 'https://other.example', retryAfterSeconds: 600 } },
      sender,
      () => undefined,
    );
    expect(answers.filter((answer) => answer !== undefined)).toEqual([]);
    expect(pacerFor('https://other.example').pausedUntil()).toBe(0);
  });
});
