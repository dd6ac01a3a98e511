import { describe, expect, it, vi } from 'vitest';
import type { Browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { getTargetTab } from '@/lib/browser/target-tab';

function stubActiveTab(tabs: Partial<Browser.tabs.Tab>[]) {
  // `as never`: the API types are callback/promise overloads that `mockResolvedValue` cannot pick from.
  return vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue(tabs as never);
}

describe('getTargetTab', () => {
  it('is the active tab of the last focused window, found with one tabs call and no windows call', async () => {
    const query = stubActiveTab([{ id: 12, windowId: 4, url: 'https://example.com/a' }]);
    const windows = [vi.spyOn(fakeBrowser.windows, 'getLastFocused'), vi.spyOn(fakeBrowser.windows, 'getCurrent')];
    expect(await getTargetTab()).toEqual({ id: 12, url: 'https://example.com/a' });
    expect(query).toHaveBeenCalledExactlyOnceWith({ active: true, lastFocusedWindow: true });
    for (const call of windows) expect(call).not.toHaveBeenCalled();
  });

  it("is nothing when the active tab is one of the extension's own pages (the popup opened as a tab)", async () => {
    stubActiveTab([{ id: 12, url: `${location.origin}/popup.html` }]);
    expect(await getTargetTab()).toBeNull();
  });

  it('is nothing when no window is open', async () => {
    stubActiveTab([]);
    expect(await getTargetTab()).toBeNull();
    vi.spyOn(fakeBrowser.tabs, 'query').mockRejectedValue(new Error('No current window') as never);
    expect(await getTargetTab()).toBeNull();
  });

  it('keeps a tab whose URL the popup may not see', async () => {
    stubActiveTab([{ id: 12 }]);
    expect(await getTargetTab()).toEqual({ id: 12, url: undefined });
  });
});
