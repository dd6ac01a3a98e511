import type { AttemptBook } from '../../attempts/book';
import { postToBackground } from './port';
import type { BookCall } from './protocol';

/**
 * The popup's attempt book (lib/attempts/book.ts): every call goes to the background over the push
 * port, which ties the attempts begun on it to the popup and marks them unknown should the popup
 * close with them out. A call whose port closed (the worker stopped) is made once more on a new
 * port: each is safe to repeat. When no background answers, each says what is safest.
 */
export const relayBook: AttemptBook = {
  begin: (attempt) => call('begin', [attempt], false),
  settle: (attemptId, baseUrl, push, details) => call('settle', [attemptId, baseUrl, push, details], 'failed'),
  forget: (attemptId) => call('forget', [attemptId], undefined),
  unknown: (attemptId) => call('unknown', [attemptId], undefined),
  // A `Set` does not cross a port: the tokens come back as an array.
  eligible: async (baseUrl, attemptId, tokens) => new Set(await call('eligible', [baseUrl, attemptId, tokens], tokens)),
  rivals: (attempt) => call('rivals', [attempt], true),
};

async function call<T>(name: BookCall, args: unknown[], fallback: T): Promise<T> {
  for (let tries = 0; tries < 2; tries++) {
    const answer = await once(name, args);
    if (answer.done) return answer.value as T;
  }
  return fallback;
}

function once(name: BookCall, args: unknown[]): Promise<{ done: true; value: unknown } | { done: false }> {
  return new Promise((resolve) => {
    void postToBackground(
      { type: 'book', call: name, args },
      {
        reply(reply) {
          if (reply.type !== 'booked') return false;
          resolve({ done: true, value: reply.result });
          return true;
        },
        closed: () => resolve({ done: false }),
      },
    ).then((sent) => {
      if (!sent) resolve({ done: false });
    });
  });
}
