import { afterEach, describe, expect, it, vi } from 'vitest';

type Scope = { browser?: unknown; chrome?: unknown };
const scope = globalThis as Scope;
const saved = { browser: scope.browser, chrome: scope.chrome };

/** A listener as Chrome's callback API calls it: true keeps the channel open for a later `sendResponse`. */
type ChromeMessageListener = (message: unknown, sender: { id?: string }, sendResponse: (response?: unknown) => void) => boolean | undefined;

/**
 * A `chrome` as older Chrome has it: callback APIs, no `browser` beside it. One for the whole file:
 * the polyfill is a CommonJS package, evaluated once per file whatever `vi.resetModules` says.
 */
const listeners: ChromeMessageListener[] = [];
const chrome = {
  runtime: {
    id: 'pushgate-test',
    lastError: undefined,
    onMessage: {
      addListener: (listener: ChromeMessageListener) => listeners.push(listener),
      removeListener: vi.fn(),
      hasListener: vi.fn(),
    },
  },
  storage: {
    local: { get: vi.fn((keys: string, callback: (items: object) => void) => callback({ [keys]: 'saved' })) },
  },
};

async function loadWith(globals: Scope) {
  vi.resetModules();
  scope.browser = globals.browser;
  scope.chrome = globals.chrome;
  return import('@/lib/browser/namespace');
}

afterEach(() => {
  scope.browser = saved.browser;
  scope.chrome = saved.chrome;
  listeners.length = 0;
});

describe('the browser namespace pages use', () => {
  it("is the browser's own `browser` where there is one (Chrome 148+, Firefox), without loading the polyfill", async () => {
    const native = { runtime: { id: 'pushgate-test' } };
    const polyfill = vi.fn();
    vi.doMock('webextension-polyfill', () => {
      polyfill();
      return { default: {} };
    });
    const module = await loadWith({ browser: native, chrome: chrome });
    await module.browserReady;
    expect(module.browser).toBe(native);
    expect(polyfill).not.toHaveBeenCalled();
    vi.doUnmock('webextension-polyfill');
  });

  it('is webextension-polyfill on older Chrome, promise-based over its callback APIs once ready', async () => {
    const module = await loadWith({ browser: undefined, chrome });
    // Usable before the polyfill arrives: MV3 `chrome` calls already return promises.
    expect(module.browser).toBe(chrome);
    await module.browserReady;
    expect(module.browser).not.toBe(chrome);
    await expect(module.browser.storage.local.get('instance')).resolves.toEqual({ instance: 'saved' });
  });

  it('answers messages with what a listener resolves to, as the polyfill does for older Chrome', async () => {
    const module = await loadWith({ browser: undefined, chrome });
    await module.browserReady;
    module.browser.runtime.onMessage.addListener((async () => ({ copied: true })) as never);
    const sendResponse = vi.fn();
    const keepsChannelOpen = listeners.at(-1)!({ type: 'offscreen:copy' }, { id: 'pushgate-test' }, sendResponse);
    expect(keepsChannelOpen).toBe(true);
    await vi.waitFor(() => expect(sendResponse).toHaveBeenCalledWith({ copied: true }));
  });

  it('treats a `browser` without a runtime id (a page element named "browser") as none', async () => {
    const module = await loadWith({ browser: { tagName: 'DIV' }, chrome: chrome });
    await module.browserReady;
    expect(module.browser.runtime.id).toBe('pushgate-test');
  });
});
