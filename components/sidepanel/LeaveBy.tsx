import type { Checkpoint } from '@/lib/airport/airport-board';
import type { MyFlight } from '@/lib/airport/flight';
import { t } from '@/lib/i18n';
import type { LeaveByBuffers } from '@/lib/settings/airport';
import { serverText } from '@/lib/short-text';
import type { FlightBasis } from '@/lib/wait-times/flight-checkpoints';
import { airportClock } from '@/lib/wait-times/format';
import { leaveBy, type LeaveBy as LeaveByTimes } from '@/lib/wait-times/leave-by';
import { zoneName } from '@/lib/wait-times/airport-names';
import { LeaveByBuffersFields } from './LeaveByBuffersFields';

/** Which checkpoints were counted: Swedavia's answer for the flight, or what the panel found on the board. */
export type LeaveByBasisKind = { kind: 'per-flight' } | FlightBasis;

export interface LeaveByProps {
  /** My flight, with its departure time (`departs`). */
  flight: MyFlight & { departs: string };
  /** The checkpoints counted, as last refreshed with the board: the times move with them, at no extra call. */
  checkpoints: readonly Pick<Checkpoint, 'wait'>[];
  /** When their figures are from (ISO 8601 UTC), and the source's step (older than two: out of date). */
  measuredAt: string | null;
  stepMinutes: number;
  /** The airport's zone: every time here is on its clock. */
  timeZone: string;
  basis: LeaveByBasisKind;
  buffers: LeaveByBuffers;
  now: number;
  locale?: string;
  /** The browser's time zone, only to pin it in tests. */
  localZone?: string;
  /** Also what it counted and the person's own times; false where ./MyFlight.tsx shows those once opened (`LeaveByBasis`). */
  showBasis?: boolean;
}

const minutes = (value: number) => t('airportSpanMinutes', value);

/** Where the counted wait is, in words; null for Swedavia's per-flight answer, whose message says it. */
function whereText(basis: LeaveByBasisKind): string | null {
  switch (basis.kind) {
    case 'per-flight':
      return null;
    case 'gate':
      return t('sidepanelLeaveByWhereGate', basis.gate);
    case 'gate-unlisted':
      return t('sidepanelLeaveByWhereNoGate', serverText(basis.gate));
    case 'terminal':
      return t('sidepanelLeaveByWhereTerminal', serverText(basis.terminal));
    case 'airport':
      return t('sidepanelLeaveByWhereAirport');
  }
}

/** What the times rest on: the wait counted, where, and how (an overflowing queue, an interval's top), and the person's own times. */
function basisText(times: LeaveByTimes, basis: LeaveByBasisKind, buffers: LeaveByBuffers): string {
  const toAirport = minutes(buffers.toAirportMinutes);
  const toGate = minutes(buffers.toGateMinutes);
  if (times.waitMinutes === null) return t('sidepanelLeaveByBasisNoQueues', toAirport, toGate);
  const wait = minutes(times.waitMinutes);
  const where = whereText(basis);
  const counted =
    where !== null
      ? t('sidepanelLeaveByBasisWhere', wait, where, toAirport, toGate)
      : t(times.overflowCounted ? 'sidepanelLeaveByBasisOverflow' : 'sidepanelLeaveByBasis', wait, toAirport, toGate);
  return times.topCounted ? `${counted} ${t('sidepanelLeaveByTopCounted')}` : counted;
}

/**
 * "Be at security by 07:10 · leave by 06:25 (Copenhagen time)" beside My flight
 * (lib/wait-times/leave-by.ts), marked once, at its end, when the browser's clock differs from the
 * airport's. Only the times and a time gone by are a live region: they change when a refresh moves
 * the queue or a time passes, not with the clock's every tick, so a screen reader hears real changes only.
 */
export function LeaveBy(props: LeaveByProps) {
  const { flight, buffers, now, locale, localZone, timeZone, basis, showBasis = true } = props;
  const times = timesOf(props);
  if (!times) return null;
  // leave-by.ts words the times on the airport's clock (with the day when it is not the departure's); the mark is the panel's one.
  const marked = (moment: LeaveByTimes['leaveBy']) =>
    airportClock(moment.at, now, timeZone, locale, localZone).otherZone ? t('airportTimeIn', moment.text, zoneName(timeZone)) : moment.text;
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
      {showBasis && <BasisAndBuffers times={times} basis={basis} buffers={buffers} />}
    </section>
  );
}

/** What "leave by" counted and the person's own times, where My flight is opened (./MyFlight.tsx). */
export function LeaveByBasis(props: Omit<LeaveByProps, 'showBasis' | 'localZone'>) {
  const times = timesOf(props);
  return times && <BasisAndBuffers times={times} basis={props.basis} buffers={props.buffers} />;
}

function BasisAndBuffers({ times, basis, buffers }: { times: LeaveByTimes; basis: LeaveByBasisKind; buffers: LeaveByBuffers }) {
  return (
    <>
      <p class="leave-by-basis">{basisText(times, basis, buffers)}</p>
      <LeaveByBuffersFields buffers={buffers} />
    </>
  );
}

function timesOf({
  flight,
  checkpoints,
  measuredAt,
  stepMinutes,
  timeZone,
  buffers,
  now,
  locale,
}: Omit<LeaveByProps, 'showBasis' | 'basis'>) {
  return leaveBy({
    date: flight.date,
    departs: flight.departs,
    timeZone,
    ...buffers,
    checkpoints,
    measuredAt,
    stepMinutes,
    now,
    locale,
  });
}
