import { useEffect, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { useFocusOnMount } from '../../use-focus-on-mount';
import { PassphraseInput } from './PassphraseInput';

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
        <PassphraseInput
          id="receive-passphrase"
          inputRef={input}
          value={value}
          invalid={error !== null}
          describedBy={error ? 'receive-passphrase-error' : undefined}
          onInput={(text) => {
            setEmpty(false);
            onInput(text);
          }}
        />
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
