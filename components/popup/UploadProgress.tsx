import { t } from '@/lib/i18n';

export interface UploadState {
  sent: number;
  total: number;
}

/** "1.2 MB": sizes a person reads at a glance. */
function megabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(1);
}

/**
 * A file push on its way: how much has gone, and "Cancel". Password Pusher answers only after the
 * whole file arrived (pwpush-versions.md, Create), so on a slow line this is the only sign of life.
 */
export function UploadProgress({ state, onCancel }: { state: UploadState; onCancel: () => void }) {
  const { sent, total } = state;
  const percent = total > 0 ? Math.floor((sent / total) * 100) : 0;
  const words = t('popupUploadProgress', megabytes(sent), megabytes(total), percent);
  return (
    <div class="upload-progress row">
      <label for="upload-progress">{t('popupUploading')}</label>
      <progress id="upload-progress" max={Math.max(total, 1)} value={sent} aria-valuetext={words} />
      <span class="hint">{words}</span>
      <button type="button" onClick={onCancel}>
        {t('popupUploadCancel')}
      </button>
    </div>
  );
}
