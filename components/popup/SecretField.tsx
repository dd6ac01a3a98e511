import { useEffect, useRef } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { describedBy, FieldError } from './FieldError';
import type { FieldErrors, FormValues, PagePrefill } from './push-form-values';

const HINT_KEYS: Record<FormValues['kind'], string> = {
  text: 'popupSecretHintText',
  url: 'popupSecretHintUrl',
  qr: 'popupSecretHintQr',
  file: 'popupSecretHintFile',
};

interface SecretFieldProps {
  values: FormValues;
  errors: FieldErrors;
  prefill: PagePrefill;
  update: (change: Partial<FormValues>) => void;
  onUsePageUrl: (url: string) => void;
  onSubmitShortcut: () => void;
}

/** "Secret": what gets pushed, typed in, taken from the page's selection, or the page's URL. */
export function SecretField({ values, errors, prefill, update, onUsePageUrl, onSubmitShortcut }: SecretFieldProps) {
  const field = useRef<HTMLTextAreaElement>(null);
  // `autofocus` counts once per page load: after "Push another" or "Back" the new form focuses itself.
  useEffect(() => field.current?.focus(), []);
  const fromSelection = prefill.selection !== null && values.secret === prefill.selection;
  const source = fromSelection
    ? prefill.host
      ? t('popupSelectedFrom', prefill.host)
      : t('popupSelectedFromPage')
    : t(HINT_KEYS[values.kind]);

  function onKeyDown(event: KeyboardEvent) {
    // Enter makes a new line in a secret; Ctrl/⌘+Enter pushes, as in most compose boxes.
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      onSubmitShortcut();
    }
  }

  return (
    <div class="field">
      <div class="row secret-label-row">
        <label for="secret">{t('popupSecret')}</label>
        {prefill.pageUrl && (
          <button type="button" class="small" onClick={() => onUsePageUrl(prefill.pageUrl!)}>
            {t('popupUsePageUrl')}
          </button>
        )}
      </div>
      <textarea
        ref={field}
        id="secret"
        rows={5}
        autoFocus
        autocomplete="off"
        autocapitalize="off"
        spellcheck={false}
        value={values.secret}
        onInput={(e) => update({ secret: (e.currentTarget as HTMLTextAreaElement).value })}
        onKeyDown={onKeyDown}
        {...describedBy('secret', errors, 'secret-hint')}
      />
      <p id="secret-hint" class="hint">{source}</p>
      <FieldError field="secret" errors={errors} />
    </div>
  );
}
