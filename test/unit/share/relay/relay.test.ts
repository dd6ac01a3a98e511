import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { listHistory } from '@/lib/history/entries';
import { lookInBackground, openPushRelay, pushInBackground, RELAY_READY_TIMEOUT_MS } from '@/lib/share/relay/push-in-background';
import { answerPushRelay, SETTLE_AFTER_LINK_MS } from '@/lib/share/relay/background';
import { localAttemptBook } from '@/lib/attempts/local-book';
import { listAttempts } from '@/lib/attempts/attempts';
import { DB_NAME } from '@/lib/db';
import { settleInBackground } from '@/lib/share/relay/settle';
import { fail, ok } from '@/lib/result';
import { DEFAULT_PUSH_DEFAULTS } from '@/lib/settings';
import type { KnownSettings, ShareRequest } from '@/lib/share/share-request';
import { makePush, pushRecord } from '@/test/support/pwpush-fixtures';
import { parsePushList } from '@/lib/pwpush/parse';
import { FOREIGN_SENDERS, fakePorts } from '@/test/support/extension-ports';
import { installFakePwpush } from '@/test/support/fake-pwpush';
import { installFakeWorker } from '@/test/support/extension-worker';

// The background's pushes reach a small fake Password Pusher over fetch (test/support/fake-pwpush.ts).
const pwpush = installFakePwpush();

const BASE_URL = 'https://pwpush.example';
const known: KnownSettings = { connection: { baseUrl: BASE_URL, token: 'tok' }, defaults: DEFAULT_PUSH_DEFAULTS, edition: 'oss' };
const request: ShareRequest = { kind: 'url', payload: 'https://intranet.example/', name: 'Intranet' };
const push = makePush({ name: 'Intranet' });
const create = pwpush.createPush;

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

  it('find the database open: it opens when the popup opens its port, before the push', async () => {
    await readyRelay();
    await vi.waitFor(async () => expect((await indexedDB.databases()).map(({ name }) => name)).toEqual([DB_NAME]));
    expect(create).not.toHaveBeenCalled();
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
    // Nor does their port open anything.
    expect(await indexedDB.databases()).toEqual([]);
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
    [
      'a history setting that is not true or false',
      { type: 'push', id: 1, attemptId: 'a1', request, known: { ...known, keepHistory: 'no' } },
    ],
    ['not an object', 'push'],
  ])('ignore a message with %s', async (_what, message) => {
    answerPushRelay();
    const port = fakeBrowser.runtime.connect({ name: 'push:share' });
    port.postMessage(message);
    await delivered();
    expect(create).not.toHaveBeenCalled();
  });
});

