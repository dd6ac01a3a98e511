import { fail } from '../result';
import { ACCOUNTS_MAX_BYTES } from './answer-limits';
import { send } from './client';
import { parseAccounts } from './parse-commercial';
import type { Account, ClientConfig, PushResult } from './types';

/**
 * `GET /accounts`: the accounts the token may work in, on the commercial edition
 * (docs/password-pusher.md#accounts). Never asked without a token: the answer could only be a 401.
 */
export function listAccounts(cfg: ClientConfig): Promise<PushResult<Account[]>> {
  if (!cfg.token?.trim()) return Promise.resolve(fail({ kind: 'unauthorized' }));
  return send({ ...cfg, accountId: undefined }, 'GET', '/accounts', ACCOUNTS_MAX_BYTES, (r) => parseAccounts(r.body, r.status));
}
