import type { PushKind } from '@/lib/pwpush/types';
import { t } from '@/lib/i18n';

const LABEL_KEYS: Record<PushKind, string> = {
  text: 'popupKindText',
  url: 'popupKindUrl',
  qr: 'popupKindQr',
  file: 'popupKindFile',
};

interface KindChoiceProps {
  kinds: PushKind[];
  value: PushKind;
  error?: string;
  onChange: (kind: PushKind) => void;
}

/** "Kind" as a radio group; only the kinds this instance (and token) allows are offered. */
export function KindChoice({ kinds, value, error, onChange }: KindChoiceProps) {
  return (
    <fieldset
      class="field kind-choice"
      role="radiogroup"
      aria-labelledby="kind-legend"
      aria-invalid={error ? 'true' : undefined}
      aria-describedby={error ? 'kind-error' : undefined}
    >
      <legend id="kind-legend">{t('popupKind')}</legend>
      <div class="row">
        {kinds.map((kind) => (
          <label class="check" key={kind}>
            <input
              type="radio"
              name="kind"
              value={kind}
              checked={value === kind}
              onChange={() => onChange(kind)}
            />
            {t(LABEL_KEYS[kind])}
          </label>
        ))}
      </div>
      {error && (
        <p id="kind-error" class="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
