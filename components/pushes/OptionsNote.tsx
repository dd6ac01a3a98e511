import { browser } from 'wxt/browser';
import { t } from '@/lib/i18n';

/** A state rather than a failure (no instance, no token): says what is missing and opens the options. */
export function OptionsNote({ message }: { message: string }) {
  return (
    <div class="note warn">
      <p>{message}</p>
      <button type="button" onClick={() => void browser.runtime.openOptionsPage()}>
        {t('pushesOpenOptions')}
      </button>
    </div>
  );
}
