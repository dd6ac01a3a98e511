import { t } from '@/lib/i18n';

export interface AirportShortcutsProps {
  favourites: string[];
  recents: string[];
  current: string | null;
  /** The airport's name for a tooltip, e.g. `Stockholm Arlanda Airport`. */
  nameOf: (iata: string) => string;
  onChoose: (iata: string) => void;
}

/** Favourite and recently viewed airports, one click away. Recent ones that are favourites are not repeated. */
export function AirportShortcuts({ favourites, recents, current, nameOf, onChoose }: AirportShortcutsProps) {
  const recentOnly = recents.filter((iata) => !favourites.includes(iata));
  if (favourites.length === 0 && recentOnly.length === 0) return null;
  const group = (title: string, codes: string[]) =>
    codes.length > 0 && (
      // biome-ignore lint/a11y/useSemanticElements: shortcuts in a nav, not form fields; a fieldset's legend would also leave the flex row where the visible title sits before its chips
      <div class="shortcut-group" role="group" aria-label={title}>
        <span class="shortcut-title" aria-hidden="true">
          {title}
        </span>
        {codes.map((iata) => (
          <button
            type="button"
            key={iata}
            class="chip"
            title={nameOf(iata)}
            aria-current={iata === current ? 'true' : undefined}
            onClick={() => onChoose(iata)}
          >
            {iata}
          </button>
        ))}
      </div>
    );
  return (
    <nav class="shortcuts" aria-label={t('sidepanelShortcutsLabel')}>
      {group(t('sidepanelFavourites'), favourites)}
      {group(t('sidepanelRecent'), recentOnly)}
    </nav>
  );
}
