import { installFakePwpush } from '@/test/support/fake-pwpush';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { getCapabilities } from '@/lib/share/capabilities';
import { ok } from '@/lib/result';
import { readSelection } from '@/lib/share/selection';
import { getTargetTab } from '@/lib/browser/target-tab';
import { preconnect, REOPEN_AFTER_MS } from '@/components/popup/preconnect';
import { BASE_URL, configure, openPopupPage, versionInfo } from './fixtures';

installFakePwpush();

vi.mock('@/lib/share/selection', () => ({ readSelection: vi.fn() }));
vi.mock('@/lib/browser/target-tab', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/browser/target-tab')>()),
  getTargetTab: vi.fn(),
}));
vi.mock('@/lib/share/capabilities', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/share/capabilities')>()),
  getCapabilities: vi.fn(),
}));

beforeEach(() => {
  for (const link of document.head.querySelectorAll('link[rel="preconnect"]')) link.remove();
  vi.mocked(getTargetTab).mockResolvedValue(null);
  vi.mocked(readSelection).mockResolvedValue(null);
  vi.mocked(getCapabilities).mockResolvedValue(ok(versionInfo()));
});

const preconnects = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preconnect"]')].map((link) => ({
    href: link.getAttribute('href'),
    crossOrigin: link.crossOrigin,
  }));

describe('the connection to the instance, opened ahead of the push', () => {
  it('is not opened by opening the popup: only on the first sign of a push, once, without credentials', async () => {
    await configure();
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

describe('preconnect', () => {
  const at = 1_000_000;
  beforeEach(() => document.head.replaceChildren());

  it.each([
    ['https://pwpush.example/', 'https://pwpush.example'],
    ['https://pwpush.example:8443/base/', 'https://pwpush.example:8443'],
    ['  http://127.0.0.1:5100 ', 'http://127.0.0.1:5100'],
  ])('opens one to the origin of %j', (baseUrl, origin) => {
    preconnect(document, baseUrl, at);
    expect(preconnects()).toEqual([{ href: origin, crossOrigin: 'anonymous' }]);
  });

  it('asks again only after a browser may have closed an unused one, or for another instance', () => {
    const first = () => document.head.querySelector('link[rel="preconnect"]');
    preconnect(document, 'https://a.example', at);
    const opened = first();
    preconnect(document, 'https://a.example', at + REOPEN_AFTER_MS - 1);
    expect(first()).toBe(opened);
    preconnect(document, 'https://a.example', at + REOPEN_AFTER_MS);
    expect(first()).not.toBe(opened);
    preconnect(document, 'https://b.example', at + REOPEN_AFTER_MS + 1);
    expect(preconnects()).toEqual([{ href: 'https://b.example', crossOrigin: 'anonymous' }]);
  });
});
