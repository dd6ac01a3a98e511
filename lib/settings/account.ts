import { storage } from './storage-item';

/**
 * The commercial edition's account Pushgate works in, per instance origin (docs/password-pusher.md#accounts):
 * chosen on the settings page from `GET /api/v2/accounts`. An id and a name, no secret: kept in
 * `local` like the instance URL, never in `sync`. Every push, list, audit, expire, receipt poll and
 * lockdown of that instance then sends it as `account_id`.
 */
export interface AccountChoice {
  /** As the server gave it, as a string. */
  id: string;
  /** What the settings, the Pushes page and the lockdown call it. */
  name: string;
}

export const accountChoices = /* @__PURE__ */ storage.defineItem<Record<string, AccountChoice>>('local:accountChoice', {
  fallback: {},
  version: 1,
});

/** The choice for `origin` out of the stored ones; undefined when none was made there. */
export function choiceFor(choices: Record<string, AccountChoice>, origin: string): AccountChoice | undefined {
  const choice = origin ? choices[origin] : undefined;
  return choice && typeof choice.id === 'string' && choice.id !== ''
    ? { id: choice.id, name: typeof choice.name === 'string' ? choice.name : '' }
    : undefined;
}

export async function getAccountChoice(origin: string): Promise<AccountChoice | undefined> {
  return choiceFor(await accountChoices.getValue(), origin);
}

/** Keeps (or, with null, forgets) the account for one instance; the others' stay. */
export async function setAccountChoice(origin: string, choice: AccountChoice | null): Promise<void> {
  const { [origin]: _dropped, ...others } = await accountChoices.getValue();
  await accountChoices.setValue(choice ? { ...others, [origin]: { id: choice.id, name: choice.name } } : others);
}
