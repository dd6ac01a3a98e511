import { isFlightDate, normalizeFlight } from '../airport/flight';
import { isDepartureTime } from '../wait-times/leave-by';
import type { WatchRequest } from './messages';
import type { WatchRule, WatchTarget } from './types';

/**
 * A watch request as the background accepts it, rebuilt field by field from what a page sent:
 * anything else is refused. Pure.
 */

/** The thresholds a watch takes, in minutes. */
export const WATCH_MINUTES = { min: 1, max: 180 } as const;
const NAME_MAX = 200;
const ID_MAX = 200;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown, max: number): value is string => typeof value === 'string' && value.length > 0 && value.length <= max;

function ruleOf(value: unknown): WatchRule | null {
  if (!isRecord(value)) return null;
  if (value.kind === 'leave-earlier') return { kind: 'leave-earlier' };
  if (value.kind !== 'under' && value.kind !== 'over') return null;
  const minutes = value.minutes;
  if (typeof minutes !== 'number' || !Number.isInteger(minutes) || minutes < WATCH_MINUTES.min || minutes > WATCH_MINUTES.max) return null;
  return { kind: value.kind, minutes };
}

function targetOf(value: unknown, iata: string): WatchTarget | null {
  if (!isRecord(value)) return null;
  if (value.kind === 'checkpoint') {
    return isText(value.id, ID_MAX) && isText(value.name, NAME_MAX) ? { kind: 'checkpoint', id: value.id, name: value.name } : null;
  }
  if (value.kind !== 'flight' || !isRecord(value.flight)) return null;
  const { flight } = value;
  const number = typeof flight.flight === 'string' ? normalizeFlight(flight.flight) : null;
  if (!number?.ok || flight.iata !== iata) return null;
  if (typeof flight.date !== 'string' || !isFlightDate(flight.date)) return null;
  if (typeof flight.departs !== 'string' || !isDepartureTime(flight.departs)) return null;
  const baseline = value.baselineMinutes;
  if (baseline !== null && !(typeof baseline === 'number' && Number.isFinite(baseline) && baseline >= 0)) return null;
  const kept = { iata, flight: number.flight, date: flight.date, departs: flight.departs };
  const extra = {
    ...(isText(flight.gate, 20) ? { gate: flight.gate } : {}),
    ...(isText(flight.terminal, 40) ? { terminal: flight.terminal } : {}),
  };
  return { kind: 'flight', flight: { ...kept, ...extra }, baselineMinutes: baseline === null ? null : Math.round(baseline) };
}

/** The request as a watch's fields, or null when any part of it is not what the panel sends. */
export function acceptRequest(value: unknown): WatchRequest | null {
  if (!isRecord(value) || typeof value.iata !== 'string' || !/^[A-Za-z]{3}$/.test(value.iata)) return null;
  const iata = value.iata.toUpperCase();
  const rule = ruleOf(value.rule);
  const target = targetOf(value.target, iata);
  if (!rule || !target) return null;
  // Leaving earlier is about My flight alone.
  if (rule.kind === 'leave-earlier' && target.kind !== 'flight') return null;
  return { iata, target, rule };
}
