import { useEffect } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { openSidePanel, rememberCurrentWindow } from '@/lib/browser/side-panel';

/**
 * The first run's word on the other half of Pushgate: airport security wait times work without any
 * key or account, from Swedavia's website for Swedish airports and from each other airport's own
 * (lib/airport/sources/), its website asked for once when first shown.
 */
export function AirportNote() {
  // Fetched now: the click's user gesture would not survive an await (lib/browser/side-panel.ts).
  useEffect(() => void rememberCurrentWindow(), []);
  return (
    <section class="welcome-airport" aria-labelledby="airport-heading">
      <h2 id="airport-heading">{t('welcomeAirportHeading')}</h2>
      <p>{t('welcomeAirportText')}</p>
      <p>{t('welcomeAirportSources')}</p>
      <button type="button" onClick={() => void openSidePanel()}>
        <span aria-hidden="true">✈ </span>
        {t('sidepanelOpenButton')}
      </button>
    </section>
  );
}
