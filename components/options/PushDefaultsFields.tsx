import { t } from '@/lib/i18n';
import { limitsOf, type ManagedPolicy } from '@/lib/settings';
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
  /** The organisation's policy: its locked defaults and ceilings. */
  policy?: ManagedPolicy;
}

/** What a new push gets unless the popup says otherwise. */
export function PushDefaultsFields({ draft, errors, onChange, policy = {} }: PushDefaultsFieldsProps) {
  const limits = limitsOf(policy);
  return (
    <fieldset>
      <legend>{t('optionsDefaultsHeading')}</legend>
      <div class="row">
        <NumberField
          id="expire-after-days"
          label={t('optionsExpireDays')}
          hint={policy.expireAfterDaysMax ? t('popupCeiling', limits.daysMax) : t('optionsExpireDaysHint')}
          value={draft.expireAfterDays}
          min={DAYS_RANGE.min}
          max={limits.daysMax}
          managed={policy.expireAfterDaysDefault !== undefined}
          error={errors.expireAfterDays}
          onInput={(expireAfterDays) => onChange({ expireAfterDays })}
        />
        <NumberField
          id="expire-after-views"
          label={t('optionsExpireViews')}
          hint={policy.expireAfterViewsMax ? t('popupCeiling', limits.viewsMax) : t('optionsExpireViewsHint')}
          value={draft.expireAfterViews}
          min={VIEWS_RANGE.min}
          max={limits.viewsMax}
          managed={policy.expireAfterViewsDefault !== undefined}
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
        checked={draft.retrievalStep || limits.retrievalStepForced}
        onChange={(retrievalStep) => onChange({ retrievalStep })}
        managed={limits.retrievalStepForced}
      />
      <CheckboxField
        id="copy-link-automatically"
        label={t('optionsCopyLink')}
        hint={t('optionsCopyLinkHint')}
        checked={draft.copyLinkAutomatically}
        onChange={(copyLinkAutomatically) => onChange({ copyLinkAutomatically })}
      />
      <RecipientLocaleField
        value={draft.recipientLocale}
        onChange={(recipientLocale) => onChange({ recipientLocale })}
        managed={policy.recipientLanguageDefault !== undefined}
      />
    </fieldset>
  );
}
