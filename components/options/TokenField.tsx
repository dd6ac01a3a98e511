import { t } from '@/lib/i18n';
import { SecretField } from './SecretField';

interface TokenFieldProps {
  value: string;
  /** Why the field was just emptied; shown in place of the hint while it is. */
  note?: string;
  onInput: (value: string) => void;
}

/** The Password Pusher API token. */
export function TokenField({ value, note, onInput }: TokenFieldProps) {
  return (
    <SecretField
      id="api-token"
      label={t('optionsApiToken')}
      hint={note || t('optionsApiTokenHint')}
      showLabel={t('optionsShowToken')}
      hideLabel={t('optionsHideToken')}
      value={value}
      onInput={onInput}
    />
  );
}
