import { installFakePwpush } from '@/test/support/fake-pwpush';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { h } from 'preact';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { LinkResult } from '@/components/popup/LinkResult';
import { getCapabilities } from '@/lib/share/capabilities';
import { getDb } from '@/lib/db';
import { listHistory, type ReadEntry } from '@/lib/history/entries';
import { answerHistoryMessages } from '@/lib/history/relay';
import type { Push, PushKind } from '@/lib/pwpush/types';
import { fail, ok } from '@/lib/result';
import { instanceUrl, setToken } from '@/lib/settings';
import { sharePush } from '@/lib/share/share-push';
import { deliverMessagesFrom } from '@/test/support/extension-messages';
import { URL_TOKEN, makePush, makeVersionInfo } from '@/test/support/pwpush-fixtures';

const pwpush = installFakePwpush();
const { createPush, expirePush } = pwpush;

vi.mock('@/lib/share/capabilities', () => ({ getCapabilities: vi.fn() }));

const BASE_URL = 'https://pwpush.example';
const PAYLOAD = '  -----BEGIN KEY-----\r\n\tabc\n-----END KEY-----\n';
const PASSPHRASE = 'correct horse battery staple';

/**
 * What the server answers on create, echoed name and note included
 * (docs/password-pusher.md#create).
 */
function created(overrides: Partial<Push> = {}): Push {
  return makePush({
    urlToken: URL_TOKEN,
    expireAfterDays: 3,
    expireAfterViews: 2,
    daysRemaining: 3,
    viewsRemaining: 2,
    name: 'Router',
    note: 'admin page',
    ...overrides,
  });
}

async function configure(token: string): Promise<void> {
  await instanceUrl.setValue(BASE_URL);
  await setToken(token, true, BASE_URL);
}

async function history(): Promise<ReadEntry[]> {
  const listed = await listHistory();
  if (!listed.ok) throw new Error(listed.error.reason);
  return listed.value;
}

/** Every storage area and every IndexedDB store, as one string. */
async function everythingStored(): Promise<string> {
  const { local, session, sync } = fakeBrowser.storage;
  const db = await getDb();
  const stores = await Promise.all([...db.objectStoreNames].map((name) => db.getAll(name)));
  return JSON.stringify([await local.get(), await session.get(), await sync.get(), stores]);
}

beforeEach(() => {
  createPush.mockReset().mockResolvedValue(ok(created()));
  expirePush.mockReset();
  vi.mocked(getCapabilities).mockReset().mockResolvedValue(ok(makeVersionInfo()));
});

