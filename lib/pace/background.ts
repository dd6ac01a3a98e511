import { pacerFor } from './instance-pacers';
import { PAGE_PRIORITIES, paceMessages } from './messages';

/**
 * The background's side of ./messages.ts: only this extension's own pages are answered (the
 * messaging module checks the sender), and only for an http(s) instance and a page's priority.
 */
export function answerPaceMessages(): () => void {
  return paceMessages.answer({
    'pace:take': async ({ baseUrl, priority }) => {
      if (!isInstance(baseUrl) || !PAGE_PRIORITIES.includes(priority)) return false;
      return pacerFor(baseUrl).take(priority);
    },
    'pace:throttled': async ({ baseUrl, retryAfterSeconds }) => {
      if (!isInstance(baseUrl)) return false;
      const seconds = typeof retryAfterSeconds === 'number' && Number.isFinite(retryAfterSeconds) ? retryAfterSeconds : undefined;
      return pacerFor(baseUrl).throttled(seconds);
    },
  });
}

function isInstance(baseUrl: unknown): baseUrl is string {
  return typeof baseUrl === 'string' && /^https?:\/\/[^/]/i.test(baseUrl);
}
