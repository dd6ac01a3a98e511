import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { listHistory } from '@/lib/history/entries';
import { createPush } from '@/lib/pwpush/client';
import { openPushRelay, pushInBackground, RELAY_READY_TIMEOUT_MS } from '@/lib/share/relay/push-in-background';
import { answerPushRelay, SETTLE_AFTER_LINK_MS } from '@/lib/share/relay/background';
import { localAttemptBook } from '@/lib/attempts/local-book';
import { relayBook } from '@/lib/share/relay/book';
import { describeAttempt, listAttempts } from '@/lib/attempts/attempts';
import { fail, ok } from '@/lib/result';
import { DEFAULT_PUSH_DEFAULTS } from '@/lib/settings';
import type { KnownSettings, ShareRequest } from '@/lib/share/share-push';
import { makePush } from '@/test/support/pwpush-fixtures';
import { FOREIGN_SENDERS, fakePorts } from '@/test/support/extension-ports';

vi.mock('@/lib/pwpush/client', () => ({ createPush: vi.fn() }));

const BASE_URL = 'https://pwpush.example';
const known: KnownSettings = { connection: { baseUrl: BASE_URL, token: 'tok' }, defaults: DEFAULT_PUSH_DEFAULTS, edition: 'oss' };
const request: ShareRequest = { kind: 'url', payload: 'https://intranet.example/', name: 'Intranet' };
const push = makePush({ name: 'Intranet' });
const create = vi.mocked(createPush);

/** Lets the fake ports deliver (a message arrives a microtask later, as in Chrome). */
const delivered = () => new Promise((resolve) => setTimeout(resolve, 0));

async function readyRelay() {
  answerPushRelay();
  openPushRelay();
  await delivered();
}

beforeEach(() => {
  create.mockReset().mockResolvedValue(ok(push));
});

