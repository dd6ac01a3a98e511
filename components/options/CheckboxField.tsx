import { describedBy, FieldNotes } from './FieldNotes';

interface CheckboxFieldProps {
  id: string;
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Set by the organisation's policy: shown, locked, and marked so (./ManagedMark.tsx). */
  managed?: boolean;
}

/** A checkbox whose name is its label alone; the hint is a description, not part of the name. */
export function CheckboxField({ id, label, hint, checked, onChange, managed = false }: CheckboxFieldProps) {
  return (
    <div class="field">
      <label class="check" for={id}>
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={managed}
          aria-describedby={describedBy(id, hint, undefined, managed)}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
        {label}
      </label>
      <FieldNotes id={id} hint={hint} managed={managed} />
    </div>
  );
}