describe('file pushes the popup hands to the background', () => {
  const MB = 1024 * 1024;
  /** Bytes that differ from one place to the next, so that a part out of place would show. */
  const bytes = (length: number, seed = 1) => Uint8Array.from({ length }, (_, i) => (i * 31 + seed) % 251);
  const digest = async (data: ArrayBuffer | Uint8Array) =>
    Buffer.from(await crypto.subtle.digest('SHA-256', data as BufferSource)).toString('hex');
  const fileRequest = (files: File[]): ShareRequest => ({ kind: 'file', payload: '', files });
  /** What the instance received, bytes as one digest each: a deep comparison of megabytes takes seconds. */
  const sent = async (index = 0) => {
    const files = create.mock.calls[index]![1].files ?? [];
    return Promise.all(files.map(async (file) => ({ name: file.name, type: file.type, bytes: await digest(await file.arrayBuffer()) })));
  };
  const states = async () => {
    const listed = await listAttempts();
    return listed.ok ? listed.value.map((a) => [a.id, a.state]) : [];
  };
  /** The messages the popup posts on its ports from now on. */
  function portMessages(): unknown[] {
    const posted: unknown[] = [];
    const connect = fakeBrowser.runtime.connect;
    vi.spyOn(fakeBrowser.runtime, 'connect').mockImplementation((info) => {
      const opened = connect(info);
      const post = opened.postMessage.bind(opened);
      opened.postMessage = (message: unknown) => {
        posted.push(message);
        post(message);
      };
      return opened;
    });
    return posted;
  }

  it('in Chrome, go to the service worker by reference, arrive whole, are made with one request and kept', async () => {
    installFakeWorker();
    const big = bytes(3 * MB + 12_345);
    const small = bytes(10, 7);
    const posted = portMessages();
    await readyRelay();
    const files = [
      new File([big], 'disk.img', { type: 'application/octet-stream' }),
      new File([small], 'notes.txt', { type: 'text/plain' }),
    ];
    const result = await pushInBackground(fileRequest(files), known, { attemptId: 'f1' });

    expect(result).toEqual(ok({ push, baseUrl: BASE_URL }));
    expect(create).toHaveBeenCalledOnce();
    expect(await sent()).toEqual([
      { name: 'disk.img', type: 'application/octet-stream', bytes: await digest(big) },
      { name: 'notes.txt', type: 'text/plain', bytes: await digest(small) },
    ]);
    // The port carried the files' names and sizes, never their bytes.
    expect(JSON.stringify(posted).length).toBeLessThan(2_000);
    await vi.waitFor(async () => {
      const listed = await listHistory();
      expect(listed.ok && listed.value.map((entry) => [entry.kind, entry.fileNames])).toEqual([['file', ['disk.img', 'notes.txt']]]);
    });
    expect(await states()).toEqual([]);
  });

  it('in Firefox, go in the push message itself, whose port clones a File, and arrive whole', async () => {
    fakePorts().cloneLikeFirefox();
    const content = bytes(MB + 1);
    await readyRelay();
    const result = await pushInBackground(fileRequest([new File([content], 'disk.img')]), known, { attemptId: 'f1' });
    expect(result).toEqual(ok({ push, baseUrl: BASE_URL }));
    expect(await sent()).toEqual([{ name: 'disk.img', type: '', bytes: await digest(content) }]);
  });

  it('send an empty file too', async () => {
    installFakeWorker();
    await readyRelay();
    expect(await pushInBackground(fileRequest([new File([], 'empty.txt')]), known, { attemptId: 'f1' })).toEqual(
      ok({ push, baseUrl: BASE_URL }),
    );
    expect(await sent()).toEqual([{ name: 'empty.txt', type: '', bytes: await digest(new Uint8Array()) }]);
  });

  it('are not sent, and say so, when a Chrome port turned the files into nothing (no worker to hand them to)', async () => {
    await readyRelay();
    expect(await pushInBackground(fileRequest([new File(['x'], 'a.txt')]), known, { attemptId: 'f1' })).toEqual(
      fail({ kind: 'no-background' }),
    );
    expect(create).not.toHaveBeenCalled();
  });

  it('are not sent when the files that came are not the ones the push named', async () => {
    await readyRelay();
    const port = fakeBrowser.runtime.connect({ name: 'push:share' });
    const replies: unknown[] = [];
    port.onMessage.addListener((message) => void replies.push(message));
    await delivered();
    const named = { name: 'a.txt', type: 'text/plain', lastModified: 1, size: 3 };
    port.postMessage({
      type: 'push',
      id: 1,
      attemptId: 'f1',
      request: { kind: 'file', payload: '' },
      known,
      files: [named],
      transfer: 't1',
    });
    globalThis.dispatchEvent(
      new MessageEvent('message', {
        data: { type: 'push:files', transfer: 't1', files: [new File(['longer'], 'a.txt', { type: 'text/plain' })] },
        origin: location.origin,
      }),
    );
    await vi.waitFor(() => expect(replies).toContainEqual({ type: 'pushed', id: 1, result: fail({ kind: 'no-background' }) }));
    expect(create).not.toHaveBeenCalled();
  });

  it('are never sent when Cancel comes before the files: nothing went out', async () => {
    await readyRelay();
    const port = fakeBrowser.runtime.connect({ name: 'push:share' });
    const replies: unknown[] = [];
    port.onMessage.addListener((message) => void replies.push(message));
    await delivered();
    const named = { name: 'a.txt', type: 'text/plain', lastModified: 1, size: 3 };
    port.postMessage({
      type: 'push',
      id: 1,
      attemptId: 'f1',
      request: { kind: 'file', payload: '' },
      known,
      files: [named],
      transfer: 'never',
    });
    port.postMessage({ type: 'cancel', id: 1 });
    await vi.waitFor(() =>
      expect(replies).toContainEqual({ type: 'pushed', id: 1, result: fail({ kind: 'cancelled', attemptId: 'f1', looked: 'not-found' }) }),
    );
    expect(create).not.toHaveBeenCalled();
    expect(await states()).toEqual([]);
  });

  it('cancelled once the request is out: the background aborts it, looks once and finds nothing', async () => {
    installFakeWorker();
    create.mockReturnValue(new Promise(() => undefined));
    pwpush.activePushes.mockResolvedValue(ok({ items: [], page: 1, perPage: 50 }));
    await readyRelay();
    const cancel = new AbortController();
    const pending = pushInBackground(fileRequest([new File([bytes(10)], 'a.txt')]), known, { attemptId: 'f1', signal: cancel.signal });
    await vi.waitFor(() => expect(create).toHaveBeenCalled());
    cancel.abort();
    expect(await pending).toEqual(fail({ kind: 'cancelled', attemptId: 'f1', looked: 'not-found' }));
    // From the create on (the test before may still be looking for copies of its own push).
    const requests = pwpush.requests.slice(pwpush.requests.indexOf('POST /pushes'));
    expect(requests).toEqual(['POST /pushes', 'GET /pushes/active?page=1']);
  });

  it('go on when the popup closes once the request is out, and reach the history', async () => {
    installFakeWorker();
    let answer!: () => void;
    create.mockReturnValue(new Promise((resolve) => (answer = () => resolve(ok(push)))));
    await readyRelay();
    void pushInBackground(fileRequest([new File([bytes(10)], 'a.txt')]), known, { attemptId: 'f1' });
    await vi.waitFor(() => expect(create).toHaveBeenCalled());
    fakePorts().disconnectAll();
    answer();
    await vi.waitFor(async () => {
      const listed = await listHistory();
      expect(listed.ok && listed.value.map((entry) => entry.fileNames)).toEqual([['a.txt']]);
    });
    expect(await states()).toEqual([]);
  });

  it.each([
    ['files inside the request', { request: { kind: 'file', payload: '', files: [{}] } }],
    [
      'files named for a text push',
      { request: { kind: 'text', payload: 'x' }, files: [{ name: 'a', type: '', lastModified: 1, size: 1 }], transfer: 't' },
    ],
  ])('ignore a push with %s', async (_what, shape) => {
    await readyRelay();
    const port = fakeBrowser.runtime.connect({ name: 'push:share' });
    const replies: unknown[] = [];
    port.onMessage.addListener((message) => void replies.push(message));
    await delivered();
    port.postMessage({ type: 'push', id: 1, attemptId: 'f1', known, ...shape });
    await delivered();
    expect(replies).toEqual([{ type: 'ready' }]);
    expect(create).not.toHaveBeenCalled();
  });

  it("looked for after the worker stopped with one out, by its files' names", async () => {
    // The list echoes each push's passphrase, '' for none (docs/password-pusher.md#lists): the look compares it.
    const parsed = parsePushList([
      pushRecord({ url_token: 'listed1', passphrase: '', name: '', note: '', created_at: new Date().toISOString() }),
    ]);
    const listed = parsed.ok ? parsed.value[0]! : makePush();
    const content = new File(['the file'], 'found.txt', { type: 'text/plain' });
    pwpush.activePushes.mockResolvedValue(ok({ items: [listed], page: 1, perPage: 50 }));
    pwpush.retrievePush.mockResolvedValue(
      ok({ ...listed, payload: '', files: [{ filename: 'found.txt', contentType: 'text/plain', url: `${BASE_URL}/pfb/x/found.txt` }] }),
    );
    await readyRelay();
    const result = await lookInBackground({ attemptId: 'f1', startedAt: Date.now() - 1000 }, fileRequest([content]), known);
    expect(result.ok && result.value.push.urlToken).toBe('listed1');
    expect(result.ok && result.value.recovered).toBe(true);
  });
});

