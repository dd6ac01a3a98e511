import { t } from '@/lib/i18n';
import { CheckboxField } from './CheckboxField';
import { describedBy, FieldNotes } from './FieldNotes';
import type { FieldErrors, InstanceDraft } from './instance-form';
import { PushDefaultsFields } from './PushDefaultsFields';
import { TokenField } from './TokenField';
import { INSTANCE_FIELD_IDS } from './useInstanceSettings';

interface InstanceSettingsProps {
  draft: InstanceDraft;
  errors: FieldErrors;
  onChange: (change: Partial<InstanceDraft>) => void;
}

/** The Password Pusher section: instance, token and push defaults. Saved by the page's one Save. */
export function InstanceSettings({ draft, errors, onChange }: InstanceSettingsProps) {
  const urlId = INSTANCE_FIELD_IDS.url;
  return (
    <section aria-labelledby="pwpush-heading">
      <h2 id="pwpush-heading">{t('optionsPwpushHeading')}</h2>
      <p class="hint">{t('optionsPwpushIntro')}</p>
      <div class="field">
        <label for={urlId}>{t('optionsInstanceUrl')}</label>
        <input
          id={urlId}
          type="url"
          value={draft.url}
          placeholder="https://pwpush.example"
          autocomplete="url"
          spellcheck={false}
          autoCapitalize="off"
          aria-invalid={errors.url ? 'true' : undefined}
          aria-describedby={describedBy(urlId, t('optionsInstanceUrlHint'), errors.url)}
          onInput={(event) => onChange({ url: event.currentTarget.value })}
        />
        <FieldNotes id={urlId} hint={t('optionsInstanceUrlHint')} error={errors.url} />
      </div>
      <TokenField value={draft.token} onInput={(token) => onChange({ token })} />
      <CheckboxField
        id="remember-token"
        label={t('optionsRememberToken')}
        hint={t('optionsRememberTokenHint')}
        checked={draft.remember}
        onChange={(remember) => onChange({ remember })}
      />
      <PushDefaultsFields draft={draft} errors={errors} onChange={onChange} />
    </section>
  );
}
