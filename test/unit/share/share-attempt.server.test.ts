// @vitest-environment node
// A push's attempt, kept before its request and settled after (docs/exactly-once.md), against the reference server.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startPwpushServer, type PwpushServer } from '../../servers/pwpush/server.mjs';
import { create } from '../../servers/pwpush/helpers';
import { listAttempts } from '@/lib/attempts/attempts';
import { findCandidates } from '@/lib/attempts/candidates';
import { listHistory } from '@/lib/history/entries';
import { DEFAULT_PUSH_DEFAULTS, historySettings } from '@/lib/settings';
import { explainShareFailure, sharePush, type ShareDeps } from '@/lib/share/share-push';
import type { PushAttempt } from '@/lib/records';

let server: PwpushServer;
beforeAll(async () => {
  server = await startPwpushServer();
});
afterAll(() => server?.close());
beforeEach(() => server.reset());

const known = (token: string) => ({ connection: { baseUrl: server.url, token }, defaults: DEFAULT_PUSH_DEFAULTS, edition: 'oss' });
const alice = () => server.users[0]!.token;
const creates = () => server.requests.filter((request) => request.method === 'POST');
const live = () => server.pushes().filter((push) => !push.expired);
const quick = { lookDelays: [0, 200] } satisfies ShareDeps;

async function attempts(): Promise<PushAttempt[]> {
  const listed = await listAttempts();
  if (!listed.ok) throw new Error(listed.error.reason);
  return listed.value;
}
async function historyTokens(): Promise<string[]> {
  const listed = await listHistory();
  return listed.ok ? listed.value.map((entry) => entry.urlToken) : [];
}

describe('the attempt of a push', () => {
  it('is in the store when the request reaches the server, and gone once the answer is recorded', async () => {
    let atSend: PushAttempt[] = [];
    const spy: typeof fetch = async (url, init) => {
      if (init?.method === 'POST') atSend = await attempts();
      return fetch(url, init);
    };
    const result = await sharePush({ kind: 'text', payload: 'secret', name: 'db' }, { known: known(alice()), fetch: spy });
    expect(atSend).toMatchObject([
      { baseUrl: server.url, kind: 'text', state: 'sending', requested: { name: 'db', passphraseProtected: false } },
    ]);
    expect(JSON.stringify(atSend)).not.toContain('secret');
    expect(result.ok).toBe(true);
    expect(await attempts()).toEqual([]);
    expect(await historyTokens()).toEqual([server.pushes()[0]!.url_token]);
  });

  it('is forgotten when the instance refused the push: nothing was made', async () => {
    server.setFault({ type: 'validation', times: 1 });
    const result = await sharePush({ kind: 'text', payload: 'secret' }, { known: known(alice()) });
    expect(result).toMatchObject({ ok: false, error: { kind: 'validation' } });
    expect(await attempts()).toEqual([]);
  });

  it('still sends the push when storage refuses it, and says the history could not keep it', async () => {
    const put = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const result = await sharePush({ kind: 'text', payload: 'secret' }, { known: known(alice()) });
    put.mockRestore();
    expect(result).toMatchObject({ ok: true, value: { historyNotKept: true, push: { urlToken: server.pushes()[0]!.url_token } } });
  });
});

describe('the history setting the popup read with its settings', () => {
  it('decides what the attempt keeps, and nothing is read from storage before the request', async () => {
    // Storage says keep; the popup read "off" when it opened (no policy, so no limits either): the popup's is used.
    await historySettings.setValue({ keep: true, forgetExpiredAfterDays: 30 });
    const reads = vi.spyOn(fakeBrowser.storage.local, 'get');
    let atSend: PushAttempt[] = [];
    let readsAtSend = -1;
    const spy: typeof fetch = async (url, init) => {
      if (init?.method === 'POST') {
        readsAtSend = reads.mock.calls.length;
        atSend = await attempts();
      }
      return fetch(url, init);
    };
    const result = await sharePush(
      { kind: 'text', payload: 'secret', name: 'prod database', note: 'rotate monthly' },
      { known: { ...known(alice()), limits: null, keepHistory: false }, fetch: spy },
    );
    reads.mockRestore();
    expect(result.ok).toBe(true);
    expect(readsAtSend).toBe(0);
    expect(atSend).toHaveLength(1);
    expect(atSend[0]!.requested).toMatchObject({ labelsDigest: expect.stringMatching(/^[0-9a-f]{64}$/) });
    // Words with letters past "f": a name like "db" can turn up in the attempt's random id or digest.
    expect(JSON.stringify(atSend)).not.toMatch(/prod database|rotate monthly/);
  });
});

