import { useState } from 'preact/hooks';
import { daysText, t, tCount } from '@/lib/i18n';
import type { RequestMade } from '@/lib/requests/request-secret';
import { useFocusOnMount } from '../../use-focus-on-mount';

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * A request just made: its link as text (as the instance returned it and it was checked), "Copy link",
 * and where its answers will show. The link only lets someone send a secret, so it stays on the
 * clipboard: there is nothing in it to clear.
 */
export function RequestLink({ made }: { made: RequestMade }) {
  const [copyState, setCopyState] = useState<CopyState>('idle');
  const copyButton = useFocusOnMount<HTMLButtonElement>();
  const { request } = made;

  async function copy() {
    try {
      await navigator.clipboard.writeText(made.link);
      setCopyState('copied');
    } catch {
      setCopyState('failed');
    }
  }

  return (
    <div class="request-link">
      <p>{t('popupRequestCreated')}</p>
      <p class="link-text">{made.link}</p>
      <div class="row">
        <button type="button" class="primary" ref={copyButton} onClick={() => void copy()}>
          {t('linkCopy')}
        </button>
        <span role="status" class="hint">
          {copyState === 'copied' && t('linkCopied')}
          {copyState === 'failed' && t('linkCopyFailed')}
        </span>
      </div>
      <p class="hint">
        {t(
          'popupRequestOpenFor',
          daysText(request.daysRemaining || request.expireAfterDays),
          tCount(request.expireAfterViews, 'popupRequestOneAnswer', 'popupRequestAnswersCount'),
        )}
      </p>
      <p class="hint">{made.notWatched ? t('popupRequestNotWatched') : t('popupRequestWhereAnswers')}</p>
    </div>
  );
}
