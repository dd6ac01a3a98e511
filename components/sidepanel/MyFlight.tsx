import type { ComponentChildren } from 'preact';
import { useRef, useState } from 'preact/hooks';
import type { MyFlight as MyFlightData } from '@/lib/airport/flight';
import { t } from '@/lib/i18n';
import { zonedInstant } from '@/lib/airport/zone';
import { airportTimeText } from '@/lib/wait-times/format';
import { FlightForm, type FlightFormMode } from './FlightForm';

export interface MyFlightProps {
  iata: string;
  current: MyFlightData | null;
  now: number;
  locale?: string;
  /** The airport's zone: the departure is on its clock. */
  timeZone: string;
  /** What the form asks besides the flight: Swedavia's API answers per flight, Frankfurt by gate, elsewhere a terminal. */
  mode: FlightFormMode;
  onChoose: (flight: MyFlightData) => void;
  onForget: () => void;
  /** Shown with the form once opened: what "leave by" counts and the person's own times. */
  children?: ComponentChildren;
}

/** "27 Nov": the departure's date at the airport, in the person's language. */
function shortDate(date: string, locale?: string): string {
  const options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', timeZone: 'UTC' };
  try {
    return new Intl.DateTimeFormat(locale, options).format(Date.parse(`${date}T12:00:00Z`));
  } catch {
    return date;
  }
}

/** "My flight: SK1415, 27 Nov · 08:00", or "My flight: add one". */
function summaryText(flight: MyFlightData | null, timeZone: string, locale?: string): string {
  if (!flight) return t('sidepanelMyFlightAdd');
  const date = shortDate(flight.date, locale);
  const departs = flight.departs ? zonedInstant(flight.date, flight.departs, timeZone) : null;
  // `now` = the departure itself: the time alone, the date is already said.
  if (departs === null) return t('sidepanelMyFlightSummary', flight.flight, date);
  return t('sidepanelMyFlightSummaryDeparts', flight.flight, date, airportTimeText(departs, departs, timeZone, locale));
}

/**
 * "My flight" as one line above the board until opened (a disclosure button, so the board is the
 * first thing in a 360 × 565 side panel); opened, the form. Whether it is open is not remembered:
 * the panel opens on the board every time. Choosing or forgetting a flight closes it and puts the
 * focus back on its line.
 */
export function MyFlight({ iata, current, now, locale, timeZone, mode, onChoose, onForget, children }: MyFlightProps) {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  return (
    <div class="my-flight">
      <button
        ref={toggle}
        type="button"
        class="my-flight-toggle"
        aria-expanded={open}
        aria-controls="my-flight-panel"
        onClick={() => setOpen(!open)}
      >
        <span class="my-flight-marker" aria-hidden="true" />
        {summaryText(current, timeZone, locale)}
      </button>
      <div id="my-flight-panel" class="my-flight-panel" hidden={!open}>
        {open && (
          <>
            <FlightForm
              iata={iata}
              current={current}
              now={now}
              timeZone={timeZone}
              mode={mode}
              onChoose={(flight) => {
                onChoose(flight);
                close();
              }}
              onForget={() => {
                onForget();
                close();
              }}
            />
            {children}
          </>
        )}
      </div>
    </div>
  );
}
