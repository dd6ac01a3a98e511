import { useEffect, useRef, useState } from 'preact/hooks';
import { listAccounts } from '@/lib/pwpush/accounts';
import { offersAccounts } from '@/lib/pwpush/edition';
import type { Account } from '@/lib/pwpush/types';
import { getAccountChoice, getToken, setAccountChoice } from '@/lib/settings';
import { explainPushError } from '@/lib/share/explain';
import type { CheckedInstance } from './useInstanceSettings';

/** What the settings page shows of the commercial edition's accounts (docs/password-pusher.md#accounts). */
export type AccountsState =
  /** Nothing to show: an OSS instance, no check yet, or a token that is not accepted. */
  | { kind: 'none' }
  /** The instance has accounts and no token is saved. */
  | { kind: 'needs-token' }
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  /** The token has no account at all. */
  | { kind: 'empty' }
  | { kind: 'listed'; origin: string; accounts: Account[]; chosen: string };

export interface AccountChoiceState {
  state: AccountsState;
  /** Said once a choice is kept. */
  saved: string;
  choose(id: string): void;
}

/**
 * Lists the accounts of the saved token once the instance check accepted it on an instance that has
 * accounts, and keeps the choice per instance. A choice no longer among them (another token, an
 * account left) gives way to the first listed, which is stored too, so that every call names its
 * account and the Pushes page can say which one it shows.
 */
export function useAccountChoice(report: CheckedInstance | null): AccountChoiceState {
  const [state, setState] = useState<AccountsState>({ kind: 'none' });
  const [saved, setSaved] = useState('');
  const generation = useRef(0);
  const origin = report?.origin ?? '';
  const tokenKind = report?.token.kind;
  const offered = offersAccounts(report?.info);
  const checkedAt = report?.checkedAt;

  // biome-ignore lint/correctness/useExhaustiveDependencies: one listing per check of the saved instance (its time changes with each)
  useEffect(() => {
    const current = ++generation.current;
    setSaved('');
    if (!origin || !offered) return setState({ kind: 'none' });
    if (tokenKind === 'none') return setState({ kind: 'needs-token' });
    if (tokenKind !== 'accepted') return setState({ kind: 'none' });
    setState({ kind: 'loading' });
    void (async () => {
      const token = await getToken();
      const answer = await listAccounts({ baseUrl: origin, token });
      if (current !== generation.current) return;
      if (!answer.ok) return setState({ kind: 'failed', message: explainPushError(answer.error).message });
      const accounts = answer.value;
      const first = accounts[0];
      if (!first) {
        // A choice made for another token would be refused (403) on every call: none is sent now.
        await setAccountChoice(origin, null);
        return setState({ kind: 'empty' });
      }
      const stored = await getAccountChoice(origin);
      const chosen = accounts.find((account) => account.id === stored?.id) ?? first;
      if (stored?.id !== chosen.id || stored.name !== chosen.name) await setAccountChoice(origin, { id: chosen.id, name: chosen.name });
      if (current === generation.current) setState({ kind: 'listed', origin, accounts, chosen: chosen.id });
    })();
  }, [origin, offered, tokenKind, checkedAt]);

  function choose(id: string): void {
    if (state.kind !== 'listed') return;
    const account = state.accounts.find((candidate) => candidate.id === id);
    if (!account) return;
    setState({ ...state, chosen: id });
    void setAccountChoice(state.origin, { id: account.id, name: account.name }).then(
      () => setSaved(account.name),
      () => setSaved(''),
    );
  }

  return { state, saved, choose };
}
