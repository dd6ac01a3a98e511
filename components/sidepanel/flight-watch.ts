import type { Checkpoint, Wait } from '@/lib/airport/airport-board';
import { countedMinutes } from '@/lib/airport/board';
import type { MyFlight } from '@/lib/airport/flight';
import type { LeaveByBuffers } from '@/lib/settings/airport';
import { leaveBy } from '@/lib/wait-times/leave-by';

/** What My flight's watch and its usual line need from leave-by as it stands. Pure. */
export interface FlightWatchInput {
  /** When the person would reach security with the wait now. */
  securityAt: number;
  departure: number;
  /** The wait counted now (the longest of the flight's checkpoints), or null without one. */
  current: Wait | null;
  /** Its minutes as leave-by counts them: what "leave earlier" is judged against. */
  baselineMinutes: number | null;
}

export interface Leaving {
  flight: MyFlight & { departs: string };
  checkpoints: readonly Pick<Checkpoint, 'wait'>[];
  measuredAt: string | null;
  stepMinutes: number;
  timeZone: string;
  buffers: LeaveByBuffers;
  now: number;
}

export function flightWatchInput(leaving: Leaving): FlightWatchInput | null {
  const times = leaveBy({
    date: leaving.flight.date,
    departs: leaving.flight.departs,
    timeZone: leaving.timeZone,
    ...leaving.buffers,
    checkpoints: leaving.checkpoints,
    measuredAt: leaving.measuredAt,
    stepMinutes: leaving.stepMinutes,
    now: leaving.now,
  });
  if (!times) return null;
  let current: Wait | null = null;
  for (const { wait } of leaving.checkpoints) if (wait && (!current || countedMinutes(wait) > countedMinutes(current))) current = wait;
  return { securityAt: times.securityBy.at, departure: times.departureAt, current, baselineMinutes: times.waitMinutes };
}