describe('the attempt of a push with the history off', () => {
  beforeEach(() => historySettings.setValue({ keep: false, forgetExpiredAfterDays: 30 }));

  it('keeps a digest of the name, note and file names, never their text, and its push is still found', async () => {
    server.setOptions({ createAnswerDelayMs: 5_000 });
    let atSend: PushAttempt[] = [];
    const spy: typeof fetch = async (url, init) => {
      if (init?.method === 'POST') atSend = await attempts();
      return fetch(url, init);
    };
    const result = await sharePush(
      { kind: 'text', payload: 'secret', name: 'payroll db', note: 'for Kim' },
      { known: known(alice()), fetch: spy, timeoutMs: 800, ...quick },
    );
    expect(atSend).toHaveLength(1);
    expect(JSON.stringify(atSend)).not.toMatch(/payroll|Kim/);
    expect(atSend[0]!.requested.labelsDigest).toMatch(/^[0-9a-f]{64}$/);
    expect(result).toMatchObject({ ok: true, value: { recovered: true } });
  });

  it("finds the try's candidates by that digest once its sender is gone", async () => {
    await sharePush({ kind: 'text', payload: 'other', name: 'another name' }, { known: known(alice()) });
    server.setOptions({ createAnswerDelayMs: 5_000 });
    const result = await sharePush(
      { kind: 'text', payload: 'secret', name: 'payroll db', note: 'for Kim' },
      { known: known(alice()), timeoutMs: 800, lookDelays: [] },
    );
    expect(result.ok).toBe(false);
    const [left] = await attempts();
    const found = await findCandidates(left!, { baseUrl: server.url, token: alice() });
    expect(found.ok && found.value.map((push) => push.name)).toEqual(['payroll db']);
  });
});

describe('a push whose answer did not come', () => {
  it('with a token: said to be looked for, found, shown as recovered and recorded; one POST', async () => {
    server.setOptions({ createAnswerDelayMs: 5_000 });
    const onLooking = vi.fn();
    const result = await sharePush(
      { kind: 'text', payload: 'secret', name: 'db' },
      { known: known(alice()), timeoutMs: 800, onLooking, ...quick },
    );
    const [stored] = server.pushes();
    expect(onLooking).toHaveBeenCalledOnce();
    expect(result).toMatchObject({
      ok: true,
      value: { recovered: true, push: { urlToken: stored!.url_token, htmlUrl: stored!.html_url } },
    });
    expect(await historyTokens()).toEqual([stored!.url_token]);
    expect(await attempts()).toEqual([]);
    expect(creates()).toHaveLength(1);
  });

  it('with a token and nothing made (a 5xx before the instance saved it): "may have been created", and the attempt stays', async () => {
    server.setFault({ type: 'server-error', paths: '/pushes', times: 1 });
    const result = await sharePush({ kind: 'text', payload: 'secret' }, { known: known(alice()), ...quick });
    expect(result).toMatchObject({ ok: false, error: { kind: 'maybe-created', looked: 'not-found' } });
    if (!result.ok)
      expect(explainShareFailure(result.error).message).toMatch(
        /^Your instance answered with an error \(500\)\. The push may have been saved all the same\. .*did not find it/,
      );
    expect((await attempts()).map((attempt) => attempt.state)).toEqual(['unknown']);
  });

  it('a cut-off answer is not "not pushed": the push it made is found', async () => {
    server.setFault({ type: 'malformed', paths: '/pushes', times: 1 });
    const result = await sharePush({ kind: 'text', payload: 'secret' }, { known: known(alice()), ...quick });
    // The fault answers in place of the instance: nothing was made, and the look says so.
    expect(result).toMatchObject({ ok: false, error: { kind: 'maybe-created', looked: 'not-found' } });
  });

  it('without a token: "may have been created", how to check, and the attempt stays', async () => {
    server.setOptions({ createAnswerDelayMs: 5_000 });
    const result = await sharePush({ kind: 'text', payload: 'secret' }, { known: known(''), timeoutMs: 800 });
    expect(result).toMatchObject({ ok: false, error: { kind: 'maybe-created', looked: 'no-token' } });
    if (!result.ok) {
      expect(explainShareFailure(result.error)).toMatchObject({
        message: expect.stringMatching(/may have been saved all the same.*API token/),
        next: 'open-options',
      });
    }
    expect((await attempts()).map((attempt) => attempt.state)).toEqual(['unknown']);
    expect(server.pushes()).toHaveLength(1);
  });
});

