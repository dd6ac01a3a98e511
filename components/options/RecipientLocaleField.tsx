import { t } from '@/lib/i18n';
import { pwpushLocales } from '@/lib/pwpush/locales';
import { describedBy, FieldNotes } from './FieldNotes';

interface RecipientLocaleFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** Set by the organisation's policy: shown, locked, and marked so (./ManagedMark.tsx). */
  managed?: boolean;
}

const ID = 'recipient-locale';

/**
 * "Recipient's language": the language the secret link opens in (`?locale=`). Each language is
 * named as it calls itself, since the person picks it for someone who reads it.
 */
export function RecipientLocaleField({ value, onChange, managed = false }: RecipientLocaleFieldProps) {
  const hint = t('optionsRecipientLocaleHint');
  return (
    <div class="field">
      <label for={ID}>{t('optionsRecipientLocale')}</label>
      <select
        id={ID}
        value={value}
        disabled={managed}
        aria-describedby={describedBy(ID, hint, undefined, managed)}
        onChange={(event) => onChange(event.currentTarget.value)}
      >
        <option value="">{t('recipientLocaleInstanceDefault')}</option>
        {pwpushLocales().map(({ code, name }) => (
          <option key={code} value={code} lang={code}>
            {name}
          </option>
        ))}
      </select>
      <FieldNotes id={ID} hint={hint} managed={managed} />
    </div>
  );
}
