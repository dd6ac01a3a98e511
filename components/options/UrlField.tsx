import { describedBy, FieldNotes } from './FieldNotes';

interface UrlFieldProps {
  id: string;
  label: string;
  hint: string;
  placeholder: string;
  value: string;
  /** `url` lets the browser offer addresses it knows; `off` where a suggestion would mislead. */
  autocomplete: 'url' | 'off';
  error?: string;
  onInput: (value: string) => void;
  /** The field was left with a changed value (the `change` event). */
  onCommit?: () => void;
  /** Set by the organisation's policy: shown, read-only, and marked so (./ManagedMark.tsx). */
  managed?: boolean;
}

/** A server address; the value stays as typed so a wrong one can be shown and explained. */
export function UrlField({ id, label, hint, placeholder, value, autocomplete, error, onInput, onCommit, managed = false }: UrlFieldProps) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input
        id={id}
        type="url"
        value={value}
        placeholder={placeholder}
        autocomplete={autocomplete}
        spellcheck={false}
        autoCapitalize="off"
        readOnly={managed}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={describedBy(id, hint, error, managed)}
        onInput={(event) => onInput(event.currentTarget.value)}
        onChange={onCommit}
      />
      <FieldNotes id={id} hint={hint} error={error} managed={managed} />
    </div>
  );
}