describe('sharePush records the push', () => {
  it('with the link, kind, labels and expiry settings', async () => {
    await configure('tok-123');
    const before = Date.now();

    const result = await sharePush({ kind: 'text', payload: PAYLOAD, passphrase: PASSPHRASE, name: 'Router', note: 'admin page' });

    expect(result).toEqual({ ok: true, value: { push: created(), baseUrl: BASE_URL } });
    const [entry, ...rest] = await history();
    expect(rest).toEqual([]);
    expect(entry).toEqual({
      baseUrl: BASE_URL,
      urlToken: 'k3xq9w0lz2mfa',
      htmlUrl: `${BASE_URL}/p/k3xq9w0lz2mfa/r`,
      kind: 'text',
      name: 'Router',
      ownName: 'Router',
      note: 'admin page',
      createdAt: '2026-08-21T10:15:30.123Z',
      recordedAt: expect.any(Number),
      checkedAt: expect.any(Number),
      checkedVia: 'created',
      expireAfterDays: 3,
      expireAfterViews: 2,
      deletableByViewer: true,
      retrievalStep: true,
      passphraseProtected: true,
      expired: false,
      daysRemaining: 3,
      viewsRemaining: 2,
      withToken: true,
    });
    expect(entry!.recordedAt).toBeGreaterThanOrEqual(before);
  });

  it.each<[PushKind, string | undefined, boolean]>([
    ['text', PASSPHRASE, true],
    ['text', '', false],
    ['url', undefined, false],
    ['qr', 'x', true],
  ])('for a %s push with passphrase %j: protected %s', async (kind, passphrase, expected) => {
    await configure('tok-123');
    await sharePush({ kind, payload: 'https://example.org/', passphrase });
    expect(await history()).toMatchObject([{ kind, passphraseProtected: expected }]);
  });

  it('without a token too, so anonymous people find their links again', async () => {
    await configure('');
    await sharePush({ kind: 'text', payload: PAYLOAD });
    // The account's lists can never hold it: the Pushes page says so rather than check it there.
    expect(await history()).toMatchObject([{ htmlUrl: created().htmlUrl, deletableByViewer: true, withToken: false }]);
  });

  it('never with the payload or the passphrase, even when the answer carried them', async () => {
    await configure('tok-123');
    const careless = { ...created(), passphrase: PASSPHRASE, payload: PAYLOAD };
    createPush.mockResolvedValue(ok(careless as Push));

    await sharePush({ kind: 'text', payload: PAYLOAD, passphrase: PASSPHRASE });

    const stored = await everythingStored();
    expect(stored).toContain('k3xq9w0lz2mfa');
    expect(stored).not.toContain('BEGIN KEY');
    expect(stored).not.toContain(PASSPHRASE);
  });

  it('before handing over the link: a popup may close as soon as the link shows', async () => {
    await configure('tok-123');
    const put = vi.spyOn(IDBObjectStore.prototype, 'put');
    await sharePush({ kind: 'text', payload: PAYLOAD });
    expect(put.mock.contexts.map((store) => (store as IDBObjectStore).name)).toEqual(['attempts', 'claims', 'history']);
    put.mockRestore();
  });

  it('not at all when the instance refused the push', async () => {
    await configure('tok-123');
    createPush.mockResolvedValue(fail({ kind: 'validation', status: 422 }));
    expect((await sharePush({ kind: 'text', payload: PAYLOAD })).ok).toBe(false);
    expect(await history()).toEqual([]);
  });
});

describe('a history that cannot be written', () => {
  it.each([
    [
      'full storage',
      () =>
        vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        }),
    ],
    [
      'disabled storage',
      () =>
        vi.spyOn(indexedDB, 'open').mockImplementation(() => {
          throw new DOMException('IndexedDB is disabled.', 'InvalidStateError');
        }),
    ],
  ])('still hands over the link (%s)', async (_label, breakStorage) => {
    await configure('tok-123');
    const broken = breakStorage();

    const result = await sharePush({ kind: 'text', payload: PAYLOAD });

    // Said, never silent: the link view and the notification warn that the history could not keep it.
    expect(result).toEqual({ ok: true, value: { push: created(), baseUrl: BASE_URL, historyNotKept: true } });
    expect(broken).toHaveBeenCalled();
    broken.mockRestore();
    expect(await history()).toEqual([]);
  });
});

describe('"Expire now" in the link result', () => {
  // The popup asks the service worker to write (history-relay.ts): the worker's side runs here too.
  beforeEach(() => {
    answerHistoryMessages();
    deliverMessagesFrom('/popup.html');
  });

  it('marks the recorded push expired after the DELETE succeeded', async () => {
    await configure('');
    await sharePush({ kind: 'text', payload: PAYLOAD });
    const expiredOn = '2026-08-21T10:30:00.000Z';
    const answer = created({ expired: true, deleted: true, expiredOn });
    delete answer.name;
    delete answer.note;
    expirePush.mockResolvedValue(ok(answer));

    render(h(LinkResult, { push: created(), connection: { baseUrl: BASE_URL, token: '' } }));
    fireEvent.click(screen.getByRole('button', { name: 'Expire now' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Expire' }));

    await waitFor(async () => expect(await history()).toMatchObject([{ expired: true, expiredAt: expiredOn, name: 'Router' }]));
  });

  it('leaves the entry alone when the DELETE failed', async () => {
    await configure('');
    await sharePush({ kind: 'text', payload: PAYLOAD });
    expirePush.mockResolvedValue(fail({ kind: 'unauthorized', status: 401 }));

    render(h(LinkResult, { push: created(), connection: { baseUrl: BASE_URL, token: '' } }));
    fireEvent.click(screen.getByRole('button', { name: 'Expire now' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Expire' }));

    await screen.findByRole('alert');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await history()).toMatchObject([{ expired: false }]);
  });
});
