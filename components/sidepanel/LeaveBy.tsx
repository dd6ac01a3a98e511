import type { MyFlight } from '@/lib/airport/flight';
import { t } from '@/lib/i18n';
import type { LeaveByBuffers } from '@/lib/settings/airport';
import { stockholmClock } from '@/lib/wait-times/format';
import { leaveBy, type LeaveBy as LeaveByTimes } from '@/lib/wait-times/leave-by';
import { LeaveByBuffersFields } from './LeaveByBuffersFields';
import type { FlightBoard } from './useFlightBoard';

export interface LeaveByProps {
  /** My flight, with its departure time (`departs`). */
  flight: MyFlight & { departs: string };
  /** The flight's checkpoints as last refreshed with the board: the times move with them, at no extra call. */
  board: Pick<FlightBoard, 'queues' | 'measuredAt'>;
  buffers: LeaveByBuffers;
  now: number;
  locale?: string;
  /** The browser's time zone, only to pin it in tests. */
  localZone?: string;
  /** Also what it counted and the person's own times; false where ./MyFlight.tsx shows those once opened (`LeaveByBasis`). */
  basis?: boolean;
}

const minutes = (value: number) => t('airportSpanMinutes', value);

/** What the times rest on: the wait counted (and why, for an overflowing queue) and the person's own times. */
function basisText(times: LeaveByTimes, buffers: LeaveByBuffers): string {
  const toAirport = minutes(buffers.toAirportMinutes);
  const toGate = minutes(buffers.toGateMinutes);
  if (times.waitMinutes === null) return t('sidepanelLeaveByBasisNoQueues', toAirport, toGate);
  return t(
    times.overflowCounted ? 'sidepanelLeaveByBasisOverflow' : 'sidepanelLeaveByBasis',
    minutes(times.waitMinutes),
    toAirport,
    toGate,
  );
}

/**
 * "Be at security by 07:10 · leave by 06:25 (Stockholm time)" beside My flight (lib/wait-times/leave-by.ts),
 * marked once, at its end, when the browser's clock differs (lib/wait-times/format.ts).
 * Only the times and a time gone by are a live region: they change when a refresh moves the queue
 * or a time passes, not with the clock's every tick, so a screen reader hears real changes only.
 */
export function LeaveBy({ flight, board, buffers, now, locale, localZone, basis = true }: LeaveByProps) {
  const times = timesOf({ flight, board, buffers, now, locale });
  if (!times) return null;
  // leave-by.ts words the times on Stockholm's clock (with the day when it is not the departure's); the mark is the panel's one.
  const marked = (moment: LeaveByTimes['leaveBy']) =>
    stockholmClock(moment.at, now, locale, localZone).otherZone ? t('airportTimeStockholm', moment.text) : moment.text;
  const past = times.securityBy.past
    ? t('sidepanelLeaveBySecurityPast', marked(times.securityBy))
    : times.leaveBy.past
      ? t('sidepanelLeaveByLeavePast', marked(times.leaveBy))
      : null;
  return (
    <section class="leave-by" aria-label={t('sidepanelLeaveBySection', flight.flight)}>
      <div aria-live="polite">
        <p class="leave-by-times">{t('sidepanelLeaveByTimes', times.securityBy.text, marked(times.leaveBy))}</p>
        {past && <p class="leave-by-past">{past}</p>}
      </div>
      {times.stale && <p class="leave-by-stale">{t('sidepanelLeaveByStale')}</p>}
      {basis && <BasisAndBuffers times={times} buffers={buffers} />}
    </section>
  );
}

/** What "leave by" counted and the person's own times, where My flight is opened (./MyFlight.tsx). */
export function LeaveByBasis({ flight, board, buffers, now, locale }: Omit<LeaveByProps, 'basis' | 'localZone'>) {
  const times = timesOf({ flight, board, buffers, now, locale });
  return times && <BasisAndBuffers times={times} buffers={buffers} />;
}

function BasisAndBuffers({ times, buffers }: { times: LeaveByTimes; buffers: LeaveByBuffers }) {
  return (
    <>
      <p class="leave-by-basis">{basisText(times, buffers)}</p>
      <LeaveByBuffersFields buffers={buffers} />
    </>
  );
}

function timesOf({ flight, board, buffers, now, locale }: Pick<LeaveByProps, 'flight' | 'board' | 'buffers' | 'now' | 'locale'>) {
  return leaveBy({
    date: flight.date,
    departs: flight.departs,
    ...buffers,
    queues: board.queues,
    measuredAt: board.measuredAt,
    now,
    locale,
  });
}
