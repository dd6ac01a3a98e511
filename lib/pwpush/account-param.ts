import type { ClientConfig } from './types';

/**
 * The account a call is made in, when there is one to send: only with a token, since an account is
 * the token's (docs/password-pusher.md#accounts).
 */
export function accountOf(cfg: ClientConfig): string | undefined {
  const account = cfg.accountId?.trim();
  return account && cfg.token?.trim() ? account : undefined;
}

/** `path` with `account_id` added to its query, for the calls that work in an account. */
export function inAccount(cfg: ClientConfig, path: string): string {
  const account = accountOf(cfg);
  return account ? `${path}${path.includes('?') ? '&' : '?'}account_id=${encodeURIComponent(account)}` : path;
}
