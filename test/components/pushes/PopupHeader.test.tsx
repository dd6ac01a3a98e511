import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PopupHeader } from '@/components/popup/PopupHeader';

vi.mock('@/lib/open-side-panel', () => ({ openSidePanel: vi.fn(), rememberCurrentWindow: vi.fn() }));

describe('the popup\'s "Pushes" button', () => {
  it('opens the pushes page in a tab and closes the popup', async () => {
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    render(<PopupHeader />);
    fireEvent.click(screen.getByRole('button', { name: 'Pushes' }));
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(create).toHaveBeenCalledWith({ url: fakeBrowser.runtime.getURL('/pushes.html') });
  });
});

describe('the popup header', () => {
  it('gives every page button an icon beside its word, not some with and some without', () => {
    render(<PopupHeader />);
    const buttons = within(screen.getByRole('navigation')).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['✈ Airport wait times', '☰ Pushes', '⚙ Settings']);
    for (const button of buttons) {
      // The icon is decoration: the accessible name is the word alone.
      expect(button.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
    }
    expect(buttons.map((button) => button.getAttribute('aria-label') ?? '')).toEqual(['', '', '']);
  });
});
