import { t } from '@/lib/i18n';
import { serverText } from '@/lib/short-text';
import { describedBy, FieldNotes } from './FieldNotes';
import type { AccountChoiceState } from './useAccountChoice';

const ID = 'pwpush-account';

/**
 * "Account", on an instance of the commercial edition with accounts (docs/password-pusher.md#accounts):
 * a choice when the token has more than one, nothing when it has one. The choice is kept at once
 * (it is the instance's answer that lists them, not the form), and said so. Names are server text.
 */
export function AccountField({ state, saved, choose }: AccountChoiceState) {
  if (state.kind === 'none' || (state.kind === 'listed' && state.accounts.length < 2)) return null;
  if (state.kind === 'needs-token') return <p class="hint account-note">{t('optionsAccountNeedsToken')}</p>;
  if (state.kind === 'loading') return <p class="hint account-note">{t('optionsAccountLoading')}</p>;
  if (state.kind === 'failed') return <p class="note error account-note">{t('optionsAccountFailed', state.message)}</p>;
  if (state.kind === 'empty') return <p class="note warn account-note">{t('optionsAccountNone')}</p>;
  const hint = t('optionsAccountHint');
  return (
    <div class="field">
      <label for={ID}>{t('optionsAccount')}</label>
      <select id={ID} value={state.chosen} aria-describedby={describedBy(ID, hint)} onChange={(event) => choose(event.currentTarget.value)}>
        {state.accounts.map((account) => (
          <option key={account.id} value={account.id}>
            {account.name}
          </option>
        ))}
      </select>
      <FieldNotes id={ID} hint={hint} />
      <p role="status" class="account-saved">
        {saved && t('optionsAccountSaved', serverText(saved))}
      </p>
    </div>
  );
}
