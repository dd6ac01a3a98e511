import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { getCapabilities, rememberRefusedKind } from '@/lib/share/capabilities';
import type { Push } from '@/lib/pwpush/types';
import { fail, ok } from '@/lib/result';
import { DEFAULT_PUSH_DEFAULTS, instanceUrl, limitsOf, NO_LIMITS, pushDefaults, setToken } from '@/lib/settings';
import { mirrorManagedPolicy } from '@/lib/settings/policy-mirror';
import { explainShareFailure, sharePush } from '@/lib/share/share-push';
import { recentFailures } from '@/lib/diagnostics/failures';
import { quietBook } from '@/test/support/attempt-books';
import { makePush, makeVersionInfo } from '@/test/support/pwpush-fixtures';
import { fakePwpush, installFakePwpush } from '@/test/support/fake-pwpush';

vi.mock('@/lib/share/capabilities', () => ({ getCapabilities: vi.fn(), rememberRefusedKind: vi.fn() }));

const BASE_URL = 'https://pwpush.example';
const TOKEN = 'tok-123';

/** The instance: a small fake behind fetch (test/support/fake-pwpush.ts). */
const pwpush = installFakePwpush();

/** What the instance answers on create. */
const push: Push = makePush();

const createMock = pwpush.createPush;
const capabilitiesMock = vi.mocked(getCapabilities);

async function configure(): Promise<void> {
  await instanceUrl.setValue(BASE_URL);
  await setToken(TOKEN, true, BASE_URL);
}

async function everythingStored(): Promise<string> {
  const { local, session, sync } = fakeBrowser.storage;
  return JSON.stringify([await local.get(), await session.get(), await sync.get()]);
}

beforeEach(() => {
  createMock.mockReset().mockResolvedValue(ok(push));
  capabilitiesMock.mockReset().mockResolvedValue(ok(makeVersionInfo()));
});

