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
}

/** A whole-number input; the value stays text so the form can show and explain a wrong one. */
export function NumberField({ id, label, hint, value, min, max, error, onInput }: NumberFieldProps) {
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
        value={value}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onInput={(event) => onInput(event.currentTarget.value)}
      />
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
