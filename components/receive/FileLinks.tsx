import type { PushFile } from '@/lib/pwpush/types';
import { t } from '@/lib/i18n';
import { isWebUrl } from '@/lib/web-url';

/**
 * A file push's attachments as download links. The URLs are signed and short-lived (about five
 * minutes, reference §3), so they are shown, never kept.
 */
export function FileLinks({ files }: { files: PushFile[] }) {
  const links = files
    .filter((file) => isWebUrl(file.url))
    .map((file) => ({ url: file.url, name: file.filename || t('receiveFilesHeading') }));
  if (links.length === 0) return null;
  return (
    <section class="receive-files" aria-labelledby="receive-files-heading">
      <h3 id="receive-files-heading">{t('receiveFilesHeading')}</h3>
      <ul>
        {links.map((link) => (
          <li key={link.url}>
            {/* A new tab: following the link in the popup itself would close what is shown. */}
            <a href={link.url} download={link.name} target="_blank" rel="noopener noreferrer">
              {link.name}
            </a>
          </li>
        ))}
      </ul>
      <p class="hint">{t('receiveFilesHint')}</p>
    </section>
  );
}
