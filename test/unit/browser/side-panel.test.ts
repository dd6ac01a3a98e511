import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { openPanelFromToolbar, openSidePanel, rememberCurrentWindow } from '@/lib/browser/side-panel';

type Api = { sidePanel?: unknown; sidebarAction?: unknown };
const api = fakeBrowser as unknown as Api;

afterEach(async () => {
  delete api.sidePanel;
  delete api.sidebarAction;
  // No window to remember: what a test remembered does not carry over.
  vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([] as never);
  await rememberCurrentWindow();
});

describe('openSidePanel', () => {
  it('Chrome: opens the panel of the remembered window synchronously, keeping the user gesture', async () => {
    vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([{ id: 1, windowId: 42 }] as never);
    const open = vi.fn(async () => undefined);
    api.sidePanel = { open };
    await rememberCurrentWindow();

    const opened = openSidePanel();
    // Called before the promise is awaited: no await between the click and `open`.
    expect(open).toHaveBeenCalledWith({ windowId: 42 });
    expect(await opened).toBe(true);
  });

  it('Firefox: opens the sidebar', async () => {
    const open = vi.fn(async () => undefined);
    api.sidebarAction = { open };
    const opened = openSidePanel();
    expect(open).toHaveBeenCalledOnce();
    expect(await opened).toBe(true);
  });

  it('falls back to a tab without a side panel API, or when opening fails', async () => {
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    expect(await openSidePanel()).toBe(false);
    expect(create).toHaveBeenLastCalledWith({ url: expect.stringMatching(/\/sidepanel\.html$/) });

    vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([{ id: 1, windowId: 7 }] as never);
    api.sidePanel = { open: vi.fn(async () => Promise.reject(new Error('no user gesture'))) };
    await rememberCurrentWindow();
    expect(await openSidePanel()).toBe(false);
    expect(create).toHaveBeenCalledTimes(2);
  });

  it('opens a tab while the window id is not known yet', async () => {
    const open = vi.fn(async () => undefined);
    api.sidePanel = { open };
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    expect(await openSidePanel()).toBe(false);
    expect(open).not.toHaveBeenCalled();
    expect(create).toHaveBeenCalledOnce();
  });
});

describe('openPanelFromToolbar (the Airport package: no popup)', () => {
  it('Chrome: tells the browser to open the panel on a click of the toolbar button', async () => {
    const setPanelBehavior = vi.fn(async () => undefined);
    api.sidePanel = { setPanelBehavior };
    openPanelFromToolbar();
    expect(setPanelBehavior).toHaveBeenCalledWith({ openPanelOnActionClick: true });
    expect(fakeBrowser.action.onClicked.hasListeners()).toBe(false);
  });

  it('Chrome: a refusal is no error (the button then does nothing, as before)', async () => {
    api.sidePanel = { setPanelBehavior: vi.fn(async () => Promise.reject(new Error('not now'))) };
    expect(() => openPanelFromToolbar()).not.toThrow();
  });

  it('Firefox: toggles the sidebar from the click itself, whose user gesture it needs', async () => {
    const toggle = vi.fn(async () => undefined);
    api.sidebarAction = { toggle };
    openPanelFromToolbar();
    expect(toggle).not.toHaveBeenCalled();
    await fakeBrowser.action.onClicked.trigger({ id: 1 } as never);
    expect(toggle).toHaveBeenCalledOnce();
  });
});
