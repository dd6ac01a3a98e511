import { useEffect, useRef } from 'preact/hooks';
import { t } from '@/lib/i18n';
import './expire-dialog.css';

interface DialogActions {
  busy: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** The owner's push, named: "“name” stops working at once…". */
interface NamedPush {
  name: string;
}

/** The sentence itself, for one who knows no name: the recipient's view. */
interface OwnText {
  text: string;
}

type ExpireDialogProps = DialogActions & (NamedPush | OwnText);

/**
 * "Expire this push?" as a modal dialog. Shown while mounted; the focus starts on Cancel, the
 * safe choice, and Escape cancels. The caller puts the focus back where it was. While the
 * request runs the buttons stay focusable but do nothing (a disabled button would drop the focus).
 */
export function ExpireDialog(props: ExpireDialogProps) {
  const { busy, onConfirm, onCancel } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const element = dialog.current!;
    if (!element.open) element.showModal();
    cancel.current?.focus();
    return () => {
      if (element.open) element.close();
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      class="expire-dialog"
      aria-labelledby="expire-dialog-title"
      aria-describedby="expire-dialog-text"
      onCancel={(event) => {
        // Escape: close through the caller, which also returns the focus.
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <h2 id="expire-dialog-title">{t('pushesExpireTitle')}</h2>
      <p id="expire-dialog-text">{'text' in props ? props.text : t('pushesExpireText', props.name)}</p>
      <div class="row dialog-actions">
        <button type="button" class="primary danger" aria-disabled={busy} aria-busy={busy} onClick={() => !busy && onConfirm()}>
          {busy ? t('pushesExpiring') : t('pushesExpireConfirm')}
        </button>
        <button type="button" ref={cancel} aria-disabled={busy} onClick={() => !busy && onCancel()}>
          {t('pushesCancel')}
        </button>
      </div>
    </dialog>
  );
}
