import { vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

/**
 * Makes `browser.runtime.sendMessage` reach this test's `onMessage` listeners as Chrome delivers
 * it: with the sending page as `sender` (the fake sends `{}`, which `isInternalSender` refuses),
 * answering with the first listener's promise.
 */
export function deliverMessagesFrom(pagePath: string): void {
  const sender = { id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL(pagePath) };
  vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockImplementation((async (message: unknown) => {
    const answers = await fakeBrowser.runtime.onMessage.trigger(message, sender, () => undefined);
    return answers.find((answer) => answer !== undefined);
  }) as never);
}
