import { useEffect, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { receiptsOn } from '@/lib/settings';
import { CheckboxField } from './CheckboxField';

/**
 * "Read receipts" (lib/receipts): one switch, on by default, doing anything only with an API token.
 * Kept at once rather than with Save: it sends nothing new anywhere, and turning it off should stop
 * the next poll without a second step.
 */
export function ReceiptsField({ managed = false }: { managed?: boolean }) {
  const [on, setOn] = useState(receiptsOn.fallback);
  useEffect(() => {
    void receiptsOn.getValue().then(setOn);
    return receiptsOn.watch(setOn);
  }, []);
  return (
    <CheckboxField
      id="read-receipts"
      label={t('optionsReceipts')}
      hint={t('optionsReceiptsHint')}
      checked={on}
      managed={managed}
      onChange={(checked) => {
        setOn(checked);
        void receiptsOn.setValue(checked);
      }}
    />
  );
}
