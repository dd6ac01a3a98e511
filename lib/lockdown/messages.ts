import { defineMessages } from '../browser/messaging';
import type { LockdownState, TokenStep } from './state';

/** What the extension's pages ask the background about the lockdown; answered only from this extension's own pages. */
export const lockdownMessages = defineMessages<{
  /** Starts a lockdown, or joins the one that runs (its state comes back either way). */
  'lockdown:start': { request: { keepTokenForSession: boolean }; response: LockdownState | null };
  /** A page found a lockdown not done: the background goes on with it, if it is not already. */
  'lockdown:resume': { request: Record<string, never>; response: LockdownState | null };
  /** The person made a new token on the instance, or will later: the lockdown's last step. */
  'lockdown:token': { request: { answer: Exclude<TokenStep, 'pending'> }; response: LockdownState | null };
  /** The report was read (and its token step answered): forget it. */
  'lockdown:dismiss': { request: Record<string, never>; response: boolean };
}>();
