import type { RefObject } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Checkpoint } from '@/lib/airport/airport-board';
import type { MyFlight } from '@/lib/airport/flight';
import { checkpointOfQueue } from '@/lib/airport/sources/swedavia-board';
import type { AirportError } from '@/lib/airport/types';
import { callAirport } from '@/lib/wait-times/airport-call';

/** The checkpoints that serve one departure ("My flight", Swedavia's API), or why there are none. */
export interface FlightBoard {
  flight: MyFlight;
  checkpoints: Checkpoint[];
  measuredAt: string | null;
  /** Set when the last flight request failed (e.g. `flight-not-found`); the queues are then empty. */
  error: AirportError | null;
}

/**
 * A flight asked for on its own this recently is not asked again by a board refresh: when a
 * remembered flight and a due board start together on opening, that is one refresh, one call.
 */
const FLIGHT_REASK_MS = 3_000;

/**
 * "My flight" on the airport shown, where Swedavia's API answers per flight (`perFlight`; elsewhere
 * the panel finds the flight's checkpoints on the board itself): asked for on its own when it is
 * chosen, changed or remembered from before, and then with every board refresh (`load(…, true)`,
 * one counted call each). Answers for another airport (by `epochRef`, owned by ./useWaitBoard) or
 * another flight are dropped.
 */
export function useFlightBoard(
  iata: string | null,
  flight: MyFlight | null,
  iataRef: RefObject<string | null>,
  epochRef: RefObject<number>,
  settled = true,
  perFlight = true,
) {
  const [flightBoard, setFlightBoard] = useState<FlightBoard | null>(null);
  // The flight of the airport shown, if any; read by each refresh.
  const flightRef = useRef<MyFlight | null>(null);
  const flightAskedRef = useRef<{ key: string; at: number } | null>(null);
  flightRef.current = perFlight && flight && flight.iata === iata ? flight : null;
  const flightKey = flightRef.current ? `${flightRef.current.iata} ${flightRef.current.flight} ${flightRef.current.date}` : '';

  /** One request for "My flight", counted like the others; its answer is dropped when the airport or flight changed meanwhile. */
  async function load(code: string, current: () => boolean, withBoard = false): Promise<void> {
    const mine = flightRef.current;
    if (!mine || mine.iata !== code) {
      setFlightBoard(null);
      return;
    }
    // A board refresh right after the flight was asked for on its own (a new or remembered flight)
    // does not ask again: one call per refresh.
    const key = `${mine.iata} ${mine.flight} ${mine.date}`;
    const last = flightAskedRef.current;
    if (withBoard && last?.key === key && Date.now() - last.at < FLIGHT_REASK_MS) return;
    flightAskedRef.current = { key, at: Date.now() };
    // The airport or the flight changed meanwhile: nothing to spend a request on.
    const wanted = () => current() && flightRef.current === mine;
    const result = await callAirport({ what: 'flight', iata: code, flight: mine.flight, date: mine.date }, { stillWanted: wanted });
    if (!wanted()) return;
    if (result.ok) {
      const { queues, measuredAt } = result.value.value;
      setFlightBoard({ flight: mine, checkpoints: queues.map(checkpointOfQueue), measuredAt, error: null });
    }
    // Without settings or access the board says so; the flight only shows what the API answered.
    else if (result.error.kind === 'airport')
      setFlightBoard({ flight: mine, checkpoints: [], measuredAt: null, error: result.error.error });
  }

  // A flight chosen, changed or remembered from before: ask for it now, without waiting for the
  // board's next refresh (the board itself is not asked again: quota). Runs after the first paint.
  // biome-ignore lint/correctness/useExhaustiveDependencies: asks when the flight, the airport (`iata`, the trigger; the code is read through `iataRef`, which ./useWaitBoard keeps) or `settled` changes; `load` is a new function each render that works through refs
  useEffect(() => {
    const code = iataRef.current;
    // Drawn from the paint snapshot: the read may yet say the flight or the settings are gone.
    if (!settled) return;
    if (!flightKey || !code) {
      setFlightBoard(null);
      return;
    }
    const epoch = epochRef.current;
    const current = () => epoch === epochRef.current;
    void load(code, current);
  }, [flightKey, iata, settled]);

  return { board: flightBoard, load, clear: () => setFlightBoard(null) };
}