describe('sharePush', () => {
  it('is not-configured without an instance, and sends nothing', async () => {
    const result = await sharePush({ kind: 'text', payload: 'secret' });
    expect(result).toEqual({ ok: false, error: { kind: 'not-configured' } });
    expect(createMock).not.toHaveBeenCalled();
    expect(capabilitiesMock).not.toHaveBeenCalled();
  });

  it('leaves the failure’s kind, and nothing of the push, for the diagnostic report', async () => {
    await sharePush({ kind: 'text', payload: 'secret', name: 'payroll' });
    await vi.waitFor(async () => expect((await recentFailures.getValue()).map(({ kind }) => kind)).toEqual(['not-configured']));
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toMatch(/secret|payroll/);
  });

  it('fills absent options from the saved defaults and creates exactly one push', async () => {
    await configure();
    await pushDefaults.setValue({
      expireAfterDays: 3,
      expireAfterViews: 2,
      deletableByViewer: false,
      retrievalStep: false,
      copyLinkAutomatically: true,
      recipientLocale: '',
    });
    // A fetch handed in is the one the push goes over.
    const handed = fakePwpush();
    handed.createPush.mockResolvedValue(ok(push));

    const result = await sharePush({ kind: 'text', payload: 'secret', expireAfterViews: 9 }, { fetch: handed.fetch });

    expect(result).toEqual({ ok: true, value: { push, baseUrl: BASE_URL } });
    expect(createMock).not.toHaveBeenCalled();
    expect(handed.requests[0]).toBe('POST /pushes');
    expect(handed.createPush).toHaveBeenCalledWith(
      { baseUrl: BASE_URL, token: TOKEN },
      {
        kind: 'text',
        payload: 'secret',
        expireAfterDays: 3,
        expireAfterViews: 9,
        deletableByViewer: false,
        retrievalStep: false,
      },
    );
    expect(capabilitiesMock).toHaveBeenCalledWith(BASE_URL, { fetch: handed.fetch });
  });

  it("uses Password Pusher's defaults when none were saved", async () => {
    await configure();
    await sharePush({ kind: 'url', payload: 'https://example.org/' });
    expect(createMock.mock.calls[0]![1]).toMatchObject({
      expireAfterDays: 7,
      expireAfterViews: 5,
      deletableByViewer: true,
      retrievalStep: true,
    });
  });

  it("keeps every push within the organisation's ceilings and forced retrieval step, whatever asked for it", async () => {
    await configure();
    await fakeBrowser.storage.managed.set({ expireAfterDaysMax: 14, expireAfterViewsMax: 3, retrievalStepForced: true });
    await mirrorManagedPolicy();
    // The right-click menu and the shortcut: the defaults and the policy read here.
    await sharePush({ kind: 'text', payload: 'secret', expireAfterDays: 30, expireAfterViews: 2, retrievalStep: false });
    expect(createMock.mock.calls[0]![1]).toMatchObject({ expireAfterDays: 14, expireAfterViews: 2, retrievalStep: true });
    // The popup, which read the limits with its settings: a value over them (a field's max removed in the page) is brought down.
    const known = {
      connection: { baseUrl: BASE_URL, token: TOKEN },
      defaults: DEFAULT_PUSH_DEFAULTS,
      limits: limitsOf({ expireAfterDaysMax: 2 }),
    };
    await sharePush({ kind: 'text', payload: 'secret', expireAfterDays: 90 }, { known });
    expect(createMock.mock.calls[1]![1]).toMatchObject({ expireAfterDays: 2 });
  });

  it("sends the days as the instance's edition takes them: a duration code to a commercial one", async () => {
    await configure();
    capabilitiesMock.mockResolvedValue(ok(makeVersionInfo({ edition: 'commercial' })));
    await sharePush({ kind: 'text', payload: 'secret' });
    expect(pwpush.created[0]).toHaveProperty('expire_after_duration');
    expect(pwpush.created[0]).not.toHaveProperty('expire_after_days');
  });

  it('sends no push when the edition cannot be learned', async () => {
    await configure();
    capabilitiesMock.mockResolvedValue(fail({ kind: 'network' }));
    expect(await sharePush({ kind: 'text', payload: 'secret' })).toEqual({ ok: false, error: { kind: 'network' } });
    expect(createMock).not.toHaveBeenCalled();
  });

  it('refreshes the capabilities when the instance says a kind is disabled', async () => {
    await configure();
    const disabled = { kind: 'validation' as const, status: 422, fields: { kind: ['URL pushes are disabled.'] } };
    createMock.mockResolvedValue(fail(disabled));

    const result = await sharePush({ kind: 'url', payload: 'https://example.org/' });

    expect(result).toEqual({ ok: false, error: disabled });
    expect(capabilitiesMock).toHaveBeenLastCalledWith(BASE_URL, { refresh: true, fetch: undefined });
    expect(rememberRefusedKind).toHaveBeenCalledExactlyOnceWith(BASE_URL, 'url');
    expect(createMock).toHaveBeenCalledTimes(1);
  });

  it('refreshes the capabilities when the instance says it no longer sends e-mail', async () => {
    await configure();
    const fields = { notify_emails_to: ['are not available'], base: ['Notify by email feature is not enabled'] };
    createMock.mockResolvedValue(fail({ kind: 'validation', status: 422, fields }));
    await sharePush({ kind: 'text', payload: 'x', emailTo: 'a@example.org' });
    expect(capabilitiesMock).toHaveBeenLastCalledWith(BASE_URL, { refresh: true, fetch: undefined });
  });

  it('does not refresh the capabilities for other failures', async () => {
    await configure();
    createMock.mockResolvedValue(fail({ kind: 'validation', status: 422, fields: { payload: ['Payload is required.'] } }));
    await sharePush({ kind: 'text', payload: 'x' });
    expect(capabilitiesMock).toHaveBeenCalledTimes(1);
    expect(capabilitiesMock).not.toHaveBeenCalledWith(BASE_URL, expect.objectContaining({ refresh: true }));
  });

  it('reads no storage and no capabilities when the caller knows the settings and the edition', async () => {
    // Nothing is configured in storage: a read would end in "not-configured".
    const reads = vi.spyOn(fakeBrowser.storage.local, 'get');
    const known = {
      connection: { baseUrl: BASE_URL, token: TOKEN },
      defaults: { ...DEFAULT_PUSH_DEFAULTS, expireAfterDays: 4 },
      limits: NO_LIMITS,
      edition: 'commercial',
    };

    // The attempt and the history write go to a book of their own (lib/attempts/book.ts), which reads the history settings itself.
    const result = await sharePush({ kind: 'text', payload: 'secret' }, { known, book: quietBook() });

    expect(result).toEqual({ ok: true, value: { push, baseUrl: BASE_URL } });
    expect(reads).not.toHaveBeenCalled();
    expect(capabilitiesMock).not.toHaveBeenCalled();
    expect(createMock).toHaveBeenCalledOnce();
    expect(createMock).toHaveBeenCalledWith(
      { baseUrl: BASE_URL, token: TOKEN },
      expect.objectContaining({ payload: 'secret', expireAfterViews: 5 }),
    );
    // The known edition: days as a commercial instance takes them.
    expect(pwpush.created[0]).toHaveProperty('expire_after_duration');
  });

  it("hands the upload's Cancel to file pushes only", async () => {
    createMock.mockResolvedValue(ok(push));
    pwpush.activePushes.mockResolvedValue(ok({ items: [], page: 1, perPage: 50 }));
    const known = { connection: { baseUrl: BASE_URL, token: TOKEN }, defaults: DEFAULT_PUSH_DEFAULTS, edition: 'oss' };
    const cancelled = new AbortController();
    cancelled.abort();
    const upload = { signal: cancelled.signal };
    expect(await sharePush({ kind: 'text', payload: 'secret' }, { known, upload, book: quietBook() })).toEqual(
      ok({ push, baseUrl: BASE_URL }),
    );
    expect(await sharePush({ kind: 'file', payload: '', files: [new File(['x'], 'x.txt')] }, { known, upload, book: quietBook() })).toEqual(
      fail({ kind: 'cancelled', attemptId: expect.any(String), looked: 'not-found' }),
    );
    // The file's create never reached the instance: the Cancel ended it as it left.
    expect(createMock).toHaveBeenCalledOnce();
  });

  it('asks the capabilities cache when the caller knows the settings but not the edition', async () => {
    capabilitiesMock.mockResolvedValue(ok(makeVersionInfo({ edition: 'commercial' })));
    const known = { connection: { baseUrl: BASE_URL, token: '' }, defaults: DEFAULT_PUSH_DEFAULTS };

    await sharePush({ kind: 'text', payload: 'secret' }, { known });

    expect(capabilitiesMock).toHaveBeenCalledWith(BASE_URL, { fetch: undefined });
    expect(pwpush.created[0]).toHaveProperty('expire_after_duration');
  });

  it('sends the payload untouched and stores neither the payload nor the passphrase', async () => {
    await configure();
    const payload = '  -----BEGIN KEY-----\r\n\tabc\n-----END KEY-----\n\n';
    const passphrase = 'correct horse battery staple';

    await sharePush({ kind: 'text', payload, passphrase });

    expect(createMock.mock.calls[0]![1]).toMatchObject({ payload, passphrase });
    const stored = await everythingStored();
    expect(stored).toContain(BASE_URL);
    expect(stored).not.toContain('BEGIN KEY');
    expect(stored).not.toContain(passphrase);
  });
});

