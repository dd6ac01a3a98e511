import { t } from '@/lib/i18n';
import { pwpushLocales } from '@/lib/pwpush/locales';
import { describedBy, FieldNotes } from './FieldNotes';

interface RecipientLocaleFieldProps {
  value: string;
  onChange: (value: string) => void;
}

const ID = 'recipient-locale';

/**
 * "Recipient's language": the language the secret link opens in (`?locale=`). Each language is
 * named as it calls itself, since the person picks it for someone who reads it.
 */
export function RecipientLocaleField({ value, onChange }: RecipientLocaleFieldProps) {
  const hint = t('optionsRecipientLocaleHint');
  return (
    <div class="field">
      <label for={ID}>{t('optionsRecipientLocale')}</label>
      <select id={ID} value={value} aria-describedby={describedBy(ID, hint)} onChange={(event) => onChange(event.currentTarget.value)}>
        <option value="">{t('recipientLocaleInstanceDefault')}</option>
        {pwpushLocales().map(({ code, name }) => (
          <option key={code} value={code} lang={code}>
            {name}
          </option>
        ))}
      </select>
      <FieldNotes id={ID} hint={hint} />
    </div>
  );
}
