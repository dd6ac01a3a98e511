import { useEffect, useState } from 'preact/hooks';
import { airportDate, normalizeFlight, type MyFlight } from '@/lib/airport/flight';
import { t } from '@/lib/i18n';

export interface FlightFormProps {
  iata: string;
  /** The flight remembered for this airport, if any. */
  current: MyFlight | null;
  now: number;
  onChoose: (flight: MyFlight) => void;
  onForget: () => void;
}

/**
 * "My flight": a flight number ("SK 1415" or "sk1415", sent as SK1415) and its date at the
 * airport, today unless changed, tomorrow one click away. A number that cannot be one is refused
 * here, with nothing sent (each request costs from the monthly quota).
 */
export function FlightForm({ iata, current, now, onChoose, onForget }: FlightFormProps) {
  const today = airportDate(now);
  const tomorrow = airportDate(now, 1);
  const [text, setText] = useState(current?.flight ?? '');
  const [date, setDate] = useState(current?.date ?? today);
  const [problem, setProblem] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: resets the fields when the remembered flight or the airport (`iata`, the trigger, not read) changes; `today` is taken at that moment, and midnight passing must not wipe what is being typed
  useEffect(() => {
    setText(current?.flight ?? '');
    setDate(current?.date ?? today);
    setProblem(null);
  }, [current?.flight, current?.date, iata]);

  function submit(event: Event) {
    event.preventDefault();
    const check = normalizeFlight(text);
    if (!check.ok) return setProblem(t(check.reason === 'empty' ? 'sidepanelFlightEmpty' : 'airportFlightFormat'));
    if (!date || date < today) return setProblem(t('sidepanelFlightDatePast'));
    setProblem(null);
    setText(check.flight);
    onChoose({ iata, flight: check.flight, date });
  }

  return (
    <form class="flight-form" noValidate onSubmit={submit}>
      <div class="flight-row">
        <div class="flight-field">
          <label for="flight-number">{t('sidepanelFlightLabel')}</label>
          <input
            id="flight-number"
            type="text"
            value={text}
            placeholder="SK 1415"
            autocomplete="off"
            autocapitalize="characters"
            spellcheck={false}
            aria-invalid={problem ? 'true' : undefined}
            aria-describedby={problem ? 'flight-hint flight-error' : 'flight-hint'}
            onInput={(event) => {
              setText(event.currentTarget.value);
              if (problem) setProblem(null);
            }}
          />
        </div>
        <div class="flight-field">
          <label for="flight-date">{t('sidepanelFlightDate')}</label>
          <input id="flight-date" type="date" value={date} min={today} onInput={(event) => setDate(event.currentTarget.value)} />
        </div>
      </div>
      <div class="flight-actions">
        <button type="button" aria-pressed={date === tomorrow} onClick={() => setDate(date === tomorrow ? today : tomorrow)}>
          {t('sidepanelFlightTomorrow')}
        </button>
        <button type="submit">{t('sidepanelFlightShow')}</button>
        {current && (
          <button type="button" onClick={onForget}>
            {t('sidepanelFlightForget')}
          </button>
        )}
      </div>
      <p id="flight-hint" class="hint">
        {t('sidepanelFlightHint')}
      </p>
      {problem && (
        <p id="flight-error" class="field-error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
