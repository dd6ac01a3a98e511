import { describedBy, FieldNotes } from './FieldNotes';

interface NumberFieldProps {
  id: string;
  label: string;
  hint: string;
  value: string;
  min: number;
  max: number;
  error?: string;
  onInput: (value: string) => void;
  /** Set by the organisation's policy: shown, read-only, and marked so (./ManagedMark.tsx). */
  managed?: boolean;
}

/** A whole-number input; the value stays text so the form can show and explain a wrong one. */
export function NumberField({ id, label, hint, value, min, max, error, onInput, managed = false }: NumberFieldProps) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        readOnly={managed}
        value={value}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={describedBy(id, hint, error, managed)}
        onInput={(event) => onInput(event.currentTarget.value)}
      />
      <FieldNotes id={id} hint={hint} error={error} managed={managed} />
    </div>
  );
}
