import { t } from '@/lib/i18n';
import { CheckboxField } from './CheckboxField';
import { DAYS_RANGE, VIEWS_RANGE, type FieldErrors, type InstanceDraft } from './instance-form';
import { NumberField } from './NumberField';
import { RecipientLocaleField } from './RecipientLocaleField';

type DefaultsDraft = Pick<
  InstanceDraft,
  'expireAfterDays' | 'expireAfterViews' | 'deletableByViewer' | 'retrievalStep' | 'copyLinkAutomatically' | 'recipientLocale'
>;

interface PushDefaultsFieldsProps {
  draft: DefaultsDraft;
  errors: FieldErrors;
  onChange: (change: Partial<DefaultsDraft>) => void;
}

/** What a new push gets unless the popup says otherwise. */
export function PushDefaultsFields({ draft, errors, onChange }: PushDefaultsFieldsProps) {
  return (
    <fieldset>
      <legend>{t('optionsDefaultsHeading')}</legend>
      <div class="row">
        <NumberField
          id="expire-after-days"
          label={t('optionsExpireDays')}
          hint={t('optionsExpireDaysHint')}
          value={draft.expireAfterDays}
          min={DAYS_RANGE.min}
          max={DAYS_RANGE.max}
          error={errors.expireAfterDays}
          onInput={(expireAfterDays) => onChange({ expireAfterDays })}
        />
        <NumberField
          id="expire-after-views"
          label={t('optionsExpireViews')}
          hint={t('optionsExpireViewsHint')}
          value={draft.expireAfterViews}
          min={VIEWS_RANGE.min}
          max={VIEWS_RANGE.max}
          error={errors.expireAfterViews}
          onInput={(expireAfterViews) => onChange({ expireAfterViews })}
        />
      </div>
      <CheckboxField
        id="deletable-by-viewer"
        label={t('optionsDeletableByViewer')}
        hint={t('optionsDeletableByViewerHint')}
        checked={draft.deletableByViewer}
        onChange={(deletableByViewer) => onChange({ deletableByViewer })}
      />
      <CheckboxField
        id="retrieval-step"
        label={t('optionsRetrievalStep')}
        hint={t('optionsRetrievalStepHint')}
        checked={draft.retrievalStep}
        onChange={(retrievalStep) => onChange({ retrievalStep })}
      />
      <CheckboxField
        id="copy-link-automatically"
        label={t('optionsCopyLink')}
        hint={t('optionsCopyLinkHint')}
        checked={draft.copyLinkAutomatically}
        onChange={(copyLinkAutomatically) => onChange({ copyLinkAutomatically })}
      />
      <RecipientLocaleField value={draft.recipientLocale} onChange={(recipientLocale) => onChange({ recipientLocale })} />
    </fieldset>
  );
}
