import type { FieldErrors, FieldName } from './push-form-values';

/** `aria-invalid` and `aria-describedby` for a control, so its error (and hint) is read with it. */
export function describedBy(field: FieldName, errors: FieldErrors, hintId?: string) {
  const ids = [hintId, errors[field] ? `${field}-error` : undefined].filter(Boolean);
  return {
    'aria-invalid': errors[field] ? ('true' as const) : undefined,
    'aria-describedby': ids.length > 0 ? ids.join(' ') : undefined,
  };
}

/** The error message under a field, when there is one. */
export function FieldError({ field, errors }: { field: FieldName; errors: FieldErrors }) {
  const message = errors[field];
  if (!message) return null;
  return (
    <p id={`${field}-error`} class="field-error">
      {message}
    </p>
  );
}
