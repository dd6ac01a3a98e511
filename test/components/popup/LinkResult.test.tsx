import { installFakePwpush } from '@/test/support/fake-pwpush';
import { describe, expect, it, vi, beforeEach } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { LinkResult } from '@/components/popup/LinkResult';
import { getCapabilities } from '@/lib/share/capabilities';
import { sharePush } from '@/lib/share/share-push';
import { getTargetTab } from '@/lib/browser/target-tab';
import { fail, ok } from '@/lib/result';
import { BASE_URL, configure, createdPush, openPopupPage, stubClipboard, versionInfo } from './fixtures';
import { isolated } from '@/test/support/isolated';
import { accountChoices } from '@/lib/settings/account';

const pwpush = installFakePwpush();
const { expirePush } = pwpush;

vi.mock('@/lib/share/share-push', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/share/share-push')>()),
  sharePush: vi.fn(),
}));
vi.mock('@/lib/share/selection', () => ({ readSelection: vi.fn(async () => null) }));
vi.mock('@/lib/browser/target-tab', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/browser/target-tab')>()),
  getTargetTab: vi.fn(),
}));
vi.mock('@/lib/share/capabilities', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/share/capabilities')>()),
  getCapabilities: vi.fn(),
}));

const connection = { baseUrl: BASE_URL, token: 'api-token' };
const expire = expirePush;

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(getTargetTab).mockResolvedValue(null);
  vi.mocked(getCapabilities).mockResolvedValue(ok(versionInfo()));
});

describe('the popup after a push', () => {
  async function pushFromPopup(copyLinkAutomatically: boolean) {
    await configure('api-token', { copyLinkAutomatically });
    vi.mocked(sharePush).mockResolvedValue(ok({ push: createdPush(), baseUrl: BASE_URL }));
    await openPopupPage();
    fireEvent.input(screen.getByRole('textbox', { name: 'Secret' }), { target: { value: 's3cret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Push' }));
    await screen.findByText(createdPush().htmlUrl);
  }

  it('copies the link at once when the default says so', async () => {
    const writeText = stubClipboard();
    await pushFromPopup(true);
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(createdPush().htmlUrl));
    await screen.findByText('Copied');
  });

  it('does not copy by itself when the default is off', async () => {
    const writeText = stubClipboard();
    await pushFromPopup(false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.queryByText('Copied')).toBeNull();
  });
});

/** Presses "Expire" in the confirmation dialog. */
function confirmExpiry() {
  fireEvent.click(within(screen.getByRole('dialog', { name: 'Expire this push?' })).getByRole('button', { name: 'Expire' }));
}

