import { useEffect, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { whatsNew, type WhatsNewNote } from '@/lib/settings/whats-new';
import { inlineParts, type InlinePart, type ShownVersion } from '@/lib/whats-new/changelog';
import { markWhatsNewSeen } from '@/lib/whats-new/update';
import { whatsNewVersions } from './whats-new-text';

interface Shown {
  note: WhatsNewNote;
  /** Not yet seen when the page opened: shown open, at the top, where the toolbar's dot sent the person. */
  fresh: boolean;
  versions: ShownVersion[];
}

/**
 * "What's new" after an update that brought new behaviour (lib/whats-new/update.ts): the
 * changelog's entries since the version the person had, this package's only, in their language where
 * it is translated. Shown here, it is seen: the toolbar icon's dot goes, in every package (its settings
 * page is where the dot leads). Once seen it stays, folded, until the next such update. CHANGELOG.md's
 * marks become text and inline elements; nothing in it is read as HTML.
 */
export function WhatsNew() {
  const [shown, setShown] = useState<Shown | null>(null);
  useEffect(() => {
    void (async () => {
      const note = await whatsNew.getValue();
      if (!note) return;
      const versions = await whatsNewVersions(note, t('pageLanguage'));
      // Nothing for this package (a note from before its entries were its own): no section, and no dot
      // left that would lead nowhere.
      if (versions.length > 0) setShown({ note, fresh: !note.seen, versions });
      await markWhatsNewSeen();
    })();
  }, []);
  if (!shown) return null;
  const { note, fresh, versions } = shown;
  const page = t('pageLanguage');
  return (
    <section class="whats-new" aria-labelledby="whats-new-heading">
      <details open={fresh}>
        <summary>
          <h2 id="whats-new-heading">{t('whatsNewHeading', t('extName'), note.version)}</h2>
        </summary>
        <p class="hint">{t('whatsNewSince', note.since)}</p>
        {versions.map(({ version, entries, lang }) => (
          <section key={version} aria-labelledby={`whats-new-${version}`}>
            <h3 id={`whats-new-${version}`}>{version}</h3>
            {lang !== page && <p class="hint">{t('whatsNewInEnglish')}</p>}
            <ul lang={lang}>
              {entries.map((entry) => (
                <li key={entry}>{inlineParts(entry).map(drawPart)}</li>
              ))}
            </ul>
          </section>
        ))}
      </details>
    </section>
  );
}

function drawPart({ kind, text }: InlinePart, index: number) {
  if (kind === 'strong') return <strong key={index}>{text}</strong>;
  if (kind === 'em') return <em key={index}>{text}</em>;
  if (kind === 'code') return <code key={index}>{text}</code>;
  return text;
}
