import { afterEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

afterEach(() => vi.unstubAllGlobals());

// The popup loads the link view with the push code, on the first sign of a push: what the view
// needs right after the server's answer is made then, in idle time, not between answer and link.
it('opens the port for the history record and makes the date formatter once the link view loads, in idle time', async () => {
  const idle: Array<() => void> = [];
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
  vi.resetModules();
  // A fresh copy of the modules, with the browser this test sees (test/setup.ts installed its ports).
  vi.doMock('wxt/browser', () => ({ browser: fakeBrowser }));
  const connect = vi.spyOn(fakeBrowser.runtime, 'connect');
  const RealDateTimeFormat = Intl.DateTimeFormat;
  let formats = 0;
  class CountedDateTimeFormat extends RealDateTimeFormat {
    constructor(...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
      super(...args);
      formats += 1;
    }
  }
  vi.stubGlobal('Intl', { ...Intl, DateTimeFormat: CountedDateTimeFormat });
  await import('@/components/popup/LinkResult');
  expect(connect).not.toHaveBeenCalled();
  expect(idle).toHaveLength(1);

  idle[0]!();
  expect(connect).toHaveBeenCalledOnce();
  expect(connect).toHaveBeenCalledWith({ name: 'history:record' });
  expect(formats).toBe(1);
});
