import { useEffect, useState } from 'preact/hooks';
import { airportDate, normalizeFlight, type MyFlight } from '@/lib/airport/flight';
import { gateText, readGate } from '@/lib/airport/gates';
import { t } from '@/lib/i18n';
import { isDepartureTime } from '@/lib/wait-times/leave-by';

/**
 * What My flight asks besides the flight, by what the source can tell: Swedavia's API answers per
 * flight; Frankfurt lists the gates behind each checkpoint; elsewhere the terminal's longest queue
 * counts (`terminals`: those the board names, none for an airport without terminals).
 */
export type FlightFormMode = { kind: 'per-flight' } | { kind: 'gate' } | { kind: 'terminal'; terminals: string[] };

export interface FlightFormProps {
  iata: string;
  /** The flight remembered for this airport, if any. */
  current: MyFlight | null;
  now: number;
  /** The airport's zone: "today" and the departure are on its clock. */
  timeZone: string;
  mode: FlightFormMode;
  onChoose: (flight: MyFlight) => void;
  onForget: () => void;
}

/**
 * "My flight": a flight number ("SK 1415" or "sk1415", sent as SK1415 where Swedavia's API is asked
 * about it) and its date at the airport, today unless changed, tomorrow one click away, optionally
 * its departure time on the airport's clock (for "leave by", ./LeaveBy.tsx; never sent), and, where
 * the feed names no flight's checkpoint, its gate (Frankfurt) or terminal. A number that cannot be
 * one is refused here, with nothing sent (each API request costs from the monthly quota).
 */
export function FlightForm({ iata, current, now, timeZone, mode, onChoose, onForget }: FlightFormProps) {
  const today = airportDate(now, 0, timeZone);
  const tomorrow = airportDate(now, 1, timeZone);
  const [text, setText] = useState(current?.flight ?? '');
  const [date, setDate] = useState(current?.date ?? today);
  const [departs, setDeparts] = useState(current?.departs ?? '');
  const [gate, setGate] = useState(current?.gate ?? '');
  const [terminal, setTerminal] = useState(current?.terminal ?? '');
  const [problem, setProblem] = useState<{ field: 'flight' | 'gate'; message: string } | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: resets the fields when the remembered flight or the airport (`iata`, the trigger, not read) changes; `today` is taken at that moment, and midnight passing must not wipe what is being typed
  useEffect(() => {
    setText(current?.flight ?? '');
    setDate(current?.date ?? today);
    setDeparts(current?.departs ?? '');
    setGate(current?.gate ?? '');
    setTerminal(current?.terminal ?? '');
    setProblem(null);
  }, [current?.flight, current?.date, current?.departs, current?.gate, current?.terminal, iata]);

  function submit(event: Event) {
    event.preventDefault();
    const check = normalizeFlight(text);
    if (!check.ok)
      return setProblem({ field: 'flight', message: t(check.reason === 'empty' ? 'sidepanelFlightEmpty' : 'airportFlightFormat') });
    if (!date || date < today) return setProblem({ field: 'flight', message: t('sidepanelFlightDatePast') });
    const typedGate = gate.trim() ? readGate(gate) : null;
    if (mode.kind === 'gate' && gate.trim() && !typedGate) return setProblem({ field: 'gate', message: t('sidepanelFlightGateInvalid') });
    setProblem(null);
    setText(check.flight);
    const chosen: MyFlight = { iata, flight: check.flight, date };
    // A time field gives `HH:MM`, or `HH:MM:SS` where the browser offers seconds: the minute is enough.
    const time = departs.slice(0, 5);
    if (isDepartureTime(time)) chosen.departs = time;
    if (mode.kind === 'gate' && typedGate) chosen.gate = gateText(typedGate);
    if (mode.kind === 'terminal' && terminal && mode.terminals.includes(terminal)) chosen.terminal = terminal;
    onChoose(chosen);
  }

  const flightError = problem?.field === 'flight';
  const gateError = problem?.field === 'gate';
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
            aria-invalid={flightError ? 'true' : undefined}
            aria-describedby={flightError ? 'flight-hint flight-error' : 'flight-hint'}
            onInput={(event) => {
              setText(event.currentTarget.value);
              if (flightError) setProblem(null);
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
        {mode.kind === 'gate' && (
          <div class="flight-field flight-gate">
            <label for="flight-gate">{t('sidepanelFlightGate')}</label>
            <input
              id="flight-gate"
              type="text"
              value={gate}
              placeholder="A26"
              autocomplete="off"
              autocapitalize="characters"
              spellcheck={false}
              aria-invalid={gateError ? 'true' : undefined}
              aria-describedby={gateError ? 'flight-gate-hint flight-error' : 'flight-gate-hint'}
              onInput={(event) => {
                setGate(event.currentTarget.value);
                if (gateError) setProblem(null);
              }}
            />
          </div>
        )}
        {mode.kind === 'terminal' && mode.terminals.length > 0 && (
          <div class="flight-field flight-terminal">
            <label for="flight-terminal">{t('sidepanelFlightTerminal')}</label>
            <select
              id="flight-terminal"
              value={terminal}
              aria-describedby="flight-terminal-hint"
              onChange={(event) => setTerminal(event.currentTarget.value)}
            >
              <option value="">{t('sidepanelFlightTerminalAny')}</option>
              {mode.terminals.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </div>
        )}
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
        {t(mode.kind === 'per-flight' ? 'sidepanelFlightHint' : 'sidepanelFlightHintBoard')}
      </p>
      <p id="flight-departs-hint" class="hint">
        {t('sidepanelFlightDepartsHint')}
      </p>
      {mode.kind === 'gate' && (
        <p id="flight-gate-hint" class="hint">
          {t('sidepanelFlightGateHint')}
        </p>
      )}
      {mode.kind === 'terminal' && mode.terminals.length > 0 && (
        <p id="flight-terminal-hint" class="hint">
          {t('sidepanelFlightTerminalHint')}
        </p>
      )}
      {problem && (
        <p id="flight-error" class="field-error" role="alert">
          {problem.message}
        </p>
      )}
    </form>
  );
}
