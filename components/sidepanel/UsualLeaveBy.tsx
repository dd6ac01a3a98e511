import type { Checkpoint } from '@/lib/airport/airport-board';
import { countedMinutes } from '@/lib/airport/board';
import type { MyFlight } from '@/lib/airport/flight';
import { t } from '@/lib/i18n';
import type { UsualAt } from '@/lib/readings/usual-at';
import type { Usual } from '@/lib/readings/usual';
import { basisText, stepTime, weekdayName } from '@/lib/readings/words';
import type { LeaveByBuffers } from '@/lib/settings/airport';
import { airportTimeText, waitText } from '@/lib/wait-times/format';
import { leaveBy } from '@/lib/wait-times/leave-by';

export interface UsualLeaveByProps {
  flight: MyFlight & { departs: string };
  /** The checkpoints leave-by counts: each needs a usual wait, or nothing is said. */
  checkpoints: readonly Pick<Checkpoint, 'id'>[];
  usual: UsualAt | null;
  buffers: LeaveByBuffers;
  timeZone: string;
  now: number;
  locale?: string;
}

/**
 * "Usually you would leave by 06:40": leave-by with the usual wait at the quarter hour the person
 * would reach security, the longest of the flight's checkpoints as the live one counts. Said only
 * when every one of them has a usual wait (three readings or more), with how many it rests on.
 */
export function UsualLeaveBy({ flight, checkpoints, usual, buffers, timeZone, now, locale }: UsualLeaveByProps) {
  if (!usual || checkpoints.length === 0) return null;
  const found = checkpoints.map((checkpoint) => usual.byCheckpoint.get(checkpoint.id));
  if (found.some((entry) => entry === undefined)) return null;
  const longest = (found as Usual[]).reduce((best, entry) => (countedMinutes(entry.wait) > countedMinutes(best.wait) ? entry : best));
  const times = leaveBy({
    date: flight.date,
    departs: flight.departs,
    timeZone,
    ...buffers,
    checkpoints: [longest],
    measuredAt: null,
    stepMinutes: 15,
    now,
    locale,
  });
  if (!times) return null;
  const leave = airportTimeText(times.leaveBy.at, now, timeZone, locale);
  return (
    <p class="leave-by-usual">
      {t(
        'sidepanelLeaveByUsual',
        leave,
        waitText(longest.wait),
        weekdayName(usual.slot.weekday, locale),
        stepTime(usual.slot.step, locale),
        basisText(longest),
      )}
    </p>
  );
}
