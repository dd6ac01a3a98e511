import { installFakePwpush } from '@/test/support/fake-pwpush';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { getCapabilities } from '@/lib/share/capabilities';
import { fail, ok } from '@/lib/result';
import { readSelection } from '@/lib/share/selection';
import { sharePush } from '@/lib/share/share-push';
import { getTargetTab } from '@/lib/browser/target-tab';
import { countDateFormatters } from '@/test/support/date-formatters';
import { fakePorts } from '@/test/support/extension-ports';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { BASE_URL, configure, createdPush, openPopupPage, stubClipboard, versionInfo } from './fixtures';

// No request leaves for a real network: the instance is a small fake behind fetch (test/support/fake-pwpush.ts).
installFakePwpush();

// The popup opens with its form in its HTML and plain DOM code; its Preact views are the one
// module it loads on demand (docs/performance.md, rule 1).
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

const viewsLoaded = vi.fn();
vi.mock('@/components/popup/views', async (importOriginal) => {
  viewsLoaded();
  return importOriginal();
});

beforeEach(async () => {
  vi.mocked(getTargetTab).mockResolvedValue(null);
  vi.mocked(readSelection).mockResolvedValue(null);
  vi.mocked(getCapabilities).mockResolvedValue(ok(versionInfo()));
  vi.mocked(sharePush).mockResolvedValue(ok({ push: createdPush(), baseUrl: BASE_URL }));
  stubClipboard();
  await configure();
});

async function openPopup() {
  await openPopupPage();
  return screen.getByRole('textbox', { name: 'Secret' });
}

// Vitest keeps a module loaded across the tests of a file: the first test sees the first load.
describe('the views the popup loads on demand', () => {
  it('are not loaded by opening the popup, nor by opening "Options"', async () => {
    await openPopup();
    await screen.findByRole('radio', { name: 'QR code' });
    fireEvent.click(screen.getByText('Options', { selector: 'summary' }));
    expect(screen.getByLabelText('Passphrase', { selector: 'input' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(viewsLoaded).not.toHaveBeenCalled();
  });

  it('start loading when the person types the secret, and the port to the background opens then, not before', async () => {
    const formatters = countDateFormatters();
    const secret = await openPopup();
    await screen.findByRole('radio', { name: 'QR code' });
    expect(fakePorts().opened).toHaveLength(0);
    expect(formatters).not.toHaveBeenCalled();
    fireEvent.input(secret, { target: { value: 's' } });
    await waitFor(() => expect(viewsLoaded).toHaveBeenCalledOnce());
    expect(fakePorts().opened.map((port) => port.name)).toEqual(['push:share']);
    // The link view's date formatter is made as they load, not between the answer and the link.
    await waitFor(() => expect(formatters).toHaveBeenCalledOnce());
    formatters.mockRestore();
  });

  it('draw the link and the date its state was learned without making a date formatter then', async () => {
    await import('@/components/popup/views');
    const formatters = countDateFormatters();
    fireEvent.input(await openPopup(), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Push' }));
    await screen.findByText(createdPush().htmlUrl);
    const learned = document.querySelector('.push-state-learned')?.textContent ?? '';
    expect(formatters).not.toHaveBeenCalled();
    formatters.mockRestore();
    const now = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(Date.now());
    expect(learned).toContain(now.slice(0, now.indexOf(',')));
  });

  it('draw "Open a secret link" on its click', async () => {
    await openPopup();
    fireEvent.click(screen.getByRole('button', { name: 'Open a secret link' }));
    await screen.findByRole('heading', { name: 'Open a secret link' });
  });

  it('draw a 422: "Options" opens, and the field it is about has the focus', async () => {
    vi.mocked(sharePush).mockResolvedValueOnce(fail({ kind: 'validation', status: 422, fields: { name: ['Name is too long.'] } }));
    fireEvent.input(await openPopup(), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Push' }));
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(name.closest('details')?.open).toBe(true);
    expect(document.getElementById('name-error')?.textContent).toBe('Name is too long.');
  });
});

const preconnects = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preconnect"]')].map((link) => ({
    href: link.getAttribute('href'),
    crossOrigin: link.crossOrigin,
  }));

describe('the connection to the instance, opened ahead of the push', () => {
  beforeEach(() => {
    for (const link of document.head.querySelectorAll('link[rel="preconnect"]')) link.remove();
  });

  it('is not opened by opening the popup: only on the first sign of a push, once, without credentials', async () => {
    await openPopupPage();
    const secret = await screen.findByRole('textbox', { name: 'Secret' });
    await screen.findByRole('radio', { name: 'QR code' });
    expect(preconnects()).toEqual([]);
    fireEvent.input(secret, { target: { value: 's' } });
    await waitFor(() => expect(preconnects()).toEqual([{ href: new URL(BASE_URL).origin, crossOrigin: 'anonymous' }]));
    fireEvent.input(secret, { target: { value: 'se' } });
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Push' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(preconnects()).toHaveLength(1);
  });

  it('is never opened without an instance, whatever is typed', async () => {
    await fakeBrowser.storage.local.clear();
    await openPopupPage();
    // The form is hidden behind the set-up hint: an input event is all that could still come.
    await waitFor(() => expect(document.querySelector<HTMLElement>('.not-configured')!.hidden).toBe(false));
    fireEvent.input(document.getElementById('secret')!, { target: { value: 's' } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(preconnects()).toEqual([]);
  });
});
