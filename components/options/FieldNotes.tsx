import { ManagedMark } from './ManagedMark';

/**
 * The hint and the error under a control, with the ids `aria-describedby` points at. The error is
 * listed first so a screen reader says what is wrong before the general advice; a setting the
 * organisation locks says so before both.
 */
export function describedBy(id: string, hint?: string, error?: string, managed = false): string | undefined {
  const ids = [managed && `${id}-managed`, error && `${id}-error`, hint && `${id}-hint`].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

export function FieldNotes({ id, hint, error, managed = false }: { id: string; hint?: string; error?: string; managed?: boolean }) {
  return (
    <>
      {managed && <ManagedMark id={id} />}
      {hint && (
        <p class="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p class="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </>
  );
}
