import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { OpenWaitTimesButton } from '@/components/airport/OpenWaitTimesButton';
import { forgetCurrentWindow } from '@/lib/open-side-panel';

afterEach(() => {
  delete (fakeBrowser as unknown as { sidePanel?: unknown }).sidePanel;
  forgetCurrentWindow();
});

describe('OpenWaitTimesButton', () => {
  it('opens the side panel of the popup window inside the click, then closes the popup', async () => {
    const getCurrent = vi.spyOn(fakeBrowser.windows, 'getCurrent').mockResolvedValue({ id: 3 } as never);
    const open = vi.fn(async () => undefined);
    (fakeBrowser as unknown as { sidePanel: unknown }).sidePanel = { open };
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    render(<OpenWaitTimesButton />);
    await waitFor(() => expect(getCurrent).toHaveBeenCalled());
    await Promise.resolve();

    fireEvent.click(screen.getByRole('button', { name: 'Airport wait times' }));
    expect(open).toHaveBeenCalledWith({ windowId: 3 });
    await waitFor(() => expect(close).toHaveBeenCalled());
  });
});
