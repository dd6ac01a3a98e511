import { clearClipboardLabel } from '@/lib/browser/clipboard/clear-label';
import { t } from '@/lib/i18n';
import { CLEAR_CLIPBOARD_CHOICES, type ClearClipboardSeconds } from '@/lib/settings';
import { CheckboxField } from './CheckboxField';
import { describedBy, FieldNotes } from './FieldNotes';
import { type ClipboardReadState, useClipboardReadPermission } from './useClipboardReadPermission';

interface ClearClipboardFieldProps {
  value: ClearClipboardSeconds;
  onChange: (value: ClearClipboardSeconds) => void;
  /** Copied links of pushes without a passphrase are cleared too (lib/settings/privacy.ts). */
  links: boolean;
  onLinksChange: (links: boolean) => void;
}

const ID = 'clear-clipboard-after';
const NOTE_ID = `${ID}-permission`;

/**
 * "Clear copied secrets after": how long a retrieved secret that was copied stays on the clipboard
 * (lib/browser/clipboard/clearer.ts). Clearing needs permission to read the clipboard, asked for
 * here and only when clearing is on: when it is switched on, or with the button beside the reason.
 * Beside it, whether copied links of pushes without a passphrase are cleared too.
 */
export function ClearClipboardField({ value, onChange, links, onLinksChange }: ClearClipboardFieldProps) {
  const hint = t('optionsClearClipboardHint');
  const permission = useClipboardReadPermission();
  const note = value === 0 ? null : permissionNote(permission.state);

  function choose(seconds: ClearClipboardSeconds) {
    // Asked before anything else: the browser shows its prompt only within the person's gesture.
    if (seconds > 0 && permission.state !== 'held' && permission.state !== 'asking') permission.ask();
    onChange(seconds);
  }

  return (
    <>
      <div class="field">
        <label for={ID}>{t('optionsClearClipboard')}</label>
        <select
          id={ID}
          value={String(value)}
          aria-describedby={[describedBy(ID, hint), note && NOTE_ID].filter(Boolean).join(' ') || undefined}
          onChange={(event) => choose(Number(event.currentTarget.value) as ClearClipboardSeconds)}
        >
          {CLEAR_CLIPBOARD_CHOICES.map((seconds) => (
            <option key={seconds} value={String(seconds)}>
              {clearClipboardLabel(seconds)}
            </option>
          ))}
        </select>
        <FieldNotes id={ID} hint={hint} />
        {note && (
          <div class="permission-note">
            <p class="hint" id={NOTE_ID}>
              {note}
            </p>
            <button type="button" aria-describedby={NOTE_ID} onClick={permission.ask}>
              {t('optionsClearClipboardAllow')}
            </button>
          </div>
        )}
        {value > 0 && permission.state === 'asking' && (
          <p class="hint" role="status">
            {t('optionsWaitingForPermission')}
          </p>
        )}
      </div>
      <CheckboxField
        id="clear-copied-links"
        label={t('optionsClearCopiedLinks')}
        hint={t('optionsClearCopiedLinksHint')}
        checked={links}
        onChange={onLinksChange}
      />
    </>
  );
}

function permissionNote(state: ClipboardReadState): string | null {
  if (state === 'missing') return t('optionsClearClipboardNeedsPermission');
  if (state === 'declined') return t('optionsClearClipboardDeclined');
  return null;
}
