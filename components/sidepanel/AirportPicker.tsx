import { useEffect, useRef, useState } from 'preact/hooks';
import { airportLabel } from '@/lib/airport/board';
import { iataProblemText } from '@/lib/wait-times/format';
import { normalizeIata } from '@/lib/airport/iata';
import type { Airport } from '@/lib/airport/types';
import { t } from '@/lib/i18n';
import { airportCity, airportName } from '@/lib/wait-times/airport-names';
import { AIRPORT_CATALOG } from '@/lib/airport/sources/catalog';

/** "Copenhagen Airport (Copenhagen)": the name, and the city where the name does not say it. */
function suggestionLabel(airport: Airport, lang: string): string {
  const name = airportLabel(airport, lang);
  const city = airportCity(airport.iata);
  return city && !name.toLowerCase().includes(city.toLowerCase()) ? `${name} (${city})` : name;
}

/**
 * The one airport a name or a city typed in the person's language stands for ("Köpenhamn" → CPH),
 * or null when none or several do (Stockholm has two).
 */
function codeOfName(text: string): string | null {
  const wanted = text.trim().toLocaleLowerCase();
  if (wanted.length < 3) return null;
  const matches = AIRPORT_CATALOG.filter(({ iata }) =>
    [airportName(iata), airportCity(iata)].some((word) => word?.toLocaleLowerCase() === wanted),
  );
  return matches.length === 1 ? matches[0]!.iata : null;
}

export interface AirportPickerProps {
  /** The airport shown now; the field follows it when a shortcut is used. */
  current: string | null;
  /** Suggestions (code and name); may be empty. */
  airports: readonly Airport[];
  lang: string;
  onChoose: (iata: string) => void;
}

/**
 * The "Airport" field: three letters in any case, shown upper case, or an airport's name or city,
 * with suggestions of every airport Pushgate has a source for (code, name and city in the person's
 * language). Anything else is refused here with a message, and nothing is sent.
 */
export function AirportPicker({ current, airports, lang, onChoose }: AirportPickerProps) {
  const [text, setText] = useState(current ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (current) setText(current);
    setProblem(null);
  }, [current]);

  // No board to read yet: the one thing to do is type an airport code.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the panel opens without an airport; an airport cleared later must not take the focus to the field
  useEffect(() => {
    if (!current) input.current?.focus();
  }, []);

  function choose(value: string) {
    const named = codeOfName(value);
    const check = normalizeIata(named ?? value);
    if (!check.ok) {
      setProblem(iataProblemText(check.reason));
      input.current?.focus();
      return;
    }
    setProblem(null);
    setText(check.iata);
    onChoose(check.iata);
  }

  function onInput(event: Event) {
    const field = event.currentTarget as HTMLInputElement;
    const { selectionStart, selectionEnd } = field;
    const upper = field.value.toUpperCase();
    // Upper case as typed, with the caret left where it was.
    if (upper !== field.value) {
      field.value = upper;
      if (selectionStart !== null && selectionEnd !== null) field.setSelectionRange(selectionStart, selectionEnd);
    }
    setText(upper);
    if (problem) setProblem(null);
    // Picking a suggestion from the list is a choice; typing is not, until Show or Enter.
    if ((event as InputEvent).inputType === 'insertReplacementText') choose(upper);
  }

  return (
    <form
      class="airport-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        choose(text);
      }}
    >
      <label for="airport-code">{t('sidepanelAirportLabel')}</label>
      <div class="airport-row">
        <input
          ref={input}
          id="airport-code"
          type="text"
          value={text}
          onInput={onInput}
          list="airport-suggestions"
          autocomplete="off"
          autocapitalize="characters"
          spellcheck={false}
          aria-invalid={problem ? 'true' : undefined}
          aria-describedby={problem ? 'airport-code-hint airport-code-error' : 'airport-code-hint'}
        />
        <button type="submit" class="primary">
          {t('sidepanelShow')}
        </button>
      </div>
      <p id="airport-code-hint" class="hint">
        {t('sidepanelAirportHint')}
      </p>
      {problem && (
        <p id="airport-code-error" class="field-error" role="alert">
          {problem}
        </p>
      )}
      <datalist id="airport-suggestions">
        {airports.map((airport) => (
          <option key={airport.iata} value={airport.iata}>
            {suggestionLabel(airport, lang)}
          </option>
        ))}
      </datalist>
    </form>
  );
}
