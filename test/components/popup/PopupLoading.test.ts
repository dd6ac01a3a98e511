import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { pushCode, receiveCode } from '@/components/popup/on-demand';
import { getCapabilities } from '@/lib/share/capabilities';
import { fail, ok } from '@/lib/result';
import { readSelection } from '@/lib/share/selection';
import { sharePush } from '@/lib/share/share-push';
import { getTargetTab } from '@/lib/browser/target-tab';
import { BASE_URL, configure, createdPush, openPopupPage, stubClipboard, versionInfo } from './fixtures';

// What the popup loads to open, and what it loads on demand (bench/results.md, the popup's bytes).
vi.mock('@/lib/share/share-push', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/share/share-push')>()),
  sharePush: vi.fn(),
}));
vi.mock('@/lib/share/selection', () => ({ readSelection: vi.fn() }));
vi.mock('@/lib/browser/target-tab', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/browser/target-tab')>()),
  getTargetTab: vi.fn(),
}));
vi.mock('@/lib/share/capabilities', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/share/capabilities')>()),
  getCapabilities: vi.fn(),
}));
vi.mock('@/lib/pwpush/client', () => ({ expirePush: vi.fn() }));

beforeEach(async () => {
  vi.resetAllMocks();
  vi.restoreAllMocks();
  vi.mocked(getTargetTab).mockResolvedValue(null);
  vi.mocked(readSelection).mockResolvedValue(null);
  vi.mocked(getCapabilities).mockResolvedValue(ok(versionInfo()));
  vi.mocked(sharePush).mockResolvedValue(ok({ push: createdPush(), baseUrl: BASE_URL }));
  stubClipboard();
  await configure();
});

const preconnects = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preconnect"]')];

async function openPopup() {
  await openPopupPage();
  return screen.getByRole('textbox', { name: 'Secret' });
}

describe('code the popup loads on demand', () => {
  it('is not loaded by opening the popup', async () => {
    const loads = [vi.spyOn(pushCode, 'load'), vi.spyOn(receiveCode, 'load')];
    await openPopup();
    await screen.findByRole('radio', { name: 'QR code' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    for (const load of loads) expect(load).not.toHaveBeenCalled();
    expect(preconnects()).toEqual([]);
  });

  it('starts loading, and connecting to the instance, when the person types the secret', async () => {
    const load = vi.spyOn(pushCode, 'load');
    const secret = await openPopup();
    fireEvent.input(secret, { target: { value: 's' } });
    fireEvent.input(secret, { target: { value: 'se' } });
    await waitFor(() => expect(load).toHaveBeenCalled());
    // A connection, not a request: one preconnect hint for the instance origin, in the mode the client fetches with.
    expect(preconnects().map((link) => [link.getAttribute('href'), link.crossOrigin])).toEqual([[BASE_URL, 'anonymous']]);
  });

  it('starts loading when the pointer comes over the popup, and again when it or the focus reaches "Push"', async () => {
    await openPopup();
    const load = vi.spyOn(pushCode, 'load');
    const push = screen.getByRole('button', { name: 'Push' });
    fireEvent.pointerOver(push);
    await waitFor(() => expect(load).toHaveBeenCalledOnce());
    fireEvent.pointerEnter(push);
    expect(load).toHaveBeenCalledTimes(2);
    fireEvent.focus(push);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('has the option fields in the page from the start, with the saved defaults: nothing loads when "Options" opens', async () => {
    await configure('api-token', { expireAfterDays: 4 });
    await openPopup();
    const load = vi.spyOn(pushCode, 'load');
    fireEvent.click(screen.getByText('Options', { selector: 'summary' }));
    expect((screen.getByRole('spinbutton', { name: 'Expire after days' }) as HTMLInputElement).value).toBe('4');
    expect(screen.getByLabelText('Passphrase', { selector: 'input' })).toBeTruthy();
    expect(load).not.toHaveBeenCalled();
  });

  it('loads "Open a secret link" on its click', async () => {
    await openPopup();
    const load = vi.spyOn(receiveCode, 'load');
    fireEvent.click(screen.getByRole('button', { name: 'Open a secret link' }));
    await waitFor(() => expect(load).toHaveBeenCalledOnce());
    await screen.findByRole('heading', { name: 'Open a secret link' });
  });

  it('opens "Options" and focuses the field a 422 is about', async () => {
    vi.mocked(sharePush).mockResolvedValueOnce(
      fail({ kind: 'validation', status: 422, fields: { name: ['Name is too long.'] } }),
    );
    fireEvent.input(await openPopup(), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Push' }));
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(name.closest('details')?.open).toBe(true);
    expect(document.getElementById('name-error')?.textContent).toBe('Name is too long.');
  });
});
