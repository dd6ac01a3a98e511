import type { Push } from '../../pwpush/types';
import { localAttemptBook } from '../../attempts/local-book';
import type { PushRelayRequest } from './protocol';
import type { PushAttempt, RecordDetails } from '../../records';

/**
 * The background's side of ./book.ts: a page's attempt-book call, checked and answered with
 * the background's own book. `owned` holds the attempts the page began and has not ended, so the
 * background can mark them unknown should the page close with them out.
 */
export async function answerBookCall({ call, args }: Extract<PushRelayRequest, { type: 'book' }>, owned: Set<string>): Promise<unknown> {
  const [first, second, third, fourth] = args;
  switch (call) {
    case 'begin': {
      if (!isAttempt(first)) return false;
      owned.add(first.id);
      return localAttemptBook.begin(first);
    }
    case 'settle':
      if (typeof first !== 'string' || typeof second !== 'string' || !isPush(third) || !isDetails(fourth)) return 'failed';
      owned.delete(first);
      return localAttemptBook.settle(first, second, third, fourth);
    case 'forget':
    case 'unknown':
      if (typeof first !== 'string') return undefined;
      owned.delete(first);
      return localAttemptBook[call](first);
    case 'eligible':
      if (typeof first !== 'string' || typeof second !== 'string' || !isTextList(third)) return [];
      return [...(await localAttemptBook.eligible(first, second, third))];
    case 'rivals':
      return isAttempt(first) ? localAttemptBook.rivals(first) : true;
    default:
      return undefined;
  }
}

function isAttempt(value: unknown): value is PushAttempt {
  const attempt = (value ?? {}) as Partial<PushAttempt>;
  return (
    typeof attempt.id === 'string' &&
    typeof attempt.baseUrl === 'string' &&
    typeof attempt.startedAt === 'number' &&
    typeof attempt.kind === 'string' &&
    attempt.state === 'sending' &&
    typeof attempt.requested === 'object' &&
    attempt.requested !== null
  );
}

function isPush(value: unknown): value is Push {
  const push = (value ?? {}) as Partial<Push>;
  return typeof push.urlToken === 'string' && typeof push.htmlUrl === 'string' && typeof push.createdAt === 'string';
}

function isDetails(value: unknown): value is RecordDetails {
  const details = (value ?? {}) as Partial<RecordDetails>;
  return typeof details.kind === 'string' && typeof details.passphraseProtected === 'boolean';
}

const isTextList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');
