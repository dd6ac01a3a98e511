import { browser } from 'wxt/browser';
import { t } from '@/lib/i18n';

/** Shown instead of the form until an instance is chosen in the options. */
export function NotConfigured() {
  return (
    <section class="not-configured">
      <p>{t('popupNotConfigured')}</p>
      <button type="button" class="primary" onClick={() => void browser.runtime.openOptionsPage()}>
        {t('failureOpenOptions')}
      </button>
    </section>
  );
}
