import type { FeedId } from '@/lib/airport/airport-board';
import { FEED_IDS, SOURCES } from '@/lib/airport/sources/catalog';
import { countMessage, t } from '@/lib/i18n';
import { airportName } from '@/lib/wait-times/airport-names';
import { describedBy, FieldNotes } from './FieldNotes';
import { type FeedDraft, type FeedErrors, feedFieldId } from './feed-form';

interface FeedAddressesProps {
  draft: FeedDraft;
  errors: FeedErrors;
  /** Requests to each feed this month, on this device. */
  calls: Partial<Record<FeedId, number>>;
  onChange: (source: FeedId, url: string) => void;
}

/** The airport a feed serves, as its field is labelled: "Copenhagen Airport (CPH)"; Swedavia's website serves ten. */
function feedLabel(source: FeedId): string {
  if (source === 'swedavia-web') return t('optionsFeedSwedavia');
  const iata = source.toUpperCase();
  return t('sidepanelAirportTitle', airportName(iata) ?? iata, iata);
}

/**
 * "Airport websites": the address of each airport's feed (docs/airport-sources.md#sources), its
 * default shown, with a Reset to it and this month's requests. People behind a corporate proxy or
 * a mirror change one; host access to a site is asked for in the side panel, when its airport is shown.
 */
export function FeedAddresses({ draft, errors, calls, onChange }: FeedAddressesProps) {
  return (
    <fieldset class="feed-addresses">
      <legend>{t('optionsFeedsHeading')}</legend>
      <p class="hint">{t('optionsFeedsIntro')}</p>
      {FEED_IDS.map((source) => {
        const id = feedFieldId(source);
        const label = feedLabel(source);
        const fallback = SOURCES[source].defaultUrl;
        const count = calls[source] ?? 0;
        const hint = `${t('optionsFeedDefault', fallback)} ${t(countMessage(count, 'optionsFeedOneCall', 'optionsFeedCalls'), count)}`;
        return (
          <div class="field feed-field" key={source}>
            <label for={id}>{label}</label>
            <div class="feed-row">
              <input
                id={id}
                type="url"
                value={draft[source]}
                placeholder={fallback}
                autocomplete="off"
                spellcheck={false}
                autoCapitalize="off"
                aria-invalid={errors[source] ? 'true' : undefined}
                aria-describedby={describedBy(id, hint, errors[source])}
                onInput={(event) => onChange(source, event.currentTarget.value)}
              />
              <button
                type="button"
                aria-label={t('optionsFeedResetLabel', label)}
                disabled={draft[source].trim() === fallback}
                onClick={() => onChange(source, fallback)}
              >
                {t('optionsFeedReset')}
              </button>
            </div>
            <FieldNotes id={id} hint={hint} error={errors[source]} />
          </div>
        );
      })}
    </fieldset>
  );
}
