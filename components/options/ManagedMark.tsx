import { t } from '@/lib/i18n';

/**
 * "Set by your organisation", under a setting the organisation's policy locks (lib/settings/managed.ts).
 * Its id (`<control id>-managed`) is in the control's `aria-describedby`, so a screen reader says
 * why the control cannot be changed.
 */
export function ManagedMark({ id }: { id: string }) {
  return (
    <p class="managed-mark" id={`${id}-managed`}>
      <span aria-hidden="true">🔒 </span>
      {t('optionsManagedMark')}
    </p>
  );
}