describe("sharePush: the recipient's language", () => {
  const withLink = (htmlUrl: string) => ({ ...push, htmlUrl });

  it('hands out the link with the saved default ?locale= (menu and shortcut pushes) and sends no such field', async () => {
    await configure();
    await pushDefaults.setValue({ ...DEFAULT_PUSH_DEFAULTS, recipientLocale: 'sv' });
    createMock.mockResolvedValue(ok(withLink(`${BASE_URL}/p/abc/r`)));

    const result = await sharePush({ kind: 'text', payload: 'secret' });

    expect(result.ok && result.value.push.htmlUrl).toBe(`${BASE_URL}/p/abc/r?locale=sv`);
    // The language is the link's, never a field of the create.
    expect(Object.keys(pwpush.created[0]!).filter((key) => key.includes('locale'))).toEqual([]);
  });

  it("takes the push's own choice over the default, none included", async () => {
    await configure();
    await pushDefaults.setValue({ ...DEFAULT_PUSH_DEFAULTS, recipientLocale: 'sv' });
    createMock.mockResolvedValue(ok(withLink(`${BASE_URL}/p/abc`)));

    const chosen = await sharePush({ kind: 'text', payload: 'secret', recipientLocale: 'pt-BR' });
    const none = await sharePush({ kind: 'text', payload: 'secret', recipientLocale: '' });

    expect(chosen.ok && chosen.value.push.htmlUrl).toBe(`${BASE_URL}/p/abc?locale=pt-BR`);
    expect(none.ok && none.value.push.htmlUrl).toBe(`${BASE_URL}/p/abc`);
  });

  it('reads defaults saved before the setting existed as none', async () => {
    await configure();
    const { recipientLocale: _, ...older } = DEFAULT_PUSH_DEFAULTS;
    await fakeBrowser.storage.local.set({ pushDefaults: older });
    createMock.mockResolvedValue(ok(withLink(`${BASE_URL}/p/abc`)));

    const result = await sharePush({ kind: 'text', payload: 'secret' });

    expect(result.ok && result.value.push.htmlUrl).toBe(`${BASE_URL}/p/abc`);
  });
});

describe('explainShareFailure', () => {
  it('sends a person who has not set up Pushgate to the options', () => {
    const explanation = explainShareFailure({ kind: 'not-configured' });
    expect(explanation.next).toBe('open-options');
    expect(explanation.message).toMatch(/not set up/);
  });

  it('says a push handed to a background that stopped may exist, and offers no retry that could make a second one', () => {
    const explanation = explainShareFailure({ kind: 'interrupted', attemptId: 'a1' });
    expect(explanation.next).toBe('none');
    expect(explanation.message).toMatch(/may have been created.*Pushes page/);
  });

  it.each([
    ['text', /^The text is larger than the instance accepts in one push/],
    ['url', /^The text is larger than the instance accepts in one push/],
    ['file', /^The file is larger than the instance accepts/],
  ] as const)('words a 413 by what was pushed: %s', (kind, words) => {
    expect(explainShareFailure({ kind: 'bad-request', status: 413 }, { kind }).message).toMatch(words);
  });

  it('says a token is needed, not that it was rejected, when a push without one meets the token gate', () => {
    const gate = { kind: 'unauthorized', status: 401 } as const;
    expect(explainShareFailure(gate, { hasToken: false })).toEqual({
      message: 'This instance takes pushes only from signed-in users: add your API token in the settings.',
      next: 'open-options',
    });
    expect(explainShareFailure(gate, { hasToken: true }).message).toMatch(/API token was rejected/);
  });

  it('explains instance failures like any push failure', () => {
    expect(explainShareFailure({ kind: 'unauthorized', status: 401 }).next).toBe('open-options');
    expect(explainShareFailure({ kind: 'network' }).next).toBe('retry');
  });
});
