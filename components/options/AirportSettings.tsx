import { t } from '@/lib/i18n';
import { AIRPORT_FIELD_IDS, callsPerMonth, MONTHLY_QUOTA, REFRESH_RANGE, type AirportDraft, type AirportErrors } from './airport-form';
import type { Feedback } from './check-feedback';
import type { FeedId } from '@/lib/airport/airport-board';
import { FeedAddresses } from './FeedAddresses';
import { describedBy, FieldNotes } from './FieldNotes';
import { NumberField } from './NumberField';
import { SaveFeedback } from './SaveFeedback';
import { SecretField } from './SecretField';
import { UrlField } from './UrlField';

interface AirportSettingsProps {
  draft: AirportDraft;
  errors: AirportErrors;
  /** The origin whose keys were emptied when the URL changed, or null. */
  keysClearedFor?: string | null;
  /** The Test button's own outcome, shown next to it. */
  testFeedback: Feedback;
  /** Requests counted this month on this device. */
  calls: number;
  /** Requests to each airport website this month, on this device. */
  feedCalls?: Partial<Record<FeedId, number>>;
  onChange: (change: Partial<AirportDraft>) => void;
  /** Tries the typed URL and keys; must ask for the host permission inside the click. */
  onTest: () => void;
  /** The organisation's policy sets the API's address (`airportApiUrl`). */
  managedUrl?: boolean;
}

const IDS = AIRPORT_FIELD_IDS;

/** The airport section: Swedavia's API, the subscription keys, how the side panel behaves, and the airports' own websites. */
export function AirportSettings({
  draft,
  errors,
  keysClearedFor = null,
  testFeedback,
  calls,
  feedCalls = {},
  onChange,
  onTest,
  managedUrl = false,
}: AirportSettingsProps) {
  const minutes = Number(draft.refreshMinutes);
  const overQuota = Number.isInteger(minutes) && minutes >= REFRESH_RANGE.min && callsPerMonth(minutes) > MONTHLY_QUOTA;
  return (
    <section aria-labelledby="airport-heading">
      {/* The section is named without the mark; the mark is seen and heard with the heading. */}
      <h2>
        <span id="airport-heading">{t('optionsAirportHeading')}</span> <span class="optional-mark">{t('optionsOptionalMark')}</span>
      </h2>
      <p class="hint">{t('optionsAirportIntro')}</p>
      <UrlField
        id={IDS.url}
        label={t('optionsAirportUrl')}
        hint={t('optionsAirportUrlHint')}
        placeholder="https://api.swedavia.se"
        autocomplete="off"
        value={draft.url}
        error={errors.url}
        onInput={(url) => onChange({ url })}
        managed={managedUrl}
      />
      {keysClearedFor && (
        <p class="note warn" id="airport-keys-cleared">
          {t('optionsAirportKeysCleared', keysClearedFor)}
        </p>
      )}
      <SecretField
        id={IDS.primaryKey}
        label={t('optionsAirportKey')}
        hint={t('optionsAirportKeyHint')}
        showLabel={t('optionsAirportShowKey')}
        hideLabel={t('optionsAirportHideKey')}
        value={draft.primaryKey}
        error={errors.primaryKey}
        onInput={(primaryKey) => onChange({ primaryKey })}
      />
      <SecretField
        id={IDS.secondaryKey}
        label={t('optionsAirportSecondaryKey')}
        hint={t('optionsAirportSecondaryKeyHint')}
        showLabel={t('optionsAirportShowSecondaryKey')}
        hideLabel={t('optionsAirportHideSecondaryKey')}
        value={draft.secondaryKey}
        error={errors.secondaryKey}
        onInput={(secondaryKey) => onChange({ secondaryKey })}
      />
      <SecretField
        id={IDS.infoKey}
        label={t('optionsAirportInfoKey')}
        hint={t('optionsAirportInfoKeyHint')}
        showLabel={t('optionsAirportShowInfoKey')}
        hideLabel={t('optionsAirportHideInfoKey')}
        value={draft.infoKey}
        error={errors.infoKey}
        onInput={(infoKey) => onChange({ infoKey })}
      />
      <div class="field">
        <label for={IDS.defaultAirport}>{t('optionsAirportDefault')}</label>
        <input
          id={IDS.defaultAirport}
          type="text"
          value={draft.defaultAirport}
          placeholder="ARN"
          autocomplete="off"
          spellcheck={false}
          autoCapitalize="characters"
          aria-invalid={errors.defaultAirport ? 'true' : undefined}
          aria-describedby={describedBy(IDS.defaultAirport, t('optionsAirportDefaultHint'), errors.defaultAirport)}
          onInput={(event) => onChange({ defaultAirport: event.currentTarget.value })}
        />
        <FieldNotes id={IDS.defaultAirport} hint={t('optionsAirportDefaultHint')} error={errors.defaultAirport} />
      </div>
      <NumberField
        id={IDS.refreshMinutes}
        label={t('optionsAirportRefresh')}
        hint={t('optionsAirportRefreshHint')}
        value={draft.refreshMinutes}
        min={REFRESH_RANGE.min}
        max={REFRESH_RANGE.max}
        error={errors.refreshMinutes}
        onInput={(refreshMinutes) => onChange({ refreshMinutes })}
      />
      {overQuota && <p class="note warn">{t('optionsAirportOverQuota', callsPerMonth(minutes))}</p>}
      <p class="hint">{t('optionsAirportCallsThisMonth', calls)}</p>
      <div class="field airport-test">
        <button type="button" aria-describedby="airport-test-hint" onClick={onTest}>
          {t('optionsAirportTest')}
        </button>
        <p class="hint" id="airport-test-hint">
          {t('optionsAirportTestHint')}
        </p>
        <SaveFeedback feedback={testFeedback} class="test-outcome" />
      </div>
      <FeedAddresses
        draft={draft.feedUrls}
        errors={errors.feeds ?? {}}
        calls={feedCalls}
        onChange={(source, url) => onChange({ feedUrls: { ...draft.feedUrls, [source]: url } })}
      />
    </section>
  );
}
