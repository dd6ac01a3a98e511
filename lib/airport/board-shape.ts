import type { AirportBoard, Checkpoint, GateSpan, SourceId, Wait } from './airport-board';

/**
 * Whether a stored value is a board this version wrote (the saved boards, the paint snapshot):
 * anything else (an older shape, a hand-edited value) is not drawn.
 */

type Shape = Record<string, unknown>;
const isObject = (value: unknown): value is Shape => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;
const SOURCES: readonly SourceId[] = ['swedavia-api', 'swedavia-web', 'cph', 'osl', 'ams', 'fra', 'muc', 'dus', 'dub', 'edi'];

function isWait(value: unknown): value is Wait {
  if (!isObject(value)) return false;
  switch (value.kind) {
    case 'minutes':
    case 'under':
    case 'at-most':
      return isCount(value.minutes);
    case 'at-least':
      return isCount(value.minutes) && (value.overflow === undefined || typeof value.overflow === 'boolean');
    case 'range':
      return isCount(value.from) && isCount(value.to) && value.from <= value.to;
    default:
      return false;
  }
}

const isGateSpan = (value: unknown): value is GateSpan =>
  isObject(value) && isString(value.prefix) && isCount(value.from) && isCount(value.to);

function isCheckpoint(value: unknown): value is Checkpoint {
  if (!isObject(value)) return false;
  const { position } = value;
  return (
    isString(value.id) &&
    isString(value.name) &&
    (value.terminal === null || isString(value.terminal)) &&
    typeof value.fastTrack === 'boolean' &&
    (value.wait === null || isWait(value.wait)) &&
    (value.said === undefined || isString(value.said)) &&
    (value.measuredAt === null || isString(value.measuredAt)) &&
    (value.gates === undefined || (Array.isArray(value.gates) && value.gates.every(isGateSpan))) &&
    (position === undefined || (isObject(position) && typeof position.latitude === 'number' && typeof position.longitude === 'number'))
  );
}

export function isAirportBoard(value: unknown): value is AirportBoard {
  return (
    isObject(value) &&
    SOURCES.includes(value.source as SourceId) &&
    isString(value.iata) &&
    value.iata !== '' &&
    isString(value.timeZone) &&
    Array.isArray(value.checkpoints) &&
    value.checkpoints.every(isCheckpoint) &&
    (value.measuredAt === null || isString(value.measuredAt)) &&
    (value.activeStations === null || isCount(value.activeStations))
  );
}
