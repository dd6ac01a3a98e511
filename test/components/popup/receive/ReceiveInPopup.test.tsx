import { installFakePwpush } from '@/test/support/fake-pwpush';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { getCapabilities } from '@/lib/share/capabilities';
import { fail, ok } from '@/lib/result';
import { readSelection } from '@/lib/share/selection';
import { capabilitiesCache, instanceUrl, setToken } from '@/lib/settings';
import { makeVersionInfo } from '@/test/support/pwpush-fixtures';
import { getTargetTab } from '@/lib/browser/target-tab';
import { BASE_URL, PASSPHRASE_401, TOKEN, openLink, retrievedPush, stubClipboard, type } from './fixtures';
import { openPopupPage } from '../fixtures';

const pwpush = installFakePwpush();
const { expirePush, retrievePush } = pwpush;

vi.mock('@/lib/share/selection', () => ({ readSelection: vi.fn() }));
vi.mock('@/lib/browser/target-tab', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/browser/target-tab')>()),
  getTargetTab: vi.fn(),
}));
vi.mock('@/lib/share/capabilities', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/share/capabilities')>()),
  getCapabilities: vi.fn(),
}));

const retrieve = retrievePush;
const SECRET = 'payload-6f1c2 never stored';
const PASSPHRASE = 'passphrase-9a7e never stored';

beforeEach(async () => {
  vi.resetAllMocks();
  vi.mocked(getTargetTab).mockResolvedValue(null);
  vi.mocked(readSelection).mockResolvedValue(null);
  vi.mocked(getCapabilities).mockResolvedValue(fail({ kind: 'network' }));
  stubClipboard();
  await instanceUrl.setValue(BASE_URL);
  await setToken('owner-api-token', true, BASE_URL);
});

async function openReceiveView() {
  await openPopupPage();
  fireEvent.click(screen.getByRole('button', { name: 'Open a secret link' }));
  await screen.findByRole('heading', { name: 'Open a secret link' });
}

async function everythingStored(): Promise<string> {
  const areas = await Promise.all((['local', 'session', 'sync'] as const).map((area) => fakeBrowser.storage[area].get(null)));
  const databases = await indexedDB.databases();
  return JSON.stringify({ areas, databases, localStorage: { ...localStorage }, sessionStorage: { ...sessionStorage } });
}

describe('"Open a secret link" in the popup', () => {
  it('is reached from the push form and goes back to it', async () => {
    await openReceiveView();
    expect(screen.queryByRole('textbox', { name: 'Secret' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('textbox', { name: 'Secret' });
  });

  it('retrieves without the configured API token and stores neither payload nor passphrase', async () => {
    const writes = (['local', 'session', 'sync'] as const).map((area) => vi.spyOn(fakeBrowser.storage[area], 'set'));
    const before = await everythingStored();
    retrieve.mockResolvedValueOnce(fail(PASSPHRASE_401));
    retrieve.mockResolvedValueOnce(ok(retrievedPush({ payload: SECRET, deletableByViewer: true })));
    expirePush.mockResolvedValue(ok(retrievedPush({ expired: true })));
    await openReceiveView();
    await openLink();
    type(await screen.findByLabelText('Passphrase', { selector: '#receive-passphrase' }), PASSPHRASE);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Copy' }));
    fireEvent.click(screen.getByRole('button', { name: 'Expire it now' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Expire this push?' })).getByRole('button', { name: 'Expire' }));
    await screen.findByText(/Expired: the link no longer opens/);

    for (const [config] of [...retrieve.mock.calls, ...expirePush.mock.calls]) {
      expect(config).toEqual({ baseUrl: BASE_URL });
    }
    expect(retrieve).toHaveBeenLastCalledWith({ baseUrl: BASE_URL }, TOKEN, PASSPHRASE);
    for (const write of writes) expect(write).not.toHaveBeenCalled();
    const after = await everythingStored();
    expect(after).toBe(before);
    expect(after).not.toContain('6f1c2');
    expect(after).not.toContain('9a7e');
  });

  it('clears the payload from the page when the page is hidden', async () => {
    retrieve.mockResolvedValue(ok(retrievedPush({ payload: SECRET })));
    await openReceiveView();
    await openLink();
    await screen.findByRole('textbox', { name: 'Secret' });
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(() => expect(document.body.innerHTML).not.toContain('6f1c2'));
    expect(screen.getByRole('textbox', { name: 'Secret link' })).toBeTruthy();
  });

  it('drops an answer that arrives after the page was hidden', async () => {
    let answer!: (value: Awaited<ReturnType<typeof retrievePush>>) => void;
    retrieve.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    await openReceiveView();
    await openLink();
    window.dispatchEvent(new Event('pagehide'));
    answer(ok(retrievedPush({ payload: SECRET })));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.body.innerHTML).not.toContain('6f1c2');
  });

  it('clears the payload when going back to the form', async () => {
    retrieve.mockResolvedValue(ok(retrievedPush({ payload: SECRET })));
    await openReceiveView();
    await openLink();
    await screen.findByRole('textbox', { name: 'Secret', exact: true });
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(document.body.innerHTML).not.toContain('6f1c2'));
  });
});

describe('"Open a secret link" on a private instance (anonymous API access off)', () => {
  const withToken = { baseUrl: BASE_URL, token: 'owner-api-token' };
  const GATE_401 = { kind: 'unauthorized', status: 401 } as const;

  it('after the empty-body 401 opens with this instance’s token, says an owner’s or administrator’s view counts nothing, and expires with it', async () => {
    retrieve.mockResolvedValueOnce(fail(GATE_401));
    retrieve.mockResolvedValueOnce(ok(retrievedPush({ payload: SECRET, deletableByViewer: true })));
    expirePush.mockResolvedValue(ok(retrievedPush({ expired: true })));
    await openReceiveView();
    await openLink();
    await screen.findByRole('textbox', { name: 'Secret', exact: true });
    expect(retrieve.mock.calls.map(([config]) => config)).toEqual([{ baseUrl: BASE_URL }, withToken]);
    const note = screen.getByText(/Opened with your API token/);
    // An owner's and an administrator's views count nothing, and a fresh instance's first account is an administrator.
    expect(note.textContent).toMatch(/no view if the push is yours or your account is an administrator of the instance/);
    expect(note.textContent).toMatch(/the first account made on a new instance is one/);
    fireEvent.click(screen.getByRole('button', { name: 'Expire it now' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Expire this push?' })).getByRole('button', { name: 'Expire' }));
    await screen.findByText(/Expired: the link no longer opens/);
    expect(expirePush.mock.calls).toEqual([[withToken, TOKEN]]);
  });

  it('sends the token at once when the cached features say anonymous access is off', async () => {
    await capabilitiesCache.setValue({ [BASE_URL]: { info: makeVersionInfo({ features: { anonymousAccess: false } }), checkedAt: 1 } });
    retrieve.mockResolvedValue(ok(retrievedPush({ payload: SECRET })));
    await openReceiveView();
    await openLink();
    await screen.findByRole('textbox', { name: 'Secret', exact: true });
    expect(retrieve.mock.calls.map(([config]) => config)).toEqual([withToken]);
  });

  it('without a token says to open the link in the browser', async () => {
    await setToken('', true, BASE_URL);
    retrieve.mockResolvedValue(fail(GATE_401));
    await openReceiveView();
    await openLink();
    await screen.findByText(/only for signed-in users/);
    expect(retrieve.mock.calls.map(([config]) => config)).toEqual([{ baseUrl: BASE_URL }]);
  });
});