describe('pushes the popup hands to the background', () => {
  it('are made there with one request, answered with the link, and kept in the history there', async () => {
    await readyRelay();
    const result = await pushInBackground(request, known, { attemptId: 'a1' });
    expect(result).toEqual(ok({ push, baseUrl: BASE_URL }));
    expect(create).toHaveBeenCalledOnce();
    expect(create.mock.calls[0]![1]).toMatchObject({ kind: 'url', payload: 'https://intranet.example/', expireAfterDays: 7 });
    await vi.waitFor(async () => {
      const listed = await listHistory();
      expect(listed.ok && listed.value).toMatchObject([{ baseUrl: BASE_URL, urlToken: push.urlToken, name: 'Intranet' }]);
    });
  });

  it('come back with what went wrong, as the popup would have found it', async () => {
    create.mockResolvedValue(fail({ kind: 'rate-limited', status: 429, retryAfterSeconds: 30 }));
    await readyRelay();
    expect(await pushInBackground(request, known, { attemptId: 'a1' })).toEqual(
      fail({ kind: 'rate-limited', status: 429, retryAfterSeconds: 30 }),
    );
  });

  it('each get their own answer', async () => {
    const second = makePush({ urlToken: 'second-token' });
    create.mockResolvedValueOnce(ok(push)).mockResolvedValueOnce(ok(second));
    await readyRelay();
    const [a, b] = await Promise.all([
      pushInBackground(request, known, { attemptId: 'a1' }),
      pushInBackground({ kind: 'text', payload: 'two' }, known, { attemptId: 'a2' }),
    ]);
    expect(a).toEqual(ok({ push, baseUrl: BASE_URL }));
    expect(b).toEqual(ok({ push: second, baseUrl: BASE_URL }));
  });

  it('are tried on a second port when the first closed before the background answered, and sent once', async () => {
    answerPushRelay();
    // The first port closes at once, as when the worker stopped just as the popup opened it.
    vi.spyOn(fakeBrowser.runtime, 'connect').mockImplementationOnce(
      () =>
        ({
          name: 'push:share',
          onMessage: { addListener: () => undefined },
          onDisconnect: { addListener: (listener: () => void) => queueMicrotask(listener) },
          postMessage: () => {
            throw new Error('Attempting to use a disconnected port object');
          },
          disconnect: () => undefined,
        }) as never,
    );
    expect(await pushInBackground(request, known, { attemptId: 'a1' })).toEqual(ok({ push, baseUrl: BASE_URL }));
    expect(create).toHaveBeenCalledOnce();
  });

  it('are not sent at all when the background never answers the port, and say so', async () => {
    vi.useFakeTimers();
    try {
      // Ports nobody answers and nobody closes: a background that is not starting.
      vi.spyOn(fakeBrowser.runtime, 'connect').mockImplementation(
        () =>
          ({
            name: 'push:share',
            onMessage: { addListener: () => undefined },
            onDisconnect: { addListener: () => undefined },
            postMessage: vi.fn(),
            disconnect: () => undefined,
          }) as never,
      );
      const pending = pushInBackground(request, known, { attemptId: 'a1' });
      await vi.advanceTimersByTimeAsync(2 * RELAY_READY_TIMEOUT_MS);
      expect(await pending).toEqual(fail({ kind: 'no-background' }));
      expect(create).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('are reported interrupted, never sent again, when the background stops before it answers', async () => {
    create.mockReturnValue(new Promise(() => undefined));
    await readyRelay();
    const pending = pushInBackground(request, known, { attemptId: 'a1' });
    await vi.waitFor(() => expect(create).toHaveBeenCalled());
    fakePorts().disconnectAll();
    expect(await pending).toEqual(fail({ kind: 'interrupted', attemptId: 'a1' }));
    expect(create).toHaveBeenCalledOnce();
    // The next push opens a new port.
    openPushRelay();
    expect(fakePorts().opened).toHaveLength(2);
  });

  it('are followed, after the link, by what became of the history entry and of copies', async () => {
    await readyRelay();
    const onAfter = vi.fn();
    expect(await pushInBackground(request, known, { attemptId: 'a1', onAfter })).toEqual(ok({ push, baseUrl: BASE_URL }));
    await vi.waitFor(() => expect(onAfter).toHaveBeenCalledWith({ historyNotKept: false, twinsExpired: 0 }));
  });

  it('hand the link back before they are settled: the popup draws it first', async () => {
    const settle = vi.spyOn(localAttemptBook, 'settle');
    await readyRelay();
    const linked = Date.now();
    expect(await pushInBackground(request, known, { attemptId: 'a1' })).toEqual(ok({ push, baseUrl: BASE_URL }));
    expect(settle).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(settle).toHaveBeenCalledOnce());
    expect(Date.now() - linked).toBeGreaterThanOrEqual(SETTLE_AFTER_LINK_MS - 5);
  });

  it('leave the popup to settle a push whose background stopped after the link, and only then', async () => {
    await readyRelay();
    const onLost = vi.fn();
    const onAfter = vi.fn();
    expect(await pushInBackground(request, known, { attemptId: 'a1', onLost, onAfter })).toEqual(ok({ push, baseUrl: BASE_URL }));
    fakePorts().disconnectAll();
    expect(onLost).toHaveBeenCalledOnce();
    expect(onAfter).not.toHaveBeenCalled();

    await readyRelay();
    const lostLater = vi.fn();
    await pushInBackground(request, known, { attemptId: 'a2', onLost: lostLater, onAfter });
    await vi.waitFor(() => expect(onAfter).toHaveBeenCalledOnce());
    fakePorts().disconnectAll();
    expect(lostLater).not.toHaveBeenCalled();
  });

  it.each(FOREIGN_SENDERS)('are never taken from %s', async (_who, sender) => {
    answerPushRelay();
    fakePorts().connectFrom(sender);
    const port = fakeBrowser.runtime.connect({ name: 'push:share' });
    const closed = new Promise((resolve) => port.onDisconnect.addListener(resolve));
    const replies: unknown[] = [];
    port.onMessage.addListener((message) => void replies.push(message));
    await closed;
    expect(replies).toEqual([]);
    expect(create).not.toHaveBeenCalled();
  });

  it.each([
    ['no id', { type: 'push', attemptId: 'a1', request, known }],
    ['no attempt id', { type: 'push', id: 1, request, known }],
    ['no payload', { type: 'push', id: 1, attemptId: 'a1', request: { kind: 'text' }, known }],
    ['no connection', { type: 'push', id: 1, attemptId: 'a1', request, known: { defaults: DEFAULT_PUSH_DEFAULTS } }],
    [
      'a token that is not text',
      { type: 'push', id: 1, attemptId: 'a1', request, known: { ...known, connection: { baseUrl: BASE_URL, token: 7 } } },
    ],
    ['an earlier try without its start', { type: 'push', id: 1, attemptId: 'a1', request, known, earlier: { attemptId: 'a0' } }],
    ['not an object', 'push'],
  ])('ignore a message with %s', async (_what, message) => {
    answerPushRelay();
    const port = fakeBrowser.runtime.connect({ name: 'push:share' });
    port.postMessage(message);
    await delivered();
    expect(create).not.toHaveBeenCalled();
  });
});

describe('the attempts of pushes the popup sends itself (files)', () => {
  const attempt = describeAttempt('file-1', BASE_URL, { kind: 'file', payload: '', files: [new File(['x'], 'report.pdf')] }, 'oss', 1000);
  const states = async () => {
    const listed = await listAttempts();
    return listed.ok ? listed.value.map((a) => [a.id, a.state]) : [];
  };

  it('are kept by the background, and marked unknown when the popup closes with the push out', async () => {
    await readyRelay();
    expect(await relayBook.begin(attempt)).toBe(true);
    expect(await states()).toEqual([['file-1', 'sending']]);
    fakePorts().disconnectAll();
    await vi.waitFor(async () => expect(await states()).toEqual([['file-1', 'unknown']]));
  });

  it('are settled there: the history entry written, the attempt ended, the popup may close', async () => {
    await readyRelay();
    await relayBook.begin(attempt);
    expect(await relayBook.settle('file-1', BASE_URL, push, { kind: 'file', passphraseProtected: false })).toBe('kept');
    fakePorts().disconnectAll();
    await delivered();
    expect(await states()).toEqual([]);
    const listed = await listHistory();
    expect(listed.ok && listed.value.map((entry) => [entry.urlToken, entry.kind])).toEqual([[push.urlToken, 'file']]);
  });

  it('go over a new port once the worker stopped and closed the old one', async () => {
    answerPushRelay();
    openPushRelay();
    fakePorts().disconnectAll();
    expect(await relayBook.begin(attempt)).toBe(true);
    expect(await states()).toEqual([['file-1', 'sending']]);
  });
});
