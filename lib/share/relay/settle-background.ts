import { localAttemptBook } from '../../attempts/local-book';
import type { Settled } from '../../attempts/claims';
import type { Push } from '../../pwpush/types';
import type { RecordDetails } from '../../records';
import type { PushRelayRequest } from './protocol';

type SettleCall = Extract<PushRelayRequest, { type: 'settle' }>;

/** The background's side of ./settle.ts: a page's settling, checked and made with the background's own book. */
export function answerSettle({ attemptId, baseUrl, push, details }: SettleCall): Promise<Settled | 'failed'> {
  return localAttemptBook.settle(attemptId, baseUrl, push, details);
}

/** The shape a settling must have; anything else on the port is ignored. */
export function isSettle(message: unknown): message is SettleCall {
  if (!message || typeof message !== 'object') return false;
  const { type, id, attemptId, baseUrl, push, details } = message as Partial<SettleCall>;
  return (
    type === 'settle' &&
    typeof id === 'number' &&
    typeof attemptId === 'string' &&
    typeof baseUrl === 'string' &&
    isPush(push) &&
    isDetails(details)
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
