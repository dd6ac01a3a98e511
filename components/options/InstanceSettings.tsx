import type { ComponentChildren } from 'preact';
import { t } from '@/lib/i18n';
import type { ManagedPolicy } from '@/lib/settings';
import { CheckboxField } from './CheckboxField';
import { ClearClipboardField } from './ClearClipboardField';
import { HistoryFields } from './HistoryFields';
import { ReceiptsField } from './ReceiptsField';
import type { FieldErrors, InstanceDraft } from './instance-form';
import { PushDefaultsFields } from './PushDefaultsFields';
import { TokenField } from './TokenField';
import { UrlField } from './UrlField';
import { INSTANCE_FIELD_IDS } from './useInstanceSettings';

interface InstanceSettingsProps {
  draft: InstanceDraft;
  errors: FieldErrors;
  tokenNote: string;
  onChange: (change: Partial<InstanceDraft>) => void;
  onUrlDone: () => void;
  /** The commercial edition's account choice (./AccountField.tsx), right after the token it belongs to. */
  account?: ComponentChildren;
  /** The organisation's policy: what it sets is shown locked. */
  policy?: ManagedPolicy;
}

/** The Password Pusher section: instance, token and push defaults. Saved by the page's one Save. */
export function InstanceSettings({ draft, errors, tokenNote, onChange, onUrlDone, account, policy = {} }: InstanceSettingsProps) {
  const urlId = INSTANCE_FIELD_IDS.url;
  return (
    <section aria-labelledby="pwpush-heading">
      <h2 id="pwpush-heading">{t('optionsPwpushHeading')}</h2>
      <p class="hint">{t('optionsPwpushIntro')}</p>
      <UrlField
        id={urlId}
        label={t('optionsInstanceUrl')}
        hint={t('optionsInstanceUrlHint')}
        placeholder="https://pwpush.example"
        autocomplete="url"
        value={draft.url}
        error={errors.url}
        onInput={(url) => onChange({ url })}
        onCommit={onUrlDone}
        managed={policy.instanceUrl !== undefined}
      />
      <TokenField value={draft.token} note={tokenNote} onInput={(token) => onChange({ token })} />
      <CheckboxField
        id="remember-token"
        label={t('optionsRememberToken')}
        hint={t('optionsRememberTokenHint')}
        checked={draft.remember}
        onChange={(remember) => onChange({ remember })}
      />
      {account}
      <PushDefaultsFields draft={draft} errors={errors} onChange={onChange} policy={policy} />
      <HistoryFields draft={draft} errors={errors} onChange={onChange} />
      <ReceiptsField managed={policy.receipts !== undefined} />
      <ClearClipboardField
        value={draft.clearClipboardAfterSeconds}
        onChange={(clearClipboardAfterSeconds) => onChange({ clearClipboardAfterSeconds })}
        links={draft.clearCopiedLinks}
        onLinksChange={(clearCopiedLinks) => onChange({ clearCopiedLinks })}
      />
    </section>
  );
}
