import { clearClipboardLabel } from '@/lib/browser/clipboard/clear-label';
import { t } from '@/lib/i18n';
import { CLEAR_CLIPBOARD_CHOICES, type ClearClipboardSeconds } from '@/lib/settings';
import { describedBy, FieldNotes } from './FieldNotes';

interface ClearClipboardFieldProps {
  value: ClearClipboardSeconds;
  onChange: (value: ClearClipboardSeconds) => void;
}

const ID = 'clear-clipboard-after';

/** "Clear copied secrets after": how long a retrieved secret that was copied stays on the clipboard (lib/browser/clipboard/clearer.ts). */
export function ClearClipboardField({ value, onChange }: ClearClipboardFieldProps) {
  const hint = t('optionsClearClipboardHint');
  return (
    <div class="field">
      <label for={ID}>{t('optionsClearClipboard')}</label>
      <select
        id={ID}
        value={String(value)}
        aria-describedby={describedBy(ID, hint)}
        onChange={(event) => onChange(Number(event.currentTarget.value) as ClearClipboardSeconds)}
      >
        {CLEAR_CLIPBOARD_CHOICES.map((seconds) => (
          <option key={seconds} value={String(seconds)}>
            {clearClipboardLabel(seconds)}
          </option>
        ))}
      </select>
      <FieldNotes id={ID} hint={hint} />
    </div>
  );
}
