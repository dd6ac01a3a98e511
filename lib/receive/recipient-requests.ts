import type { ClientConfig, PushResult } from '@/lib/pwpush/types';

/** Who opens a secret link: the configured instance and its API token ('' when none). */
export interface Recipient {
  baseUrl: string;
  token: string;
}

/**
 * The API gate's empty-body 401: a private instance refusing a token-less call
 * (docs/password-pusher.md#auth-gate).
 */
function gateRefused(result: PushResult<unknown>): boolean {
  return !result.ok && result.error.kind === 'unauthorized' && !result.error.serverMessage;
}

/**
 * One recipient call (open, or "Expire it now"). A recipient sends no token: with the owner's token the
 * server logs an owner view, and with an administrator's (a fresh instance's first account is one) an
 * admin view, neither of which counts (docs/password-pusher.md#show). A private instance (`allow_anonymous` off) answers every
 * API call but /version with an empty-body 401, though its web pages stay public; then, and only to the
 * configured instance (the link form refuses others), the call goes with that instance's own token: at
 * once when `tokenFirst` (cached features say so, or an earlier call needed it), else after the 401.
 */
export async function asRecipient<T>(
  recipient: Recipient,
  call: (cfg: ClientConfig) => Promise<PushResult<T>>,
  tokenFirst: boolean,
): Promise<{ result: PushResult<T>; withToken: boolean }> {
  const withToken = recipient.token !== '' && tokenFirst;
  const first = await call(withToken ? { baseUrl: recipient.baseUrl, token: recipient.token } : { baseUrl: recipient.baseUrl });
  if (withToken || recipient.token === '' || !gateRefused(first)) return { result: first, withToken };
  return { result: await call({ baseUrl: recipient.baseUrl, token: recipient.token }), withToken: true };
}
