import { describedBy, FieldNotes } from './FieldNotes';

interface CheckboxFieldProps {
  id: string;
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** A checkbox whose name is its label alone; the hint is a description, not part of the name. */
export function CheckboxField({ id, label, hint, checked, onChange }: CheckboxFieldProps) {
  return (
    <div class="field">
      <label class="check" for={id}>
        <input
          id={id}
          type="checkbox"
          checked={checked}
          aria-describedby={describedBy(id, hint)}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
        {label}
      </label>
      <FieldNotes id={id} hint={hint} />
    </div>
  );
}
