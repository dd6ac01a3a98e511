import { t } from '@/lib/i18n';

/** The popup's way to the recipient's side: below the push form, out of the way of pushing. */
export function OpenSecretLinkButton({ onClick }: { onClick: () => void }) {
  return (
    <p class="receive-entry">
      <button type="button" class="small" onClick={onClick}>
        {t('receiveEntry')}
      </button>
    </p>
  );
}
