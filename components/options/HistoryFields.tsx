import { t } from '@/lib/i18n';
import { CheckboxField } from './CheckboxField';
import { FORGET_DAYS_RANGE, type FieldErrors, type InstanceDraft } from './instance-form';
import { NumberField } from './NumberField';

type HistoryDraft = Pick<InstanceDraft, 'keepHistory' | 'forgetExpiredAfterDays'>;

interface HistoryFieldsProps {
  draft: HistoryDraft;
  errors: FieldErrors;
  onChange: (change: Partial<HistoryDraft>) => void;
}

/** What this browser keeps of the pushes made in it (lib/history/entries.ts): links, names and notes, never a secret. */
export function HistoryFields({ draft, errors, onChange }: HistoryFieldsProps) {
  return (
    <fieldset>
      <legend>{t('optionsHistoryHeading')}</legend>
      <CheckboxField
        id="keep-history"
        label={t('optionsKeepHistory')}
        // The queue readings follow this switch where the package has the side panel (lib/readings/history-switch.ts).
        hint={
          import.meta.env.PUSHGATE_AIRPORT
            ? `${t('optionsKeepHistoryHint')} ${t('optionsKeepHistoryReadingsHint')}`
            : t('optionsKeepHistoryHint')
        }
        checked={draft.keepHistory}
        onChange={(keepHistory) => onChange({ keepHistory })}
      />
      <NumberField
        id="forget-expired-days"
        label={t('optionsForgetExpiredDays')}
        hint={t('optionsForgetExpiredDaysHint')}
        value={draft.forgetExpiredAfterDays}
        min={FORGET_DAYS_RANGE.min}
        max={FORGET_DAYS_RANGE.max}
        error={errors.forgetExpiredAfterDays}
        onInput={(forgetExpiredAfterDays) => onChange({ forgetExpiredAfterDays })}
      />
    </fieldset>
  );
}
