import type { RequestPace } from '../pwpush/types';
import { paceMessages, type PagePriority } from './messages';

/**
 * A page's requests to an instance, paced by the background's pacer of that instance
 * (./instance-pacers.ts): each asks for its turn first, one message, and a 429 is told to it so
 * every job pauses. Should the background not answer (it is being replaced by an update), the
 * request goes: a page must not hang on it.
 */
export function pagePace(baseUrl: string, priority: PagePriority): RequestPace {
  return {
    take(signal) {
      const asked = paceMessages.send('pace:take', { baseUrl, priority }).then(
        (granted) => granted !== false,
        () => true,
      );
      if (!signal) return asked;
      if (signal.aborted) return Promise.resolve(false);
      return Promise.race([
        asked,
        new Promise<boolean>((resolve) => signal.addEventListener('abort', () => resolve(false), { once: true })),
      ]);
    },
    throttled(retryAfterSeconds) {
      void paceMessages.send('pace:throttled', { baseUrl, retryAfterSeconds }).catch(() => undefined);
    },
  };
}
