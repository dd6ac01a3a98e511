import { useState } from 'preact/hooks';
import { generatePassphrase } from '@/lib/passphrase';
import { DAYS_RANGE, VIEWS_RANGE } from '@/lib/pwpush/limits';
import { t } from '@/lib/i18n';
import { describedBy, FieldError } from './FieldError';
import type { FieldErrors, FormValues } from './push-form-values';

export interface PushOptionFieldsProps {
  values: FormValues;
  errors: FieldErrors;
  update: (change: Partial<FormValues>) => void;
}

/**
 * The fields inside the "Options" disclosure (PushOptions.tsx): a chunk of its own, loaded when
 * the disclosure opens or the person starts on the form. Expiry and the two switches start from
 * the saved defaults; nothing typed here is remembered.
 */
export function PushOptionFields({ values, errors, update }: PushOptionFieldsProps) {
  const input = (event: Event) => (event.currentTarget as HTMLInputElement).value;
  const checked = (event: Event) => (event.currentTarget as HTMLInputElement).checked;
  // URL pushes are never deletable by viewers: the server forces it off (reference §4.2).
  const deletableApplies = values.kind !== 'url';
  // Hidden like a password (shoulder surfing, screen sharing); shown once generated, since the
  // person has to pass it on to the recipient.
  const [showPassphrase, setShowPassphrase] = useState(false);

  return (
    <>
      <div class="row">
        <div class="field">
          <label for="days">{t('popupExpireDays')}</label>
          <input id="days" type="number" min={DAYS_RANGE.min} max={DAYS_RANGE.max} step={1} inputMode="numeric" value={values.days}
            onInput={(e) => update({ days: input(e) })} {...describedBy('days', errors, 'days-hint')} />
          <p id="days-hint" class="hint">{t('optionsExpireDaysHint')}</p>
          <FieldError field="days" errors={errors} />
        </div>
        <div class="field">
          <label for="views">{t('popupExpireViews')}</label>
          <input id="views" type="number" min={VIEWS_RANGE.min} max={VIEWS_RANGE.max} step={1} inputMode="numeric" value={values.views}
            onInput={(e) => update({ views: input(e) })} {...describedBy('views', errors, 'views-hint')} />
          <p id="views-hint" class="hint">{t('optionsExpireViewsHint')}</p>
          <FieldError field="views" errors={errors} />
        </div>
      </div>
      <div class="field">
        <label class="check">
          <input type="checkbox" checked={deletableApplies && values.deletable} disabled={!deletableApplies}
            onChange={(e) => update({ deletable: checked(e) })} />
          {t('popupDeletable')}
        </label>
        <label class="check">
          <input type="checkbox" checked={values.retrievalStep} aria-describedby="retrieval-hint"
            onChange={(e) => update({ retrievalStep: checked(e) })} />
          {t('popupRetrievalStep')}
        </label>
        <p id="retrieval-hint" class="hint">{t('popupRetrievalStepHint')}</p>
      </div>
      <div class="field">
        <label for="passphrase">{t('popupPassphrase')}</label>
        <div class="passphrase-row">
          {/* One element either way, so caret and focus stay; the cast only satisfies Preact's per-type input typings. */}
          <input id="passphrase" type={(showPassphrase ? 'text' : 'password') as 'text'} autocomplete="off" spellcheck={false}
            autocapitalize="off" value={values.passphrase} onInput={(e) => update({ passphrase: input(e) })}
            {...describedBy('passphrase', errors, 'passphrase-hint')} />
          <button type="button" aria-controls="passphrase" onClick={() => setShowPassphrase(!showPassphrase)}>
            {showPassphrase ? t('popupHidePassphrase') : t('popupShowPassphrase')}
          </button>
          <button type="button" onClick={() => {
            update({ passphrase: generatePassphrase() });
            setShowPassphrase(true);
          }}>
            {t('popupGenerate')}
          </button>
        </div>
        <p id="passphrase-hint" class="hint">{t('popupPassphraseHint')}</p>
        <FieldError field="passphrase" errors={errors} />
      </div>
      <div class="field">
        <label for="name">{t('popupName')}</label>
        <input id="name" type="text" autocomplete="off" spellcheck={false} value={values.name}
          onInput={(e) => update({ name: input(e) })} {...describedBy('name', errors)} />
        <FieldError field="name" errors={errors} />
      </div>
      <div class="field">
        <label for="note">{t('popupNote')}</label>
        <input id="note" type="text" autocomplete="off" spellcheck={false} value={values.note}
          onInput={(e) => update({ note: input(e) })} {...describedBy('note', errors, 'note-hint')} />
        <p id="note-hint" class="hint">{t('popupNoteHint')}</p>
        <FieldError field="note" errors={errors} />
      </div>
    </>
  );
}
