import type { PushFormControls } from './push-form-dom';
import type { FieldErrors, FieldName, FormValues } from './push-form-values';
import { chosenKind } from './push-form-dom';

// What the live form reads from its controls and shows next to them; loads with push-form.ts,
// not with the popup's first paint.

/**
 * `deletable` is the person's choice, kept while a URL push shows the box unticked and disabled:
 * the server forces URL pushes undeletable (reference §4.2).
 */
export function readValues(controls: PushFormControls, deletable: boolean): FormValues {
  return {
    kind: chosenKind(controls),
    secret: controls.secret.value,
    days: controls.days.value,
    views: controls.views.value,
    deletable,
    retrievalStep: controls.retrievalStep.checked,
    passphrase: controls.passphrase.value,
    name: controls.name.value,
    note: controls.note.value,
    files: Array.from(controls.files.files ?? []),
  };
}

const FIELD_CONTROLS: Record<FieldName, string> = {
  secret: '#secret',
  kind: '.kind-choice',
  days: '#days',
  views: '#views',
  passphrase: '#passphrase',
  name: '#name',
  note: '#note',
  files: '#files',
};

/**
 * Shows each field's message under it, and only those: `aria-invalid` and `aria-describedby` on
 * the control, so its error (after its hint) is read with it. Messages are set as text.
 */
export function showFieldErrors(controls: PushFormControls, errors: FieldErrors): void {
  for (const [field, selector] of Object.entries(FIELD_CONTROLS) as [FieldName, string][]) {
    const control = controls.form.querySelector<HTMLElement>(selector)!;
    const errorId = `${field}-error`;
    controls.form.querySelector(`#${errorId}`)?.remove();
    const hints = (control.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id && id !== errorId);
    const message = errors[field];
    if (message) {
      const note = document.createElement('p');
      note.id = errorId;
      note.className = 'field-error';
      note.textContent = message;
      control.closest('[data-field]')!.append(note);
      hints.push(errorId);
      control.setAttribute('aria-invalid', 'true');
    } else {
      control.removeAttribute('aria-invalid');
    }
    if (hints.length > 0) control.setAttribute('aria-describedby', hints.join(' '));
    else control.removeAttribute('aria-describedby');
  }
}
