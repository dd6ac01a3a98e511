import { browser } from 'wxt/browser';
import type { Explanation } from '@/lib/share/explain';
import { t } from '@/lib/i18n';

/**
 * A failure said in words, announced at once (`role="alert"`), with the one action that fixes
 * it when that action is "open the options" (wrong token, wrong instance, not set up).
 */
export function FailureNote({ explanation }: { explanation: Explanation }) {
  return (
    <div class="note error" role="alert">
      <p class="failure-message">{explanation.message}</p>
      {explanation.next === 'open-options' && (
        <button type="button" onClick={() => void browser.runtime.openOptionsPage()}>
          {t('failureOpenOptions')}
        </button>
      )}
    </div>
  );
}
