import { airportLocalTime } from '../airport/zone';

/**
 * Where a moment falls on an airport's own week: its weekday and quarter hour, read on the
 * airport's clock (lib/airport/zone.ts), so a Tuesday 07:15 in Copenhagen is one whatever the
 * browser's zone, summer or winter. Readings are kept and compared by it.
 */

export const STEP_MINUTES = 15;
export const STEPS_PER_DAY = (24 * 60) / STEP_MINUTES;

export interface Slot {
  /** 0 Sunday … 6 Saturday. */
  weekday: number;
  /** 0 (00:00–00:14) … 95 (23:45–23:59). */
  step: number;
}

export interface DatedSlot extends Slot {
  /** `YYYY-MM-DD` on the airport's clock. */
  date: string;
}

export function slotAt(at: number, timeZone: string): DatedSlot {
  const { date, weekday, minuteOfDay } = airportLocalTime(at, timeZone);
  return { date, weekday, step: Math.floor(minuteOfDay / STEP_MINUTES) };
}

/** The slot `by` steps away (−1 the quarter hour before), across midnight into the neighbouring weekday. */
export function shiftSlot({ weekday, step }: Slot, by: number): Slot {
  const total = (((weekday * STEPS_PER_DAY + step + by) % (7 * STEPS_PER_DAY)) + 7 * STEPS_PER_DAY) % (7 * STEPS_PER_DAY);
  return { weekday: Math.floor(total / STEPS_PER_DAY), step: total % STEPS_PER_DAY };
}

/** The slot and its two neighbours: what "usual at this hour" looks at (Tuesday 00:00 reaches back to Monday 23:45). */
export function slotWindow(slot: Slot): Slot[] {
  return [shiftSlot(slot, -1), { weekday: slot.weekday, step: slot.step }, shiftSlot(slot, 1)];
}

/** Minutes since midnight at which a step starts: 29 → 435 (07:15). */
export const stepStartMinute = (step: number): number => step * STEP_MINUTES;
