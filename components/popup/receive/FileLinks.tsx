import type { PushFile } from '@/lib/pwpush/types';
import { checkSecretUrl } from '@/lib/pwpush/secret-url';
import { t } from '@/lib/i18n';
import { ServerText } from '../../ServerText';

/**
 * A file push's attachments as download links. The URLs are signed and short-lived (about five
 * minutes, docs/password-pusher.md#push-json), so they are shown, never kept. Only links on the
 * instance's own host are shown (`/pfb/blobs/redirect/…`; the instance redirects to its storage
 * from there), checked as the secret links are: a hostile or tampered answer could otherwise offer
 * a download from a look-alike site under the push's trusted heading. The rest are counted, so the
 * person knows a file was held back.
 */
export function FileLinks({ files, instanceUrl }: { files: PushFile[]; instanceUrl: string }) {
  const links = files.flatMap((file) => {
    const checked = checkSecretUrl(file.url, instanceUrl);
    return checked.ok ? [{ url: checked.value, name: file.filename || t('receiveFilesHeading') }] : [];
  });
  const refused = files.length - links.length;
  if (files.length === 0) return null;
  const host = new URL(instanceUrl).host;
  return (
    <section class="receive-files" aria-labelledby="receive-files-heading">
      <h3 id="receive-files-heading">{t('receiveFilesHeading')}</h3>
      {links.length > 0 && (
        <ul>
          {links.map((link) => (
            <li key={link.url}>
              {/* A new tab: following the link in the popup itself would close what is shown. */}
              <a href={link.url} download={link.name} target="_blank" rel="noopener noreferrer">
                <ServerText text={link.name} />
              </a>
            </li>
          ))}
        </ul>
      )}
      {refused > 0 && <p class="note warn">{refused === 1 ? t('receiveFileRefusedOne', host) : t('receiveFilesRefused', refused, host)}</p>}
      {links.length > 0 && <p class="hint">{t('receiveFilesHint')}</p>}
    </section>
  );
}
