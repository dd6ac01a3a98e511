import { t } from '@/lib/i18n';
import type { Draft, FieldErrors } from './request-draft';

interface RequestOptionsProps {
  draft: Draft;
  errors: FieldErrors;
  /** The instance e-mails a request's link: "E-mail the link to" is offered. */
  email: boolean;
  onChange: (change: Partial<Draft>) => void;
}

/** The request's options under "Options", as pwpush-cli's `request` takes them (docs/password-pusher.md#requests-request-a-secret). */
export function RequestOptions({ draft, errors, email, onChange }: RequestOptionsProps) {
  return (
    <details>
      <summary>{t('popupOptions')}</summary>
      <div class="row">
        <NumberInput
          id="request-days"
          label={t('popupRequestDays')}
          max={90}
          value={draft.days}
          error={errors.days}
          onInput={(days) => onChange({ days })}
        />
        <NumberInput
          id="request-answers"
          label={t('popupRequestAnswers')}
          max={100}
          value={draft.answers}
          error={errors.answers}
          onInput={(answers) => onChange({ answers })}
        />
      </div>
      <div class="field">
        <label class="check">
          <input
            type="checkbox"
            checked={draft.deletableByViewer}
            onChange={(event) => onChange({ deletableByViewer: event.currentTarget.checked })}
          />
          {t('popupDeletable')}
        </label>
        <label class="check">
          <input
            type="checkbox"
            checked={draft.retrievalStep}
            onChange={(event) => onChange({ retrievalStep: event.currentTarget.checked })}
          />
          {t('popupRetrievalStep')}
        </label>
      </div>
      <div class="field">
        <label for="request-name">{t('popupName')}</label>
        <input
          id="request-name"
          type="text"
          autocomplete="off"
          value={draft.name}
          onInput={(event) => onChange({ name: event.currentTarget.value })}
        />
      </div>
      <div class="field">
        <label for="request-note">{t('popupNote')}</label>
        <input
          id="request-note"
          type="text"
          autocomplete="off"
          value={draft.note}
          aria-describedby="request-note-hint"
          onInput={(event) => onChange({ note: event.currentTarget.value })}
        />
        <p id="request-note-hint" class="hint">
          {t('popupNoteHint')}
        </p>
      </div>
      {email && (
        <div class="field">
          <label for="request-email">{t('popupEmailTo')}</label>
          <input
            id="request-email"
            type="text"
            inputmode="email"
            autocomplete="off"
            value={draft.emailTo}
            aria-describedby="request-email-hint"
            onInput={(event) => onChange({ emailTo: event.currentTarget.value })}
          />
          <p id="request-email-hint" class="hint">
            {t('popupRequestEmailHint')}
          </p>
        </div>
      )}
    </details>
  );
}

interface NumberInputProps {
  id: string;
  label: string;
  max: number;
  value: string;
  error?: string;
  onInput: (value: string) => void;
}

function NumberInput({ id, label, max, value, error, onInput }: NumberInputProps) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input
        id={id}
        type="number"
        min={1}
        max={max}
        step={1}
        inputmode="numeric"
        value={value}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onInput={(event) => onInput(event.currentTarget.value)}
      />
      {error && (
        <p class="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
