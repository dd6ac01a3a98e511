import type { FieldErrors, FieldName } from './push-checks';
import type { PushFormControls } from './push-form-controls';

/** Each field's control in the popup's form, which its message goes under. */
const FIELD_CONTROLS: Record<FieldName, string> = {
  secret: '#secret',
  kind: '.kind-choice',
  days: '#days',
  views: '#views',
  passphrase: '#passphrase',
  name: '#name',
  note: '#note',
  files: '#files',
  emailTo: '#email-to',
  emailLocale: '#email-locale',
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
