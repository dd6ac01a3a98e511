import { useEffect, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { useFocusOnMount } from '../../use-focus-on-mount';

interface PassphraseFormProps {
  value: string;
  onInput: (value: string) => void;
  /** The last try was refused: say so and select the text for another go. */
  wrong: boolean;
  busy: boolean;
  onSubmit: (passphrase: string) => void;
  onCancel: () => void;
}

/** Step 2, only for a passphrase-protected push: "Passphrase" and "Open" again. */
export function PassphraseForm({ value, onInput, wrong, busy, onSubmit, onCancel }: PassphraseFormProps) {
  const [empty, setEmpty] = useState(false);
  const [visible, setVisible] = useState(false);
  const input = useFocusOnMount<HTMLInputElement>();

  useEffect(() => {
    if (!wrong) return;
    input.current?.focus();
    input.current?.select();
  }, [wrong]);

  function submit(event: Event) {
    event.preventDefault();
    if (busy) return;
    // An empty passphrase would only waste a request: it is not one of the five tries a minute,
    // which count non-blank passphrases only (docs/password-pusher.md#passphrase).
    if (value === '') {
      setEmpty(true);
      input.current?.focus();
      return;
    }
    onSubmit(value);
  }

  const error = empty ? t('receivePassphraseEmpty') : wrong ? t('receivePassphraseWrong') : null;

  return (
    <form onSubmit={submit} noValidate aria-busy={busy}>
      <p class="note warn">{t('receivePassphraseNeeded')}</p>
      <div class="field">
        <label for="receive-passphrase">{t('receivePassphraseLabel')}</label>
        <div class="passphrase-row">
          <input
            ref={input}
            id="receive-passphrase"
            // One element either way, so caret and focus stay; the cast only satisfies Preact's per-type input typings.
            type={(visible ? 'text' : 'password') as 'text'}
            autocomplete="off"
            autocapitalize="off"
            spellcheck={false}
            value={value}
            aria-invalid={error ? 'true' : undefined}
            aria-describedby={error ? 'receive-passphrase-error' : undefined}
            onInput={(e) => {
              setEmpty(false);
              onInput((e.currentTarget as HTMLInputElement).value);
            }}
          />
          <button type="button" aria-controls="receive-passphrase" onClick={() => setVisible(!visible)}>
            {visible ? t('popupHidePassphrase') : t('popupShowPassphrase')}
          </button>
        </div>
        <p id="receive-passphrase-error" class="field-error" role="alert">
          {error}
        </p>
      </div>
      <div class="row">
        <button type="submit" class="primary" disabled={busy} aria-busy={busy}>
          {t('receiveOpen')}
        </button>
        <button type="button" disabled={busy} onClick={onCancel}>
          {t('receiveCancel')}
        </button>
      </div>
    </form>
  );
}
