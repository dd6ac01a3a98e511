import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { rememberCurrentWindow } from '@/lib/browser/side-panel';
import { openPopupPage } from './fixtures';

// The header is the same configured or not: these open the popup before any set-up.
beforeEach(() => {
  vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([{ id: 1, windowId: 3 }] as never);
});

afterEach(async () => {
  delete (fakeBrowser as unknown as { sidePanel?: unknown }).sidePanel;
  // No window to remember: what a test remembered does not carry over.
  vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([] as never);
  await rememberCurrentWindow();
});

describe('the popup header', () => {
  it('gives every page button an icon beside its word, not some with and some without', async () => {
    await openPopupPage();
    const nav = screen.getByRole('navigation', { name: 'Pushgate pages' });
    const buttons = within(nav).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['✈ Airport wait times', '☰ Pushes', '⚠ Lockdown', '⚙ Settings']);
    for (const button of buttons) {
      // The icon is decoration: the accessible name is the word alone.
      expect(button.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
    }
    expect(buttons.map((button) => button.getAttribute('aria-label') ?? '')).toEqual(['', '', '', '']);
  });

  it('"Pushes" opens the pushes page in a tab and closes the popup', async () => {
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    await openPopupPage();
    fireEvent.click(screen.getByRole('button', { name: 'Pushes' }));
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(create).toHaveBeenCalledWith({ url: fakeBrowser.runtime.getURL('/pushes.html') });
  });

  it('"Pushes" brings an open Pushes tab to the front instead of opening another', async () => {
    const url = fakeBrowser.runtime.getURL('/pushes.html');
    vi.spyOn(fakeBrowser.runtime, 'getContexts').mockResolvedValue([
      { contextType: 'TAB', documentUrl: url, tabId: 7, windowId: 9 },
    ] as never);
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    const update = vi.spyOn(fakeBrowser.tabs, 'update').mockResolvedValue({} as never);
    const focus = vi.spyOn(fakeBrowser.windows, 'update').mockResolvedValue({} as never);
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    await openPopupPage();
    fireEvent.click(screen.getByRole('button', { name: 'Pushes' }));
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(update).toHaveBeenCalledWith(7, { active: true });
    expect(focus).toHaveBeenCalledWith(9, { focused: true });
    expect(create).not.toHaveBeenCalled();
  });

  it('"Lockdown" opens the Pushes page at its confirmation, in the open Pushes tab if there is one', async () => {
    const url = fakeBrowser.runtime.getURL('/pushes.html');
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    await openPopupPage();
    fireEvent.click(screen.getByRole('button', { name: 'Lockdown' }));
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(create).toHaveBeenCalledWith({ url: `${url}#lockdown` });

    vi.spyOn(fakeBrowser.runtime, 'getContexts').mockResolvedValue([
      { contextType: 'TAB', documentUrl: url, tabId: 7, windowId: 9 },
    ] as never);
    const update = vi.spyOn(fakeBrowser.tabs, 'update').mockResolvedValue({} as never);
    vi.spyOn(fakeBrowser.windows, 'update').mockResolvedValue({} as never);
    fireEvent.click(screen.getByRole('button', { name: 'Lockdown' }));
    await waitFor(() => expect(update).toHaveBeenCalledWith(7, { active: true, url: `${url}#lockdown` }));
  });

  it('"Airport wait times" opens the side panel of the popup window inside the click, then closes the popup', async () => {
    const open = vi.fn(async () => undefined);
    (fakeBrowser as unknown as { sidePanel: unknown }).sidePanel = { open };
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    await openPopupPage();
    fireEvent.click(screen.getByRole('button', { name: 'Airport wait times' }));
    expect(open).toHaveBeenCalledWith({ windowId: 3 });
    await waitFor(() => expect(close).toHaveBeenCalled());
  });

  it('"Settings" opens the settings page', async () => {
    const openOptionsPage = vi.fn(async () => {});
    fakeBrowser.runtime.openOptionsPage = openOptionsPage;
    await openPopupPage();
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    expect(openOptionsPage).toHaveBeenCalledOnce();
  });
});
