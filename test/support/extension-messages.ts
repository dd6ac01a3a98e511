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

/**
 * Stands in for the other side of `browser.runtime.sendMessage`: every message sent from here on
 * calls the returned mock with its type and data, and its answer is what the sender gets.
 */
export function answerSentMessages() {
  const answer = vi.fn<(type: string, data: unknown) => Promise<unknown>>();
  vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockImplementation(((message: { type: string; data: unknown }) =>
    answer(message.type, message.data)) as never);
  return answer;
}