describe('the popup settling a push whose background stopped after the link', () => {
  it('has the background write the history entry and end the attempt', async () => {
    await readyRelay();
    expect(await settleInBackground('s1', BASE_URL, push, { kind: 'file', passphraseProtected: false, fileNames: ['a.txt'] })).toBe('kept');
    const listed = await listHistory();
    expect(listed.ok && listed.value.map((entry) => [entry.urlToken, entry.kind, entry.fileNames])).toEqual([
      [push.urlToken, 'file', ['a.txt']],
    ]);
  });

  it('goes over a new port once the worker stopped and closed the old one', async () => {
    answerPushRelay();
    openPushRelay();
    fakePorts().disconnectAll();
    expect(await settleInBackground('s1', BASE_URL, push, { kind: 'text', passphraseProtected: false })).toBe('kept');
  });

  it.each([
    ['no push', { details: { kind: 'text', passphraseProtected: false } }],
    ['no details', { push }],
  ])('is ignored with %s', async (_what, shape) => {
    await readyRelay();
    const port = fakeBrowser.runtime.connect({ name: 'push:share' });
    const replies: unknown[] = [];
    port.onMessage.addListener((message) => void replies.push(message));
    await delivered();
    port.postMessage({ type: 'settle', id: 1, attemptId: 's1', baseUrl: BASE_URL, ...shape });
    await delivered();
    expect(replies).toEqual([{ type: 'ready' }]);
    const listed = await listHistory();
    expect(listed.ok && listed.value).toEqual([]);
  });
});
