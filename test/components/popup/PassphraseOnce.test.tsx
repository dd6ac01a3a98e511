import { describe, expect, it, vi, beforeEach } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { LinkResult } from '@/components/popup/LinkResult';
import { getCapabilities } from '@/lib/share/capabilities';
import { sharePush } from '@/lib/share/share-push';
import { getTargetTab } from '@/lib/browser/target-tab';
import { clearCopyLater } from '@/lib/browser/clipboard/clear-relay';
import { ok } from '@/lib/result';
import { BASE_URL, configure, createdPush, openPopupPage, stubClipboard, versionInfo } from './fixtures';

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
vi.mock('@/lib/browser/clipboard/clear-relay', () => ({ clearCopyLater: vi.fn(async () => true) }));

const connection = { baseUrl: BASE_URL, token: 'api-token' };
const PASSPHRASE = 'tidy-otter-lamp-42';

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(getTargetTab).mockResolvedValue(null);
  vi.mocked(getCapabilities).mockResolvedValue(ok(versionInfo()));
});

describe('the passphrase beside the link', () => {
  it('is masked until Show, and says to send it another way', () => {
    stubClipboard();
    render(<LinkResult push={createdPush()} connection={connection} passphrase={PASSPHRASE} />);
    expect(screen.queryByText(PASSPHRASE)).toBeNull();
    expect(screen.getByText(/Send it to the recipient another way than the link/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show passphrase' }));
    expect(screen.getByText(PASSPHRASE)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Hide passphrase' }));
    expect(screen.queryByText(PASSPHRASE)).toBeNull();
  });

  it('copies it as a secret: the background is asked to clear it like any copied secret', async () => {
    const writeText = stubClipboard();
    render(<LinkResult push={createdPush()} connection={connection} passphrase={PASSPHRASE} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy passphrase' }));
    await screen.findByText('Passphrase copied');
    expect(writeText).toHaveBeenCalledWith(PASSPHRASE);
    await waitFor(() => expect(clearCopyLater).toHaveBeenCalledWith(PASSPHRASE, expect.any(Number)));
  });

  it('"Push another" asks before a passphrase nobody saw is gone', () => {
    stubClipboard();
    const pushAnother = vi.fn();
    render(<LinkResult push={createdPush()} connection={connection} passphrase={PASSPHRASE} onPushAnother={pushAnother} />);
    fireEvent.click(screen.getByRole('button', { name: 'Push another' }));
    expect(pushAnother).not.toHaveBeenCalled();
    expect(screen.getByText(/neither shown nor copied the passphrase/)).toBeTruthy();
    const back = screen.getByRole('button', { name: 'Back to the passphrase' });
    expect(document.activeElement).toBe(back);
    fireEvent.click(back);
    fireEvent.click(screen.getByRole('button', { name: 'Push another' }));
    fireEvent.click(screen.getByRole('button', { name: 'Push another anyway' }));
    expect(pushAnother).toHaveBeenCalledOnce();
  });

  it('"Push another" does not ask once the passphrase was shown', () => {
    stubClipboard();
    const pushAnother = vi.fn();
    render(<LinkResult push={createdPush()} connection={connection} passphrase={PASSPHRASE} onPushAnother={pushAnother} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show passphrase' }));
    fireEvent.click(screen.getByRole('button', { name: 'Push another' }));
    expect(pushAnother).toHaveBeenCalledOnce();
  });

  it('is not there for a push without one', () => {
    stubClipboard();
    render(<LinkResult push={createdPush()} connection={connection} />);
    expect(screen.queryByRole('button', { name: 'Copy passphrase' })).toBeNull();
  });
});

describe('the popup, with "Copy link automatically" on', () => {
  async function pushWithPassphrase(copiedFromField: boolean) {
    const writeText = stubClipboard();
    await configure('api-token', { copyLinkAutomatically: true });
    vi.mocked(sharePush).mockResolvedValue(ok({ push: createdPush(), baseUrl: BASE_URL }));
    await openPopupPage();
    fireEvent.input(screen.getByRole('textbox', { name: 'Secret' }), { target: { value: 's3cret' } });
    const field = screen.getByLabelText('Passphrase') as HTMLInputElement;
    fireEvent.input(field, { target: { value: PASSPHRASE } });
    if (copiedFromField) fireEvent.copy(field);
    fireEvent.click(screen.getByRole('button', { name: 'Push' }));
    await screen.findByText(createdPush().htmlUrl);
    return writeText;
  }

  it('leaves a passphrase the person just copied on the clipboard, and says so', async () => {
    const writeText = await pushWithPassphrase(true);
    await screen.findByText(/passphrase you copied stays on the clipboard/);
    expect(writeText).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(createdPush().htmlUrl));
    expect(screen.queryByText(/passphrase you copied stays on the clipboard/)).toBeNull();
  });

  it('copies the link as usual when the passphrase was not copied, and shows the passphrase once', async () => {
    const writeText = await pushWithPassphrase(false);
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(createdPush().htmlUrl));
    expect(screen.getByRole('button', { name: 'Copy passphrase' })).toBeTruthy();
  });
});

describe('"Open" in the link view', () => {
  it('warns that opening counts a view unless signed in as the owner', () => {
    stubClipboard();
    render(<LinkResult push={createdPush()} connection={connection} />);
    const open = screen.getByRole('button', { name: 'Open' });
    const hint = document.getElementById(open.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toMatch(/counts a view, unless you are signed in .* as the push's owner/);
  });
});
