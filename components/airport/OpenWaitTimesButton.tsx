import { useEffect } from 'preact/hooks';
import { openSidePanel, rememberCurrentWindow } from '@/lib/open-side-panel';
import { t } from '@/lib/i18n';

/** The popup's way to the wait-time side panel. The popup closes once the panel is open. */
export function OpenWaitTimesButton() {
  useEffect(() => {
    // Fetched now, not on click: the click's user gesture would not survive the `await`.
    void rememberCurrentWindow();
  }, []);
  return (
    <button
      type="button"
      class="small"
      onClick={() => {
        void openSidePanel().then((opened) => {
          if (opened) window.close();
        });
      }}
    >
      <span aria-hidden="true">✈ </span>
      {t('sidepanelOpenButton')}
    </button>
  );
}
