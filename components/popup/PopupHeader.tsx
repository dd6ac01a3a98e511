import type { ComponentChildren } from 'preact';
import { browser } from 'wxt/browser';
import { t } from '@/lib/i18n';
import { OpenWaitTimesButton } from '@/components/airport/OpenWaitTimesButton';

/** The popup's title bar. `children` is the place for later page buttons (pushes, airports). */
export function PopupHeader({ children }: { children?: ComponentChildren }) {
  return (
    <header class="popup-header">
      <h1>{t('extName')}</h1>
      <nav class="popup-nav" aria-label={t('popupNavLabel')}>
        <OpenWaitTimesButton />
        <button
          type="button"
          class="small"
          onClick={() => {
            void browser.tabs.create({ url: browser.runtime.getURL('/pushes.html') }).then(() => window.close());
          }}
        >
          <span aria-hidden="true">☰ </span>
          {t('pushesOpenButton')}
        </button>
        {children}
        {/* Every page button has an icon and a visible word, never an icon alone. Not "Options": the form's disclosure uses that word. */}
        <button type="button" class="small" onClick={() => void browser.runtime.openOptionsPage()}>
          <span aria-hidden="true">⚙ </span>
          {t('popupOptionsPage')}
        </button>
      </nav>
    </header>
  );
}
