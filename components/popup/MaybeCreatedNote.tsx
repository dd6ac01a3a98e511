import { browser } from 'wxt/browser';
import { t } from '@/lib/i18n';
import type { Explanation } from '@/lib/share/explain';

/** The Pushes page, in a tab of its own: it lists the tries whose push may exist, and can look again. */
export function openPushesPage(): void {
  void browser.tabs.create({ url: browser.runtime.getURL('/pushes.html') });
}

/**
 * A push that may have been created: never "not pushed". Says what is known, and points to where
 * the person decides: the Pushes page (with a token it looks again there), or the settings for a
 * token to look with (docs/exactly-once.md).
 */
export function MaybeCreatedNote({ explanation }: { explanation: Explanation }) {
  return (
    <div class="note warn maybe-created" role="alert">
      <p class="failure-message">{explanation.message}</p>
      <div class="row">
        <button type="button" onClick={openPushesPage}>
          {t('popupOpenPushesPage')}
        </button>
        {explanation.next === 'open-options' && (
          <button type="button" onClick={() => void browser.runtime.openOptionsPage()}>
            {t('failureOpenOptions')}
          </button>
        )}
      </div>
    </div>
  );
}

/** Without a token nothing can tell whether the first try made the push: asked once before pushing again. */
export function PushAgainQuestion({ onPushAgain }: { onPushAgain: () => void }) {
  return (
    <div class="note warn" role="alert">
      <p class="failure-message">{t('popupPushAgainQuestion')}</p>
      <div class="row">
        <button type="button" class="danger" onClick={onPushAgain}>
          {t('popupPushAgain')}
        </button>
        <button type="button" onClick={openPushesPage}>
          {t('popupOpenPushesPage')}
        </button>
      </div>
    </div>
  );
}
