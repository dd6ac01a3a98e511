import { useState } from 'preact/hooks';
import { describedBy, FieldNotes } from './FieldNotes';

interface SecretFieldProps {
  id: string;
  label: string;
  hint: string;
  /** The toggle button's names, e.g. "Show token" / "Hide token": they say what a press will do. */
  showLabel: string;
  hideLabel: string;
  value: string;
  error?: string;
  onInput: (value: string) => void;
}

/**
 * A credential, hidden by default (shoulder surfing, screen sharing) with a button to check
 * what was pasted. The button's name says what it will do, so it needs no pressed state.
 */
export function SecretField({ id, label, hint, showLabel, hideLabel, value, error, onInput }: SecretFieldProps) {
  const [visible, setVisible] = useState(false);
  const input = {
    id,
    value,
    // Not a site password: keep password managers from offering to save it.
    autocomplete: 'off',
    spellcheck: false,
    autoCapitalize: 'off',
    'aria-invalid': error ? ('true' as const) : undefined,
    'aria-describedby': describedBy(id, hint, error),
    onInput: (event: { currentTarget: HTMLInputElement }) => onInput(event.currentTarget.value),
  } as const;
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <div class="row token-row">
        {/* Same element either way, so the caret and focus stay put when toggling. */}
        {visible ? <input type="text" {...input} /> : <input type="password" {...input} />}
        <button type="button" aria-controls={id} onClick={() => setVisible(!visible)}>
          {visible ? hideLabel : showLabel}
        </button>
      </div>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
