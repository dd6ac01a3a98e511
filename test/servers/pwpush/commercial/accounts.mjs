// The commercial edition's accounts (docs/password-pusher.md#accounts): `GET /api/v2/accounts` and the
// `account_id` every account-scoped action takes. A user works in one or more accounts; a push made
// with a token lands in the chosen account or the user's first, and the lists show one account.
import { sendJson } from '../respond.mjs';

/** @typedef {import('../respond.mjs').Ctx} Ctx */
/** @typedef {import('../respond.mjs').ServerState} ServerState */
/** @typedef {import('../respond.mjs').User} User */
/** @typedef {{ id: number, name: string, role: string }} Account */

/** What an `account_id` that is not one of the token's accounts gets (docs: inferred, a 403 as the extension's probe expects). */
export const NO_ACCESS = { error: 'You do not have access to this account.' };

/** @param {ServerState} state */
export const isCommercial = (state) => state.options.edition === 'commercial';

/**
 * The user's accounts, first the default. A user given without any has one of its own, named by its
 * e-mail, with an id that stays the same while the users do.
 * @param {ServerState} state @param {User} user @returns {Account[]}
 */
export function accountsOf(state, user) {
  if (user.accounts?.length) return user.accounts;
  const index = state.options.users.findIndex((candidate) => candidate.token === user.token);
  return [{ id: 1000 + Math.max(index, 0), name: user.email, role: 'owner' }];
}

/** @param {ServerState} state @param {User} user @param {number | null} accountId */
export function isMember(state, user, accountId) {
  return accountId !== null && accountsOf(state, user).some((account) => account.id === accountId);
}

/**
 * The account a request works in: `account_id` (a top-level body field or the query) when it names
 * one of the token's accounts, the user's first without it; `undefined` after answering 403 for one
 * that does not. `null` where there are no accounts: the OSS edition, or no token.
 * @param {Ctx} ctx @param {ServerState} state @returns {Account | null | undefined}
 */
export function chosenAccount(ctx, state) {
  if (!isCommercial(state) || !ctx.user) return null;
  const accounts = accountsOf(state, ctx.user);
  const raw = ctx.params.account_id;
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return accounts[0] ?? null;
  const wanted = typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim() : '';
  const found = accounts.find((account) => String(account.id) === wanted);
  if (found) return found;
  sendJson(ctx.res, 403, NO_ACCESS);
  return undefined;
}

/** `GET /api/v2/accounts`: a bare array, the shape both official clients read. @param {Ctx} ctx @param {ServerState} state */
export function listAccounts(ctx, state) {
  const user = /** @type {User} */ (ctx.user);
  sendJson(
    ctx.res,
    200,
    accountsOf(state, user).map(({ id, name, role }) => ({ id, name, role })),
  );
}
