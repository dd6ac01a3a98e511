import type { Ref } from 'preact';
import { useState } from 'preact/hooks';
import { t } from '@/lib/i18n';

interface PassphraseInputProps {
  id: string;
  inputRef?: Ref<HTMLInputElement>;
  value: string;
  onInput: (value: string) => void;
  invalid?: boolean;
  describedBy?: string;
}

/** A passphrase field, hidden as typed, with "Show passphrase" beside it. Never trimmed. */
export function PassphraseInput({ id, inputRef, value, onInput, invalid = false, describedBy }: PassphraseInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div class="passphrase-row">
      <input
        ref={inputRef}
        id={id}
        // One element either way, so caret and focus stay; the cast only satisfies Preact's per-type input typings.
        type={(visible ? 'text' : 'password') as 'text'}
        autocomplete="off"
        autocapitalize="off"
        spellcheck={false}
        value={value}
        aria-invalid={invalid ? 'true' : undefined}
        aria-describedby={describedBy}
        onInput={(e) => onInput((e.currentTarget as HTMLInputElement).value)}
      />
      <button type="button" aria-controls={id} onClick={() => setVisible(!visible)}>
        {visible ? t('popupHidePassphrase') : t('popupShowPassphrase')}
      </button>
    </div>
  );
}
