import type { AirportBoard, Checkpoint, Wait } from '../airport-board';
import type { Queue, WaitTimes } from '../types';
import { airportTimeZone } from './catalog';

/**
 * Swedavia's API queues as checkpoints of the board, each with its position. Apart from the
 * client, so that a board saved in the older shape is read without it (../../wait-times/cache.ts).
 */

/**
 * Swedavia shows no figure above 45 minutes (docs/airport-api.md#wait-values): from there on the
 * board says "45+ min", whatever the API sent.
 */
export const SWEDAVIA_CAP_MINUTES = 45;

/**
 * A queue's wait: its minutes; 45 and more as at least 45; an overflowing queue (the queue
 * reaches past the measured area, docs/airport-api.md#overflow) as at least its minutes.
 */
export function waitOfQueue({ minutes, overflow }: Pick<Queue, 'minutes' | 'overflow'>): Wait {
  const value = Math.max(0, Math.round(minutes));
  if (value >= SWEDAVIA_CAP_MINUTES)
    return overflow ? { kind: 'at-least', minutes: SWEDAVIA_CAP_MINUTES, overflow } : { kind: 'at-least', minutes: SWEDAVIA_CAP_MINUTES };
  return overflow ? { kind: 'at-least', minutes: value, overflow: true } : { kind: 'minutes', minutes: value };
}

export function checkpointOfQueue(queue: Queue): Checkpoint {
  return {
    id: String(queue.id),
    name: queue.name,
    terminal: queue.terminal,
    fastTrack: queue.isFastTrack,
    wait: waitOfQueue(queue),
    measuredAt: queue.measuredAt,
    position: { latitude: queue.latitude, longitude: queue.longitude },
  };
}

export function boardOfWaitTimes(iata: string, answer: Pick<WaitTimes, 'queues' | 'measuredAt' | 'activeStations'>): AirportBoard {
  return {
    source: 'swedavia-api',
    iata: iata.toUpperCase(),
    timeZone: airportTimeZone(iata),
    checkpoints: answer.queues.map(checkpointOfQueue),
    measuredAt: answer.measuredAt,
    activeStations: answer.activeStations,
  };
}
