import { t } from '@/lib/i18n';

export interface UploadState {
  /** Bytes of all chosen files. */
  total: number;
}

/** "1.2 MB": sizes a person reads at a glance. */
function megabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(1);
}

/**
 * A file push on its way, and "Cancel". Password Pusher answers only after the whole file arrived
 * (docs/password-pusher.md#create), so on a slow line this is the only sign of life. The bar runs
 * without a value: the background uploads the files over fetch, which reports no progress but
 * never follows a redirect (lib/pwpush/client.ts, createPush).
 */
export function UploadProgress({ state, onCancel }: { state: UploadState; onCancel: () => void }) {
  const words = t('popupUploadSending', megabytes(state.total));
  return (
    <div class="upload-progress row">
      <label for="upload-progress">{t('popupUploading')}</label>
      <progress id="upload-progress" aria-valuetext={words} />
      <span class="hint">{words}</span>
      <button type="button" onClick={onCancel}>
        {t('popupUploadCancel')}
      </button>
    </div>
  );
}