describe('a push the instance answered with a 500', () => {
  it('is said to be a 500 first, then what Pushgate did; when every look gets a 500 too, that it could not check and how', async () => {
    server.setFault({ type: 'server-error' });
    const onLooking = vi.fn();
    const result = await sharePush({ kind: 'text', payload: 'secret' }, { known: known(alice()), onLooking, lookDelays: [0, 10] });
    expect(onLooking).toHaveBeenCalledWith({ kind: 'server', status: 500 });
    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'maybe-created', looked: 'unchecked', cause: { kind: 'server', status: 500 } },
    });
    if (result.ok) return;
    const { message } = explainShareFailure(result.error);
    expect(message).toMatch(/^Your instance answered with an error \(500\)\. /);
    expect(message).toMatch(/could not check/);
    expect(message).toMatch(/instance's own site/);
    expect(message).not.toMatch(/No clear answer/);
  });
});

describe('pushing again after a try that may have made the push', () => {
  async function lostTry() {
    server.setOptions({ createAnswerDelayMs: 5_000 });
    const first = await sharePush({ kind: 'text', payload: 'secret' }, { known: known(alice()), timeoutMs: 800, lookDelays: [] });
    server.setOptions({ createAnswerDelayMs: 0 });
    if (first.ok || first.error.kind !== 'maybe-created') throw new Error('expected an unknown outcome');
    const [attempt] = await attempts();
    return { attemptId: attempt!.id, startedAt: attempt!.startedAt };
  }

  it('shows the push the first try made, and makes no second one', async () => {
    const earlier = await lostTry();
    const result = await sharePush({ kind: 'text', payload: 'secret' }, { known: known(alice()), earlier });
    expect(result).toMatchObject({ ok: true, value: { recovered: true, push: { urlToken: server.pushes()[0]!.url_token } } });
    expect(creates()).toHaveLength(1);
  });

  it('pushes again once the first try is known to have made none', async () => {
    const earlier = await lostTry();
    await fetch(`${server.url}/api/v2/pushes/${server.pushes()[0]!.url_token}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${alice()}` },
    });
    const result = await sharePush({ kind: 'text', payload: 'secret' }, { known: known(alice()), earlier });
    expect(result.ok && result.value.recovered).toBeUndefined();
    expect(creates()).toHaveLength(2);
    expect(await attempts()).toEqual([]);
  });

  it('pushes nothing while the instance cannot be asked', async () => {
    const earlier = await lostTry();
    server.setFault({ type: 'server-error', paths: '/active' });
    const result = await sharePush({ kind: 'text', payload: 'secret' }, { known: known(alice()), earlier });
    expect(result).toMatchObject({ ok: false, error: { kind: 'maybe-created', looked: 'unchecked', attemptId: earlier.attemptId } });
    expect(creates()).toHaveLength(1);
  });
});

describe('the same secret pushed elsewhere before this push', () => {
  it('is not taken for a copy the network made: nothing is expired, and the person told two identical pushes exist', async () => {
    // Made with the same token on the instance's own site, a script or another browser.
    const asSent = {
      kind: 'text',
      payload: 'secret',
      name: 'db',
      expire_after_days: 7,
      expire_after_views: 5,
      deletable_by_viewer: true,
      retrieval_step: true,
    };
    await create(server, asSent, alice());
    await new Promise((wait) => setTimeout(wait, 1200));
    server.setOptions({ createAnswerDelayMs: 5_000 });
    const result = await sharePush({ kind: 'text', payload: 'secret', name: 'db' }, { known: known(alice()), timeoutMs: 800, ...quick });
    expect(result).toMatchObject({ ok: true, value: { recovered: true, identicalLeft: 1 } });
    expect(result.ok && result.value.twinsExpired).toBeFalsy();
    expect(live()).toHaveLength(2);
  });
});

describe('a request the network sent twice', () => {
  it('leaves one live push: the copy is expired after the answer, and the caller told', async () => {
    // What Chromium does when a reused connection closes before any answer byte: it sends the request again.
    const twice: typeof fetch = async (url, init) => {
      if (init?.method === 'POST') await fetch(url, { ...init, signal: undefined });
      return fetch(url, init);
    };
    const checked = new Promise<number>((resolve) => {
      void sharePush({ kind: 'text', payload: 'secret' }, { known: known(alice()), fetch: twice, onCopiesChecked: resolve });
    });
    expect(await checked).toBe(1);
    expect(creates()).toHaveLength(2);
    expect(live()).toHaveLength(1);
    expect(await historyTokens()).toEqual([live()[0]!.url_token]);
  });
});