describe('"Expire now" in the popup', () => {
  it("asks in the commercial edition's account the push was made in", async () => {
    stubClipboard();
    await configure('api-token', { copyLinkAutomatically: false });
    await accountChoices.setValue({ [BASE_URL]: { id: '42', name: 'Ops' } });
    vi.mocked(sharePush).mockResolvedValue(ok({ push: createdPush(), baseUrl: BASE_URL }));
    expire.mockResolvedValue(ok(createdPush({ expired: true, expiredOn: '2026-11-23T10:00:00.000Z' })));
    await openPopupPage();
    fireEvent.input(screen.getByRole('textbox', { name: 'Secret' }), { target: { value: 's3cret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Push' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Expire now' }));
    confirmExpiry();
    await screen.findByRole('heading', { name: 'Expired' });
    expect(expire).toHaveBeenCalledWith(
      expect.objectContaining({ baseUrl: BASE_URL, token: 'api-token', accountId: '42' }),
      createdPush().urlToken,
    );
  });

  it('asks first, as the pushes page does: Cancel sends nothing and returns the focus', async () => {
    render(<LinkResult push={createdPush({ name: 'Router' })} connection={connection} />);
    const expireNow = screen.getByRole('button', { name: 'Expire now' });
    expireNow.focus();
    fireEvent.click(expireNow);
    const dialog = screen.getByRole('dialog', { name: 'Expire this push?' });
    expect(dialog.textContent).toMatch(
      `“${isolated('Router')}” stops working at once: nobody can open it any more. This cannot be undone.`,
    );
    expect(within(dialog).getByRole('button', { name: 'Expire' }).className).toMatch(/primary/);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(expire).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(expireNow);
  });

  it('names an unnamed push by its created time and token start', () => {
    render(<LinkResult push={createdPush({ name: '' })} connection={connection} />);
    fireEvent.click(screen.getByRole('button', { name: 'Expire now' }));
    expect(screen.getByRole('dialog').textContent).toMatch(/“The push of .*2026.*, token \u2068k3xq9w\u2069…” stops working/);
  });

  it('afterwards drops "Copied" and makes "Push another" the primary button, with the focus', async () => {
    stubClipboard();
    const pushAnother = vi.fn();
    expire.mockResolvedValue(ok(createdPush({ expired: true, expiredOn: '2026-11-23T10:00:00.000Z' })));
    render(<LinkResult push={createdPush()} connection={connection} copyAutomatically onPushAnother={pushAnother} />);
    await screen.findByText('Copied');
    expect(screen.getByRole('button', { name: 'Copy link' }).className).toMatch(/\bprimary\b/);
    expect(screen.getByRole('button', { name: 'Push another' }).className).not.toMatch(/\bprimary\b/);

    fireEvent.click(screen.getByRole('button', { name: 'Expire now' }));
    confirmExpiry();
    await screen.findByRole('heading', { name: 'Expired' });
    expect(screen.queryByText('Copied')).toBeNull();
    const another = screen.getByRole('button', { name: 'Push another' });
    expect(another.className).toMatch(/\bprimary\b/);
    expect(screen.getByRole('button', { name: 'Copy link' }).className).not.toMatch(/\bprimary\b/);
    expect(document.activeElement).toBe(another);
    fireEvent.click(another);
    expect(pushAnother).toHaveBeenCalledOnce();
  });
});

describe('LinkResult', () => {
  it('shows the returned link as text, exactly as the server gave it', () => {
    const push = createdPush({ htmlUrl: 'https://other-host.example/p/abc/r?locale=de' });
    stubClipboard();
    render(<LinkResult push={push} connection={connection} />);
    expect(screen.getByText('https://other-host.example/p/abc/r?locale=de')).toBeTruthy();
    expect(screen.getByText(/Days left: 7 · Views left: 5/)).toBeTruthy();
  });

  it('copies the link with "Copy link" and confirms it in a live region', async () => {
    const writeText = stubClipboard();
    render(<LinkResult push={createdPush()} connection={connection} />);
    expect(writeText).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(createdPush().htmlUrl));
    const copied = await screen.findByText('Copied');
    expect(copied.closest('[role="status"]')).not.toBeNull();
  });

  it('says so when the clipboard refuses', async () => {
    stubClipboard(async () => {
      throw new DOMException('Document is not focused.', 'NotAllowedError');
    });
    render(<LinkResult push={createdPush()} connection={connection} copyAutomatically />);
    expect(await screen.findByText(/Could not copy the link/)).toBeTruthy();
  });

  it('draws a QR code of the link locally as an SVG path, after the link is on screen', async () => {
    stubClipboard();
    render(<LinkResult push={createdPush()} connection={connection} />);
    // The link comes first; the QR encoder is loaded (and run) after it is shown.
    expect(screen.getByText(createdPush().htmlUrl)).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'QR code of the secret link' })).toBeNull();
    const qr = await screen.findByRole('img', { name: 'QR code of the secret link' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    const d = qr.querySelector('path')?.getAttribute('d') ?? '';
    expect(d).toMatch(/^M\d+ \d+h\d+v1h-\d+z/);
  });

  it('opens the link in a new tab', () => {
    stubClipboard();
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    render(<LinkResult push={createdPush()} connection={connection} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(create).toHaveBeenCalledWith({ url: createdPush().htmlUrl });
  });

  it('expires the push with the token once confirmed, then shows it as expired', async () => {
    stubClipboard();
    expire.mockResolvedValue(ok(createdPush({ expired: true, deleted: true, expiredOn: '2026-08-21T10:30:00.000Z' })));
    render(<LinkResult push={createdPush()} connection={connection} />);
    fireEvent.click(screen.getByRole('button', { name: 'Expire now' }));
    confirmExpiry();
    // A second press while the request is out ("Expiring…") sends nothing more.
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: /^Expir/ }));
    expect(await screen.findByRole('heading', { name: 'Expired' })).toBeTruthy();
    expect(expire).toHaveBeenCalledOnce();
    expect(expire).toHaveBeenCalledWith(connection, 'k3xq9w0lz2mfa');
    expect(screen.getByText(/the link no longer shows the secret/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Expire now' })).toBeNull();
    expect(screen.queryByRole('img', { name: 'QR code of the secret link' })).toBeNull();
  });

  it('explains a failed expiry and lets it be tried again', async () => {
    stubClipboard();
    expire.mockResolvedValueOnce(fail({ kind: 'network' }));
    render(<LinkResult push={createdPush()} connection={connection} />);
    fireEvent.click(screen.getByRole('button', { name: 'Expire now' }));
    confirmExpiry();
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not be reached/);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Expire now' }));
    expect(screen.getByRole('heading', { name: 'Secret pushed' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Expire now' }).hasAttribute('disabled')).toBe(false);
  });

  it.each([
    [
      'a JSON 401 (not deletable by viewers)',
      { kind: 'unauthorized', status: 401, serverMessage: 'That push is not deletable by viewers.' },
      /did not let viewers expire it/,
      false,
    ],
    ['an empty 401 (token not accepted)', { kind: 'unauthorized', status: 401 }, /API token was rejected/, true],
  ] as const)('a refused expiry says why: %s', async (_, error, message, offersOptions) => {
    stubClipboard();
    expire.mockResolvedValueOnce(fail(error));
    render(<LinkResult push={createdPush()} connection={connection} />);
    fireEvent.click(screen.getByRole('button', { name: 'Expire now' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Expire' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(message);
    expect(within(alert).queryByRole('button', { name: 'Open settings' }) !== null).toBe(offersOptions);
  });

  it('offers no "Expire now" without a token for a push viewers may not delete', () => {
    stubClipboard();
    render(<LinkResult push={createdPush({ deletableByViewer: null })} connection={{ baseUrl: BASE_URL, token: '' }} />);
    expect(screen.queryByRole('button', { name: 'Expire now' })).toBeNull();
  });

  it('says the state as the pushes page does: the server answer with a token, "not checked" without', () => {
    const fresh = createdPush({ createdAt: new Date().toISOString() });
    const { unmount } = render(<LinkResult push={fresh} connection={connection} />);
    expect(document.querySelector('.link-state')!.textContent).toMatch(/^Not opened yetDays left: 7 · Views left: 5When it was pushed, /);
    unmount();
    render(<LinkResult push={fresh} connection={{ baseUrl: BASE_URL, token: '' }} />);
    expect(document.querySelector('.link-state')!.textContent).toBe('Not checked (needs an API token)');
    expect(screen.queryByText(/Active|Not opened/)).toBeNull();
  });

  it('after "Expire now" says it expired from this browser, and when', async () => {
    expire.mockResolvedValue(ok(createdPush({ expired: true, expiredOn: '2026-11-23T10:00:00.000Z' })));
    render(<LinkResult push={createdPush()} connection={connection} />);
    fireEvent.click(screen.getByRole('button', { name: 'Expire now' }));
    confirmExpiry();
    await waitFor(() =>
      expect(document.querySelector('.link-state')!.textContent).toMatch(/^Expired Nov 23, 2026.*Expired from this browser, /),
    );
  });

  it('warns when the instance replaced the expiry asked for', () => {
    stubClipboard();
    render(<LinkResult push={createdPush()} connection={connection} requested={{ expireAfterDays: 365, expireAfterViews: 5 }} />);
    expect(screen.getByText(/The instance set 7 days and 5 views instead/)).toBeTruthy();
  });
});
