import { t } from '@/lib/i18n';
import { SecretField } from './SecretField';

interface TokenFieldProps {
  value: string;
  onInput: (value: string) => void;
}

/** The Password Pusher API token. */
export function TokenField({ value, onInput }: TokenFieldProps) {
  return (
    <SecretField
      id="api-token"
      label={t('optionsApiToken')}
      hint={t('optionsApiTokenHint')}
      showLabel={t('optionsShowToken')}
      hideLabel={t('optionsHideToken')}
      value={value}
      onInput={onInput}
    />
  );
}
