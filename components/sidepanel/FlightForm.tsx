import { useEffect, useState } from 'preact/hooks';
import { airportDate, normalizeFlight, type MyFlight } from '@/lib/airport/flight';
import { t } from '@/lib/i18n';
import { isDepartureTime } from '@/lib/wait-times/leave-by';

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
 * airport, today unless changed, tomorrow one click away, and optionally its departure time on
 * Stockholm's clock (for "leave by", ./LeaveBy.tsx; it is not sent). A number that cannot be one
 * is refused here, with nothing sent (each request costs from the monthly quota).
 */
export function FlightForm({ iata, current, now, onChoose, onForget }: FlightFormProps) {
  const today = airportDate(now);
  const tomorrow = airportDate(now, 1);
  const [text, setText] = useState(current?.flight ?? '');
  const [date, setDate] = useState(current?.date ?? today);
  const [departs, setDeparts] = useState(current?.departs ?? '');
  const [problem, setProblem] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: resets the fields when the remembered flight or the airport (`iata`, the trigger, not read) changes; `today` is taken at that moment, and midnight passing must not wipe what is being typed
  useEffect(() => {
    setText(current?.flight ?? '');
    setDate(current?.date ?? today);
    setDeparts(current?.departs ?? '');
    setProblem(null);
  }, [current?.flight, current?.date, current?.departs, iata]);

  function submit(event: Event) {
    event.preventDefault();
    const check = normalizeFlight(text);
    if (!check.ok) return setProblem(t(check.reason === 'empty' ? 'sidepanelFlightEmpty' : 'airportFlightFormat'));
    if (!date || date < today) return setProblem(t('sidepanelFlightDatePast'));
    setProblem(null);
    setText(check.flight);
    // A time field gives `HH:MM`, or `HH:MM:SS` where the browser offers seconds: the minute is enough.
    const time = departs.slice(0, 5);
    onChoose(isDepartureTime(time) ? { iata, flight: check.flight, date, departs: time } : { iata, flight: check.flight, date });
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
        <div class="flight-field flight-departs">
          <label for="flight-departs">{t('sidepanelFlightDeparts')}</label>
          <input
            id="flight-departs"
            type="time"
            value={departs}
            aria-describedby="flight-departs-hint"
            onInput={(event) => setDeparts(event.currentTarget.value)}
          />
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
      <p id="flight-departs-hint" class="hint">
        {t('sidepanelFlightDepartsHint')}
      </p>
      {problem && (
        <p id="flight-error" class="field-error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
