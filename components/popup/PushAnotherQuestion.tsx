import { t } from '@/lib/i18n';
import { useFocusOnMount } from '../use-focus-on-mount';

interface PushAnotherQuestionProps {
  onPushAnother: () => void;
  onCancel: () => void;
}

/** Asked before "Push another" discards a passphrase that was neither shown nor copied. */
export function PushAnotherQuestion({ onPushAnother, onCancel }: PushAnotherQuestionProps) {
  const keep = useFocusOnMount<HTMLButtonElement>();
  return (
    <div class="note warn">
      <p id="push-another-question">{t('linkPassphraseUnseen')}</p>
      <div class="row">
        <button type="button" class="primary" ref={keep} onClick={onCancel}>
          {t('linkPassphraseKeep')}
        </button>
        <button type="button" onClick={onPushAnother}>
          {t('linkPassphraseDiscard')}
        </button>
      </div>
    </div>
  );
}
