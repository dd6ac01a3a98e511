import { describe, expect, it, vi } from 'vitest';
import type { Browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { getTargetTab, hostOf } from '@/lib/target-tab';

function stubWindow(windowId: number | undefined, tabs: Partial<Browser.tabs.Tab>[]) {
  // `as never`: the API types are callback/promise overloads that `mockResolvedValue` cannot pick from.
  const getLastFocused = vi
    .spyOn(fakeBrowser.windows, 'getLastFocused')
    .mockResolvedValue({ id: windowId } as Browser.windows.Window as never);
  const query = vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue(tabs as never);
  return { getLastFocused, query };
}

describe('getTargetTab', () => {
  it('is the active tab of the last focused normal window', async () => {
    const { getLastFocused, query } = stubWindow(4, [{ id: 12, url: 'https://example.com/a' }]);
    expect(await getTargetTab()).toEqual({ id: 12, url: 'https://example.com/a' });
    expect(getLastFocused).toHaveBeenCalledWith({ windowTypes: ['normal'] });
    expect(query).toHaveBeenCalledWith({ active: true, windowId: 4 });
  });

  it("is nothing when the active tab is one of the extension's own pages (the popup opened as a tab)", async () => {
    stubWindow(4, [{ id: 12, url: `${location.origin}/popup.html` }]);
    expect(await getTargetTab()).toBeNull();
  });

  it('is nothing when no normal window is open', async () => {
    vi.spyOn(fakeBrowser.windows, 'getLastFocused').mockRejectedValue(new Error('No last-focused window') as never);
    expect(await getTargetTab()).toBeNull();
  });

  it('keeps a tab whose URL the popup may not see', async () => {
    stubWindow(4, [{ id: 12 }]);
    expect(await getTargetTab()).toEqual({ id: 12, url: undefined });
  });
});

describe('hostOf', () => {
  it('gives the host, or nothing for text that is not a URL', () => {
    expect(hostOf('https://intranet.example:8443/x')).toBe('intranet.example:8443');
    expect(hostOf('not a url')).toBe('');
    expect(hostOf(undefined)).toBe('');
  });
});
