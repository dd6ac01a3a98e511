import { defineMessages } from '../browser/messaging';
import type { Priority } from './pacer';

/**
 * How a page asks the background's pacer of an instance (./instance-pacers.ts) for its turn, and
 * tells it of a 429. A page may ask only for the person's own action or the state check: the
 * lockdown's first place is the background's alone.
 */

export type PagePriority = Extract<Priority, 'person' | 'check'>;

export const PAGE_PRIORITIES: readonly PagePriority[] = ['person', 'check'];

export const paceMessages = defineMessages<{
  /** Resolves true when the page's request may go. */
  'pace:take': { request: { baseUrl: string; priority: PagePriority }; response: boolean };
  /** The instance answered a page's request with a 429: everyone waits its Retry-After. */
  'pace:throttled': { request: { baseUrl: string; retryAfterSeconds?: number }; response: boolean };
}>();
